import { MAX_DB_ID } from '@cutroom/domain';

/**
 * A card id from an address: plain digits, or the dashboard's encoded form (URI- or base64-encoded
 * digits, spec 001 §2 "decoded and redirected"); null when it isn't one.
 */
export function decodeCardId(raw: string | null | undefined): number | null {
  if (!raw) return null;
  let text = raw.trim();
  try {
    text = decodeURIComponent(text);
  } catch {
    return null;
  }
  if (!/^\d+$/.test(text)) {
    try {
      text = atob(text).trim();
    } catch {
      return null;
    }
  }
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 && id <= MAX_DB_ID ? id : null;
}
