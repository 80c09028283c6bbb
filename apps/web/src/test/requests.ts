import { vi } from 'vitest';

const urlOf = (input: RequestInfo | URL) =>
  new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');

/** The query strings sent to one path, oldest first. */
export const queriesTo = (path: string) =>
  vi
    .mocked(fetch)
    .mock.calls.map(([input]) => urlOf(input))
    .filter((url) => url.pathname === path)
    .map((url) => Object.fromEntries(url.searchParams));

/** What the page handed the browser to download: the file name and the text. */
export function captureDownloads() {
  const files: { name: string; text: Promise<string> }[] = [];
  let lastBlob: Blob | undefined;
  if (!URL.createObjectURL) URL.createObjectURL = () => '';
  if (!URL.revokeObjectURL) URL.revokeObjectURL = () => {};
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    lastBlob = blob as Blob;
    return 'blob:test';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (lastBlob) files.push({ name: this.download, text: lastBlob.text() });
  });
  return files;
}
