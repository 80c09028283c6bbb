import { z } from 'zod';
import { EMAIL_MAX, MAX_DB_ID, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, URL_MAX } from '../constants.js';
import { isHttpUrl } from '../links.js';
import { MSG, fill } from '../messages.js';
import { OWN_FILE_PATTERN, isEmail, isTimeZone } from '../validation.js';

/**
 * The spec's email rule (word characters with dots or hyphens, @, domain, short ending), widened to
 * '+' tags and longer endings so real addresses pass; written without nested quantifiers (no ReDoS).
 */
export const emailField = z
  .string({ error: fill(MSG.fieldRequired, { label: 'Email' }) })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, { error: MSG.emailTooLong })
  .refine(isEmail, { error: MSG.invalidEmail });

export const nameField = (label: string) =>
  z
    .string({ error: fill(MSG.fieldRequired, { label }) })
    .trim()
    .min(1, { error: fill(MSG.fieldRequired, { label }) })
    .max(NAME_MAX, { error: fill(MSG.fieldTooLong, { label, max: String(NAME_MAX) }) });

export const passwordField = z
  .string({ error: fill(MSG.fieldRequired, { label: 'Password' }) })
  .min(PASSWORD_MIN, { error: fill(MSG.passwordTooShort, { min: String(PASSWORD_MIN) }) })
  .max(PASSWORD_MAX, { error: fill(MSG.fieldTooLong, { label: 'Password', max: String(PASSWORD_MAX) }) });

/**
 * A field the spec's clients send as '' when they mean none (a link not changed, no view_as, no since):
 * read as left out, so the schema's optional or default applies. `absent` widens what means none.
 */
export const emptyAsAbsent = <T extends z.ZodType>(schema: T, absent: readonly unknown[] = ['']) =>
  z.preprocess((v) => (absent.includes(v) ? undefined : v), schema);

/** A query parameter a select sends empty when nothing is chosen ('', 'all', 'null'): read as left out. */
export const optionalParam = <T extends z.ZodType>(schema: T) => emptyAsAbsent(schema, ['', 'all', 'null']);

/** A body a call may leave out or send as null: read as {}, so the object's own defaults apply. */
export const optionalBody = <T extends z.ZodObject>(schema: T) =>
  schema.nullish().transform((v): z.output<T> => v ?? schema.parse({}));

/** A calendar day (YYYY-MM-DD) or a full ISO timestamp, with or without an offset; callers say which day a timestamp is. */
export const dayOrTimestamp = z.union([z.iso.date(), z.iso.datetime({ offset: true, local: true })], {
  error: MSG.dateInvalid,
});

export const urlField = z.string().trim().max(URL_MAX).refine(isHttpUrl, { error: MSG.linkInvalid });

/** A file in the portal's own storage, as POST /api/media answers it: /files/media/<owner>/<name>. */
/** A link to an uploaded file: the portal's own /files/ path, or any http(s) URL. */
export const mediaUrlField = urlField.or(z.string().regex(OWN_FILE_PATTERN, { error: MSG.uploadFileAgain }));

/** Validates an IANA zone name with the runtime's own list; zones once accepted are remembered (a check builds a formatter). */
export const timeZoneField = z
  .string()
  .trim()
  .max(64)
  .refine((v) => v === '' || isTimeZone(v), { error: MSG.unknownTimeZone });

/** A database id: a positive 32-bit integer, so no id ever overflows a column. */
export const dbId = z.number().int().positive().max(MAX_DB_ID);
/** A database id from a path or a query string. */
export const dbIdText = z.coerce.number().int().positive().max(MAX_DB_ID);
export const idParam = z.object({ id: dbIdText });
