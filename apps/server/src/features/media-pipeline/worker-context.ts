import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { EventBus } from '../../platform/events.js';
import type { Storage } from '../../platform/storage.js';
import { mediaTools, toolVersion } from './ffmpeg.js';
import type { MediaWorkerContext } from './media-jobs.js';

/** A claim lasts a minute; the worker renews it every 20 s, so a dead worker's job is back within a minute. */
const LEASE_MS = 60_000;

/** What a media worker needs, from the process's config; logs which ffmpeg and ffprobe it runs. */
export async function mediaWorkerContext(
  deps: { db: Db; storage: Storage; events: EventBus; config: Config; log: FastifyBaseLogger },
  leaseMs = LEASE_MS,
): Promise<MediaWorkerContext> {
  const tools = mediaTools({ ffmpeg: deps.config.media.ffmpegPath, ffprobe: deps.config.media.ffprobePath });
  const [ffmpeg, ffprobe] = await Promise.all([toolVersion(tools.ffmpeg), toolVersion(tools.ffprobe)]);
  deps.log.info({ ffmpeg: tools.ffmpeg, ffprobe: tools.ffprobe }, `media pipeline: ${ffmpeg}; ${ffprobe}`);
  return {
    db: deps.db,
    storage: deps.storage,
    events: deps.events,
    tools,
    timeoutMs: deps.config.media.timeoutMs,
    leaseMs,
    log: deps.log,
  };
}
