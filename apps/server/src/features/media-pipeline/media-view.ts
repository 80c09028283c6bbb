import { fill, MEDIA_FAILURE, mediaFilePath } from '@cutroom/domain';
import type { MediaView } from '@cutroom/domain/schemas';
import type { mediaAssets } from '../../db/schema.js';

type AssetRow = typeof mediaAssets.$inferSelect;

const basename = (key: string) => key.slice(key.lastIndexOf('/') + 1);

/** An asset as GET /api/card/{id} shows it under each video; guests get their own file paths. */
export function toMediaView(row: AssetRow, guest = false): MediaView {
  const url = (key: string) => mediaFilePath(row.id, basename(key), guest);
  const p = row.probe;
  const o = row.status === 'ready' ? row.outputs : null;
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
