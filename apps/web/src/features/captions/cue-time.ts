/** '1:02.5', '62.5' or '1:01:02.250' → seconds; null when it doesn't read as a time. */
export function parseCueTime(text: string): number | null {
  const m = /^\s*(?:(?:(\d+):)?(\d{1,2}):)?(\d+(?:[.,]\d{1,3})?)\s*$/.exec(text);
  if (!m) return null;
  const [, h = '0', min = '0', sec = '0'] = m;
  const seconds = Number(h) * 3600 + Number(min) * 60 + Number(sec.replace(',', '.'));
  return Number.isFinite(seconds) ? Math.round(seconds * 1000) / 1000 : null;
}
