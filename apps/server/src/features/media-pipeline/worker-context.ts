import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { EventBus } from '../../platform/events.js';
import type { Storage } from '../../platform/storage.js';
import { MIN_SYSTEM_MAJOR, describeMediaTools, mediaTools } from './media-tools.js';
import { linkImportSettings } from './link-job.js';
import type { MediaWorkerContext, TranscribeSettings } from './media-jobs.js';

/** Transcription's part of the AI settings, when AI_BASE_URL is set. */
export const transcribeSettings = (config: Config): TranscribeSettings | undefined =>
  config.ai && {
    baseUrl: config.ai.baseUrl,
    apiKey: config.ai.apiKey,
    model: config.ai.transcribeModel,
    partBytes: config.ai.transcribePartBytes,
  };

/** What a media worker needs, from the process's config; logs which ffmpeg and ffprobe it runs, and whence. */
export async function mediaWorkerContext(deps: {
  db: Db;
  storage: Storage;
  events: EventBus;
  config: Config;
  log: FastifyBaseLogger;
}): Promise<MediaWorkerContext> {
  const tools = mediaTools({ ffmpeg: deps.config.media.ffmpegPath, ffprobe: deps.config.media.ffprobePath });
  const { ffmpeg, ffprobe } = await describeMediaTools(tools);
  deps.log.info(
    { ffmpeg: { path: tools.ffmpeg, ...ffmpeg }, ffprobe: { path: tools.ffprobe, ...ffprobe } },
    `media pipeline: ${ffmpeg.version} (${ffmpeg.source}); ${ffprobe.version} (${ffprobe.source})`,
  );
  if ((ffmpeg.major ?? 0) < MIN_SYSTEM_MAJOR)
    deps.log.warn(
      `media pipeline: ffmpeg is older than FFmpeg ${MIN_SYSTEM_MAJOR}; put a current build on PATH or set FFMPEG_PATH (docs/media.md)`,
    );
  return {
    db: deps.db,
    storage: deps.storage,
    events: deps.events,
    tools,
    timeoutMs: deps.config.media.timeoutMs,
    memoryMb: deps.config.media.memoryMb,
    // The worker renews its claim every third of the lease (MEDIA_LEASE_S, a minute by default).
    leaseMs: deps.config.media.leaseMs,
    linkImport: linkImportSettings(deps.config),
    transcribe: transcribeSettings(deps.config),
    log: deps.log,
  };
}
