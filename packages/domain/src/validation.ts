import { z } from 'zod';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, URL_MAX } from './constants.js';

/**
 * The spec's email rule (word characters with dots or hyphens, @, domain, short ending), widened to
 * '+' tags and longer endings so real addresses pass; written without nested quantifiers (no ReDoS).
 */
export const EMAIL_PATTERN = /^[\w+]+(?:[.-][\w+]+)*@\w+(?:[.-]\w+)*\.[A-Za-z]{2,24}$/;

export const isEmail = (value: string): boolean => value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, { error: 'Email is too long' })
  .refine(isEmail, { error: 'Please enter a valid email address' });

export const nameField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(NAME_MAX, { error: `${label} must be at most ${NAME_MAX} characters` });

export const passwordField = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, { error: `Password must be at least ${PASSWORD_MIN} characters` })
  .max(PASSWORD_MAX, { error: `Password must be at most ${PASSWORD_MAX} characters` });

export const urlField = z
  .string()
  .trim()
  .max(URL_MAX)
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), {
    error: 'Please enter a valid link starting with http:// or https://',
  });

/** A file in the portal's own storage, as POST /api/media answers it: /files/media/<owner>/<name>. */
export const OWN_FILE_PATTERN = /^\/files\/media\/\d+\/[\w.-]+$/;
/** A link to an uploaded file: the portal's own /files/ path, or any http(s) URL. */
export const mediaUrlField = urlField.or(z.string().regex(OWN_FILE_PATTERN, { error: 'Upload the file again' }));

const knownZones = new Set<string>();
/** Validates an IANA zone name with the runtime's own list; zones once accepted are remembered (a check builds a formatter). */
export const isTimeZone = (zone: string): boolean => {
  if (knownZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    return false;
  }
  if (knownZones.size < 1_000) knownZones.add(zone);
  return true;
};
export const timeZoneField = z
  .string()
  .trim()
  .max(64)
  .refine((v) => v === '' || isTimeZone(v), { error: 'Unknown time zone' });

/** A database id: a positive 32-bit integer, so no id ever overflows a column. */
export const dbId = z.number().int().positive().max(2_147_483_647);
export const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
