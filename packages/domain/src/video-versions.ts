/** A card's deliveries by version, as the card's detail reads them: `{ 'version-0': [videos…], … }`. */
export type VersionMapOf<V extends { created_at: string }> = Record<string, V[]>;

/** The map's key of a delivered version, counted from 0 in delivery order. */
export const versionKey = (version: number) => `version-${version}`;

/** 'version-0', 'version-1', … in delivery order. */
export const versionKeys = (map: Record<string, unknown>): string[] =>
  Object.keys(map).sort((a, b) => Number(a.replace(/\D/g, '')) - Number(b.replace(/\D/g, '')));

/** A version's number as people count them: 'version-0' is the first delivery, 1. */
export const versionNumber = (key: string) => Number(key.replace(/\D/g, '')) + 1;

/** The selector's label for a version: the first delivery is 'versions 1' (spec 001 §2). */
export const versionLabel = (key: string) => `versions ${versionNumber(key)}`;

/**
 * The version a note was made on: a drawing names its version; a comment belongs to the newest version
 * delivered before it was written (the customer reviews the latest delivery).
 */
export function versionOfNote(
  note: { date_added: string; annotation: { version?: string } | null },
  map: VersionMapOf<{ created_at: string }>,
): string | null {
  const keys = versionKeys(map);
  if (note.annotation?.version && keys.includes(note.annotation.version)) return note.annotation.version;
  const written = Date.parse(note.date_added);
  let found: string | null = null;
  for (const key of keys) {
    const delivered = Math.min(...(map[key] ?? []).map((v) => Date.parse(v.created_at)));
    if (delivered <= written) found = key;
  }
  return found;
}
