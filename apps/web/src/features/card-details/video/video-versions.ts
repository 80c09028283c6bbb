import type { CardDetailReply } from '@cutroom/domain/schemas';

export type VideoKind = 'done' | 'repurpose';
export type VersionMap = CardDetailReply['video_versions'];

/** 'version-0', 'version-1', … in delivery order. */
export const versionKeys = (map: VersionMap): string[] =>
  Object.keys(map).sort((a, b) => Number(a.replace(/\D/g, '')) - Number(b.replace(/\D/g, '')));

/** The videos of the newest version ([] before the first delivery). */
export const newestVideos = (map: VersionMap) => {
  const newest = versionKeys(map).at(-1);
  return newest ? (map[newest] ?? []) : [];
};

/** The selector's label for a version: the first delivery is 'versions 1' (spec 001 §2). */
export const versionLabel = (key: string) => `versions ${Number(key.replace(/\D/g, '')) + 1}`;

export interface Selection {
  kind: VideoKind;
  version: string | null;
  number: number;
}

/** The selection made valid for what the card holds now: an unknown version falls back to the newest. */
export function resolveSelection(
  card: Pick<CardDetailReply, 'video_versions' | 'repurpose_video_versions'>,
  wanted: Selection,
) {
  const hasRepurpose = versionKeys(card.repurpose_video_versions).length > 0;
  const kind: VideoKind = wanted.kind === 'repurpose' && hasRepurpose ? 'repurpose' : 'done';
  const map = kind === 'repurpose' ? card.repurpose_video_versions : card.video_versions;
  const keys = versionKeys(map);
  const version = wanted.version && keys.includes(wanted.version) ? wanted.version : (keys.at(-1) ?? null);
  const videos = version ? (map[version] ?? []) : [];
  const number = Math.min(Math.max(1, wanted.number), Math.max(1, videos.length));
  return { kind, keys, version, videos, number, video: videos[number - 1] ?? null, hasRepurpose };
}
export type ResolvedSelection = ReturnType<typeof resolveSelection>;

/**
 * The version a note was made on: a drawing names its version; a comment belongs to the newest version
 * delivered before it was written (the customer reviews the latest delivery).
 */
export function versionOfNote(
  note: { date_added: string; annotation: { version?: string } | null },
  map: VersionMap,
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
