export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface MailBody {
  text: string;
  html: string;
}

interface LinkMail {
  greeting: string;
  lines: readonly string[];
  action: { label: string; url: string };
  outro?: string;
  /** Where the recipient turns these mails off (the own profile's email preferences). */
  preferencesUrl?: string;
}

/** A short mail with one action link: readable HTML and the same words as plain text. */
export function linkMail({ greeting, lines, action, outro, preferencesUrl }: LinkMail): MailBody {
  const footer = preferencesUrl ? `You get this mail because of your email preferences: ${preferencesUrl}` : '';
  const text = [greeting, ...lines, `${action.label}: ${action.url}`, outro, '— Cutroom', footer]
    .filter(Boolean)
    .join('\n\n');
  const p = (s: string) => `<p style="margin:0 0 12px">${escapeHtml(s)}</p>`;
  const html = [
    '<div style="font-family:system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif;font-size:15px;line-height:1.5;color:#1f2330;max-width:560px">',
    p(greeting),
    ...lines.map(p),
    `<p style="margin:16px 0"><a href="${escapeHtml(action.url)}" style="background:#5b4bdb;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>`,
    outro ? p(outro) : '',
    p('— Cutroom'),
    preferencesUrl
      ? `<p style="margin:24px 0 0;font-size:12px;color:#6b7080">You get this mail because of your email preferences. <a href="${escapeHtml(preferencesUrl)}" style="color:#6b7080">Unsubscribe or change them</a>.</p>`
      : '',
    '</div>',
  ].join('');
  return { text, html };
}
