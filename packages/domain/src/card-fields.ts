import { MAX_REPURPOSE_SIZES } from './constants.js';

/** A title typed fully in capitals becomes a capital first letter and lowercase rest (spec 000 §5). */
export function normalizeTitle(title: string): string {
  const trimmed = title.trim().replace(/\s+/g, ' ');
  const hasLetters = /[A-Za-z]/.test(trimmed);
  if (!hasLetters || trimmed !== trimmed.toUpperCase()) return trimmed;
  const lower = trimmed.toLowerCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

/** Link lists travel as arrays and are stored pipe-separated, as the spec's card fields are. */
export const joinLinks = (links: readonly string[] | undefined): string | null => {
  const kept = (links ?? []).map((l) => l.trim()).filter(Boolean);
  return kept.length ? kept.join('|') : null;
};
export const splitLinks = (stored: string | null | undefined): string[] =>
  stored
    ? stored
        .split('|')
        .map((l) => l.trim())
        .filter(Boolean)
    : [];

/** Sync IDs are stored comma-separated. */
export const splitContentIds = (stored: string | null | undefined): string[] =>
  stored
    ? stored
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

export const repurposeSizesValid = (sizes: readonly string[]) =>
  sizes.length >= 1 && sizes.length <= MAX_REPURPOSE_SIZES && new Set(sizes).size === sizes.length;

/** The one card event the page records (spec 001 §7): an open, which also dates what the opener has seen. */
export const CARD_OPEN_EVENT = 'card_open';
