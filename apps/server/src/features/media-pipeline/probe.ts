import { fill, MEDIA_FAILURE } from '@cutroom/domain';
import type { MediaProbe } from '../../db/schema.js';
import { runTool, type RunOptions } from './ffmpeg.js';
import { MediaFailure } from './media-failure.js';
import { MAX_PIXELS, type SourceColour } from './plan.js';

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  nb_frames?: string;
  nb_read_packets?: string;
  duration?: string;
  field_order?: string;
  color_transfer?: string;
  color_primaries?: string;
  color_space?: string;
  channels?: number;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
}
interface ProbeReply {
  streams?: ProbeStream[];
  format?: { duration?: string; format_name?: string };
}

/** What the probe found, with the demuxer that read it (every later run is told to use that one) and its colour. */
export type ProbedVideo = MediaProbe & { format: string | undefined; colour: SourceColour };

const INTERLACED = new Set(['tt', 'bb', 'tb', 'bt']);

/** "30000/1001" → [30000, 1001]; null for "0/0" or anything unusable. */
export function parseRate(rate: string | undefined): [number, number] | null {
  const match = /^(\d+)\/(\d+)$/.exec(rate ?? '');
  if (!match) return null;
  const num = Number(match[1]);
  const den = Number(match[2]);
  return num > 0 && den > 0 && num / den <= 1000 ? [num, den] : null;
}

/** A quarter turn or three swaps width and height; the proxies are made upright. */
function rotationOf(stream: ProbeStream): number {
  const raw =
    stream.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation ?? Number(stream.tags?.rotate ?? 0);
  const turned = (((Math.round(raw / 90) * 90) % 360) + 360) % 360;
  return Number.isFinite(turned) ? turned : 0;
}

/** A colour tag as a filter may be given it: only ffprobe's plain names, '' for none or 'unknown'. */
const tag = (value: string | undefined) =>
  value && /^[a-z0-9-]{1,20}$/.test(value) && value !== 'unknown' ? value : '';

/** ffprobe's complaint, shortened to what a person can act on. */
function damageOf(stderr: string): string | null {
  if (/moov atom not found/i.test(stderr)) return 'its index is missing, as when an export or upload stops early';
  if (/(truncat|end of file|partial file)/i.test(stderr)) return 'it ends early';
  return null;
}

/** What the video is, read by ffprobe (demuxing only: packets are counted, not decoded). */
export async function probeVideo(
  ffprobe: string,
  file: string,
  run: Pick<RunOptions, 'timeoutMs' | 'signal' | 'memoryMb'>,
): Promise<ProbedVideo> {
  const { code, stdout, stderr } = await runTool(
    ffprobe,
    [
      '-v',
      'error',
      '-protocol_whitelist',
      'file',
      '-max_pixels',
      String(MAX_PIXELS),
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      '-count_packets',
      'file:' + file,
    ],
    { ...run, collectStdout: true },
  );
  if (code !== 0) {
    const damage = damageOf(stderr);
    throw new MediaFailure(damage ? fill(MEDIA_FAILURE.damaged, { detail: damage }) : MEDIA_FAILURE.notVideo);
  }
  let reply: ProbeReply;
  try {
    reply = JSON.parse(stdout.toString('utf8')) as ProbeReply;
  } catch {
    throw new MediaFailure(MEDIA_FAILURE.notVideo);
  }
  const streams = reply.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === 'audio');
  const rate = parseRate(video?.avg_frame_rate) ?? parseRate(video?.r_frame_rate);
  if (!video || !video.width || !video.height || !rate) throw new MediaFailure(MEDIA_FAILURE.notVideo);
  const duration = Number(reply.format?.duration ?? video.duration);
  const read = Number(video.nb_read_packets);
  const declared = Number(video.nb_frames);
  if (!(duration > 0) || !(read > 0))
    throw new MediaFailure(fill(MEDIA_FAILURE.damaged, { detail: 'it holds no frames' }));
  // The index promises more frames than the file holds: it was cut short after its index was written.
  if (declared > 0 && read < declared) {
    throw new MediaFailure(fill(MEDIA_FAILURE.damaged, { detail: `it ends after ${read} of its ${declared} frames` }));
  }
  const rotation = rotationOf(video);
  const sideways = rotation % 180 === 90;
  return {
    fpsNum: rate[0],
    fpsDen: rate[1],
    frameCount: read,
    duration,
    width: sideways ? video.height : video.width,
    height: sideways ? video.width : video.height,
    rotation,
    videoCodec: video.codec_name ?? 'unknown',
    audioCodec: audio?.codec_name ?? null,
    audioChannels: audio?.channels ?? 0,
    interlaced: INTERLACED.has(video.field_order ?? ''),
    // "mov,mp4,m4a,3gp,3g2,mj2" names one demuxer by its first name.
    format: reply.format?.format_name?.split(',')[0],
    colour: {
      transfer: tag(video.color_transfer),
      primaries: tag(video.color_primaries),
      matrix: tag(video.color_space),
    },
  };
}
