import { fill, MEDIA_FAILURE, mediaFilePath } from '@cutroom/domain';
import type { MediaView } from '@cutroom/domain/schemas';
import type { MediaOutputs, mediaAssets } from '../db/schema.js';

type AssetRow = typeof mediaAssets.$inferSelect;

/** Where an attempt's outputs go: a folder per attempt, so a late duplicate never overwrites a finished one. */
export const outputPrefix = (assetId: number, attempt?: number) =>
  `derived/${assetId}/${attempt === undefined ? '' : `${attempt}/`}`;

/**
 * The outputs people may use now: a ready asset's, or what a processing job has stored so far (issue 49: the
 * smallest proxy and the poster first), only while they lie in the folder of the attempt that holds the claim.
 */
export function shownOutputs(row: AssetRow): MediaOutputs | null {
  if (row.status === 'ready') return row.outputs;
  if (row.status !== 'processing' || !row.outputs || row.outputs.proxies.length === 0) return null;
  const folder = outputPrefix(row.id, row.attempts);
  const keys = [row.outputs.poster, ...row.outputs.proxies.map((p) => p.key), ...row.outputs.sprites];
  return keys.every((key) => key.startsWith(folder)) && row.outputs.waveform?.startsWith(folder) !== false
    ? row.outputs
    : null;
}

const basename = (key: string) => key.slice(key.lastIndexOf('/') + 1);

/** An asset as GET /api/card/{id} shows it under each video; guests get their own file paths. */
export function toMediaView(row: AssetRow, guest = false): MediaView {
  const url = (key: string) => mediaFilePath(row.id, basename(key), guest);
  const p = row.probe;
  const o = shownOutputs(row);
  return {
    status: row.status,
    progress: row.progress,
    importing: row.sourceUrl !== null && row.importedAt === null && row.status !== 'failed',
    error: row.status === 'failed' ? (row.error ?? fill(MEDIA_FAILURE.failed, { detail: 'unknown error' })) : null,
    fps: p ? Math.round((p.fpsNum / p.fpsDen) * 1000) / 1000 : null,
    fps_rational: p ? `${p.fpsNum}/${p.fpsDen}` : null,
    frame_count: p?.frameCount ?? null,
    duration: p?.duration ?? null,
    width: p?.width ?? null,
    height: p?.height ?? null,
    video_codec: p?.videoCodec ?? null,
    audio_codec: p?.audioCodec ?? null,
    proxies: o ? o.proxies.map((x) => ({ height: x.height, url: url(x.key) })) : [],
    poster_url: o ? url(o.poster) : null,
    sprite_url: o && o.sprites.length > 0 ? mediaFilePath(row.id, 'thumbnails.vtt', guest) : null,
    waveform_url: o?.waveform ? url(o.waveform) : null,
  };
}

/** The review copy of the greatest height in a media view, or null while none is made. */
export const largestProxy = (media: MediaView | null) =>
  media?.proxies.reduce<MediaView['proxies'][number] | null>((a, b) => (a && a.height >= b.height ? a : b), null) ??
  null;
