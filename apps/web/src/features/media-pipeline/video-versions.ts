import { versionKeys } from '@cutroom/domain';
import type { CardDetailReply } from '@cutroom/domain/schemas';

export { versionKeys, versionLabel, versionOfNote } from '@cutroom/domain';

export type VideoKind = 'done' | 'repurpose';
export type VersionMap = CardDetailReply['video_versions'];

/** The videos of the newest version ([] before the first delivery). */
export const newestVideos = (map: VersionMap) => {
  const newest = versionKeys(map).at(-1);
  return newest ? (map[newest] ?? []) : [];
};

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
