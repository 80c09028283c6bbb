/** A file name made of a title: letters, digits and hyphens, never empty. */
export const fileStem = (title: string) =>
  title
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^\w-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'card';

/** The headers that make a reply a download of this type under this name, never cached. */
export const attachmentHeaders = (filename: string, mime: string) => ({
  'content-type': mime,
  'content-disposition': `attachment; filename="${filename.replace(/["\\\r\n]/g, '')}"`,
  'cache-control': 'no-store',
});
