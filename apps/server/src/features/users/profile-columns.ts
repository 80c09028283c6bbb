import { CUSTOMER_DETAIL_KEYS, ytBriefComplete, type CustomerDetailKey, type CustomerDetails } from '@cutroom/domain';
import type { UpdateUserBody } from '@cutroom/domain/schemas';
import type { users } from '../../db/schema.js';

type UserRow = typeof users.$inferSelect;
export type UserUpdate = Partial<typeof users.$inferInsert>;

/** The users column of a detail: the spec's snake_case name in camelCase (checked by profile-columns.test.ts). */
export const detailColumn = (key: CustomerDetailKey) =>
  key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()) as keyof UserRow;

/** A customer's details as replies carry them. */
export function detailsOf(row: UserRow): CustomerDetails {
  return Object.fromEntries(
    CUSTOMER_DETAIL_KEYS.map((k) => [k, (row[detailColumn(k)] as string | null) ?? null]),
  ) as CustomerDetails;
}

/** The columns for the details sent; '' clears one. */
export function detailColumns(body: Partial<Record<CustomerDetailKey, string>>): UserUpdate {
  const set: Record<string, string | null> = {};
  for (const key of CUSTOMER_DETAIL_KEYS) {
    const value = body[key];
    if (value !== undefined) set[detailColumn(key)] = value === '' ? null : value;
  }
  return set;
}

const toBit = (v: boolean | 0 | 1): 0 | 1 => (v === true || v === 1 ? 1 : 0);

/** The stored mail preferences with the keys sent changed; keys left out keep their value. */
export function mergedMailPreferences(current: UserRow, sent: UpdateUserBody['mailPreferences']) {
  const prefs = { ...current.mailPreferences };
  for (const key of ['card_movement', 'card_comment', 'card_comment_tag', 'daily_digest'] as const) {
    const v = sent?.[key];
    if (v !== undefined) prefs[key] = toBit(v);
  }
  return prefs;
}

/** is_yt_fields_filled after an update: true unless the customer has the helper plan and the brief lacks a required field. */
export function ytFieldsFilledAfter(current: UserRow, set: UserUpdate): boolean {
  const after = { ...current, ...set };
  if (after.clientType !== 'customer' || !after.hasYoutubeHelper) return true;
  return ytBriefComplete(detailsOf(after));
}
