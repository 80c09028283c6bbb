import { z } from 'zod';
import { URL_MAX } from '../constants.js';
import { joinLinks, splitLinks } from '../card-fields.js';
import {
  CUSTOMER_DETAIL_FIELDS,
  CUSTOMER_DETAIL_KEYS,
  PROFILE_LINKS_MAX,
  PROFILE_TEXT_MAX,
  type CustomerDetailKey,
  type DetailField,
} from '../customer-profile.js';
import { isHttpUrl } from '../links.js';
import { MSG, fill } from '../messages.js';
import { urlField } from './fields.js';

const textOf = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: fill(MSG.fieldTooLong, { label, max: String(max) }) });

/** One field's schema: '' clears it; links must be http(s) and are kept pipe-separated; a select takes a listed value. */
function detailSchema(field: DetailField) {
  switch (field.kind) {
    case 'select': {
      const values = (field.options ?? []).map((o) => o.value);
      // A value stored before the lists were enforced still reads back; only a new one must be listed.
      return z
        .string()
        .trim()
        .refine((v) => v === '' || values.includes(v), { error: fill(MSG.chooseListedOption, { label: field.label }) });
    }
    case 'url':
      return z.union([z.literal(''), urlField]);
    case 'links':
      return z
        .string()
        .max(PROFILE_LINKS_MAX * (URL_MAX + 1))
        .transform(splitLinks)
        .refine((links) => links.every((l) => l.length <= URL_MAX && isHttpUrl(l)), { error: MSG.linkInvalid })
        .refine((links) => links.length <= PROFILE_LINKS_MAX, {
          error: fill(MSG.linksMax, { n: String(PROFILE_LINKS_MAX) }),
        })
        .transform((links) => joinLinks(links) ?? '');
    case 'color':
      return textOf(field.label, 50);
    case 'text':
      return textOf(field.label, 200);
    case 'textarea':
      return textOf(field.label, PROFILE_TEXT_MAX);
  }
}

/** The details as a request body's optional fields; sent only when changed (spec 002 §5). */
export const customerDetailsShape = Object.fromEntries(
  CUSTOMER_DETAIL_FIELDS.map((f) => [f.key, detailSchema(f).optional()]),
) as unknown as Record<CustomerDetailKey, z.ZodOptional<z.ZodType<string, string>>>;

/** The reply's details: every key, null when never filled. */
export const customerDetailsView = z.object(
  Object.fromEntries(CUSTOMER_DETAIL_KEYS.map((k) => [k, z.string().nullable()])) as Record<
    CustomerDetailKey,
    z.ZodNullable<z.ZodString>
  >,
);
