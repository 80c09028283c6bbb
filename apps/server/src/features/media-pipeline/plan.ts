import { MEDIA_MAX_SIDE, PROXY_HEIGHTS, SCRUB, WAVEFORM } from '@cutroom/domain';
import type { MediaOutputs, MediaProbe } from '../../db/schema.js';

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

export interface Rendition {
  height: number;
  width: number;
  /** The ladder's rung: the short side's cap (1080, 540). */
  rung: number;
}

/**
 * The proxies for a video: one per rung of PROXY_HEIGHTS on its short side (portrait video counts its
 * width), never above the source, and no two alike (a 480p source gets one 480p proxy).
 */
export function proxyLadder(probe: Pick<MediaProbe, 'width' | 'height'>): Rendition[] {
  const landscape = probe.width >= probe.height;
  const short = landscape ? probe.height : probe.width;
  const long = landscape ? probe.width : probe.height;
  const seen = new Set<number>();
  const ladder: Rendition[] = [];
  for (const rung of PROXY_HEIGHTS) {
    const side = even(Math.min(rung, short));
    if (seen.has(side)) continue;
    seen.add(side);
    const other = even((long * side) / short);
    ladder.push({ rung, ...(landscape ? { width: other, height: side } : { width: side, height: other }) });
  }
  return ladder;
}

/**
 * A keyframe every half second, so a seek or a frame step decodes at most half a second of video: a step
 * on a 1080p proxy decodes up to 12 frames instead of 25 (bench:review, issue 35).
 */
export const keyframeInterval = (probe: Pick<MediaProbe, 'fpsNum' | 'fpsDen'>) =>
  Math.max(1, Math.ceil(probe.fpsNum / probe.fpsDen / 2));

/** Peak bit rate per rung (Frame.io keeps HD at or under 4 Mbps; the crf decides below it). */
const maxRate = (r: Pick<Rendition, 'width' | 'height'>) => (Math.min(r.width, r.height) > 720 ? '5M' : '2M');

/** How the source's picture is encoded, as ffprobe names it ('arib-std-b67', 'bt2020', 'bt2020nc'); '' when untagged. */
export interface SourceColour {
  transfer: string;
  primaries: string;
  matrix: string;
}

/** The transfers of HDR video: PQ (HDR10, Dolby Vision's base) and HLG (phones, broadcast). */
const HDR = new Set(['smpte2084', 'arib-std-b67']);

/**
 * The filters that bring a source's picture to BT.709 SDR, as browsers and posters expect: HLG is made for
 * a direct conversion (SDR white at 100 nits keeps its colour), PQ is tone-mapped (mobius: linear up to a
 * knee, so skin and greys hold and only highlights are compressed), BT.2020 SDR is converted. '' for BT.709.
 */
export function toBt709(colour: SourceColour | undefined): string {
  if (!colour) return '';
  const { transfer, primaries, matrix } = colour;
  const wide = primaries === 'bt2020' || matrix === 'bt2020nc' || matrix === 'bt2020c';
  if (!HDR.has(transfer) && !wide) return '';
  const from = [
    `tin=${HDR.has(transfer) || transfer.startsWith('bt2020') ? transfer : 'bt709'}`,
    `pin=${primaries || 'bt2020'}`,
    `min=${matrix || 'bt2020nc'}`,
  ].join(':');
  if (transfer === 'smpte2084')
    return `zscale=${from}:t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,tonemap=mobius:desat=0,zscale=t=bt709:m=bt709:r=tv,`;
  return `zscale=${from}:t=bt709:p=bt709:m=bt709:r=tv:npl=100,`;
}

/** What every picture made of the source goes through before it is scaled: de-interlaced, brought to BT.709. */
const pictureHead = (probe: Pick<MediaProbe, 'interlaced'> & { colour?: SourceColour }) =>
  (probe.interlaced ? 'yadif=mode=send_frame:parity=auto:deint=all,' : '') + toBt709(probe.colour);

/** A still of the source at a rendition's size, its picture made as a proxy's is (the poster, issue 49). */
export const stillFilter = (probe: Pick<MediaProbe, 'interlaced'> & { colour?: SourceColour }, r: Rendition) =>
  `${pictureHead(probe)}scale=${r.width}:${r.height}:flags=bicubic,setsar=1,format=yuv420p`;

/**
 * The first proxy run's share of the transcoding (issue 49: the smallest rendition alone first, then the rest):
 * by the pixels each run encodes, each also paying a decode of the source, guessed at half a largest picture's.
 */
export function firstRunShare(first: Rendition, rest: Rendition[]): number {
  if (rest.length === 0) return 1;
  const area = (r: Rendition) => r.width * r.height;
  const decode = area(rest[0]!) / 2;
  const own = area(first) + decode;
  return own / (own + rest.reduce((sum, r) => sum + area(r), decode));
}

/** The tags of a converted picture, so players don't take BT.709 pixels for BT.2020 ones. */
const BT709_TAGS = ['-color_primaries', 'bt709', '-color_trc', 'bt709', '-colorspace', 'bt709'];

/** The start of every encoding run: quiet, no questions, overwrite, progress as key=value lines on stdout. */
const ENCODE_HEAD = ['-hide_banner', '-nostdin', '-y', '-nostats', '-progress', 'pipe:1'];

/** How a proxy is encoded: H.264 High at the rung's peak rate, a keyframe every `gop` frames, AAC stereo, +faststart. */
const proxyEncoding = (rendition: Pick<Rendition, 'width' | 'height'>, gop: string, bt709Tags: boolean) => [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '22',
  '-profile:v',
  'high',
  '-maxrate',
  maxRate(rendition),
  '-bufsize',
  maxRate(rendition).replace('M', '') + '0M',
  '-g',
  gop,
  '-c:a',
  'aac',
  '-b:a',
  '128k',
  '-ac',
  '2',
  '-ar',
  '48000',
  ...(bt709Tags ? BT709_TAGS : []),
  '-map_metadata',
  '-1',
  '-movflags',
  '+faststart',
];

/**
 * One ffmpeg run that decodes the source once and writes every proxy: H.264 yuv420p + AAC stereo,
 * +faststart, every source frame at its own timestamp (no frame dropped or repeated), de-interlaced
 * frame for frame, turned upright (ffmpeg's autorotate), never upscaled.
 */
export function proxyArgs(
  probe: MediaProbe & { colour?: SourceColour },
  input: string[],
  outputs: { rendition: Rendition; file: string }[],
) {
  const colour = toBt709(probe.colour);
  const head = pictureHead(probe);
  const labels = outputs.map((_, i) => `[s${i}]`).join('');
  const scales = outputs
    .map(({ rendition: r }, i) => `[s${i}]scale=${r.width}:${r.height}:flags=bicubic,setsar=1,format=yuv420p[v${i}]`)
    .join(';');
  const graph = `[0:v:0]${head}split=${outputs.length}${labels};${scales}`;
  const gop = String(keyframeInterval(probe));
  const args = [...ENCODE_HEAD, ...input, '-filter_complex', graph, '-vsync', 'passthrough'];
  outputs.forEach(({ rendition, file }, i) =>
    args.push('-map', `[v${i}]`, '-map', '0:a:0?', ...proxyEncoding(rendition, gop, colour !== ''), 'file:' + file),
  );
  return args;
}

/** The decoders' pixel cap (their max_pixels): no frame larger than the largest picture we take. */
export const MAX_PIXELS = MEDIA_MAX_SIDE * MEDIA_MAX_SIDE;

/** How long the picture lasts, from its counted frames: the container's duration may be the sound's, or a lie. */
export const pictureDuration = (probe: Pick<MediaProbe, 'frameCount' | 'fpsNum' | 'fpsDen' | 'duration'>) =>
  probe.frameCount ? (probe.frameCount * probe.fpsDen) / probe.fpsNum : Math.min(probe.duration, 1);

/** Where the poster frame is taken: a little way in, past a fade from black, for anything but a blink. */
export const posterTime = (duration: number) => (duration < 2 ? 0 : Math.min(duration * 0.1, 3));

/**
 * Scrub thumbnails over the smallest proxy: their size, how far apart (wider than a second past
 * SCRUB.maxThumbs seconds), how many (never more than SCRUB.maxThumbs), how many sprite images.
 */
export function scrubPlan(duration: number, proxy: { width: number; height: number }): MediaOutputs['thumb'] {
  const width = SCRUB.width;
  const height = even((proxy.height * width) / proxy.width);
  const intervalS = Math.max(SCRUB.intervalS, Math.ceil(duration / SCRUB.maxThumbs));
  const count = Math.min(SCRUB.maxThumbs, Math.max(1, Math.ceil(duration / intervalS)));
  return { width, height, intervalS, columns: SCRUB.columns, rows: SCRUB.rows, count };
}

export const spriteCount = (thumb: MediaOutputs['thumb']) => Math.ceil(thumb.count / (thumb.columns * thumb.rows));

const clock = (s: number) => {
  const ms = Math.round(s * 1000);
  const hh = String(Math.floor(ms / 3_600_000)).padStart(2, '0');
  const mm = String(Math.floor(ms / 60_000) % 60).padStart(2, '0');
  const ss = String(Math.floor(ms / 1000) % 60).padStart(2, '0');
  return `${hh}:${mm}:${ss}.${String(ms % 1000).padStart(3, '0')}`;
};

/** The WebVTT thumbnails track: one cue per thumbnail, pointing into its sprite with a media fragment. */
export function thumbnailsVtt(thumb: MediaOutputs['thumb'], duration: number, spriteUrl: (index: number) => string) {
  const perSprite = thumb.columns * thumb.rows;
  const cues = ['WEBVTT', ''];
  for (let i = 0; i < thumb.count; i++) {
    const start = i * thumb.intervalS;
    // The last thumbnail stands for the rest: a short picture under longer sound shows its last frame.
    const end = i === thumb.count - 1 ? duration : Math.min(duration, start + thumb.intervalS);
    const cell = i % perSprite;
    const x = (cell % thumb.columns) * thumb.width;
    const y = Math.floor(cell / thumb.columns) * thumb.height;
    cues.push(`${clock(start)} --> ${clock(Math.max(end, start + 0.001))}`);
    cues.push(`${spriteUrl(Math.floor(i / perSprite))}#xywh=${x},${y},${thumb.width},${thumb.height}`, '');
  }
  return cues.join('\n');
}

/** Samples per second of the mono audio the peaks are read from. */
export const WAVEFORM_RATE = 8000;

/**
 * Peaks of 16-bit mono samples fed in chunks, without holding the audio: the largest absolute sample per
 * bucket, 0–1. The bucket size comes from the probed duration, so a long film keeps WAVEFORM.maxPeaks.
 */
export function peakCounter(duration: number) {
  const buckets = Math.min(WAVEFORM.maxPeaks, Math.max(1, Math.ceil(duration * WAVEFORM.peaksPerSecond)));
  const perPeak = Math.max(1, Math.ceil((duration * WAVEFORM_RATE) / buckets));
  const peaks: number[] = [];
  let current = 0;
  let inBucket = 0;
  let carry: Buffer | null = null;
  return {
    add(chunk: Buffer) {
      const data: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk;
      const whole = data.length - (data.length % 2);
      carry = whole < data.length ? data.subarray(whole) : null;
      for (let o = 0; o < whole; o += 2) {
        current = Math.max(current, Math.abs(data.readInt16LE(o)));
        // Never more buckets than planned, whatever the decoder yields past the duration.
        if (++inBucket === perPeak && peaks.length < buckets) {
          peaks.push(current);
          current = 0;
          inBucket = 0;
        }
      }
    },
    finish() {
      if (inBucket > 0 && peaks.length < buckets) peaks.push(current);
      return {
        sample_rate: WAVEFORM_RATE,
        samples_per_peak: perPeak,
        peaks: peaks.map((p) => Math.round((p / 32768) * 1000) / 1000),
      };
    },
  };
}

/** The poster's ffmpeg arguments: one frame at `at` seconds of `input`, through `filter` (the proxies' conversion). */
export const posterArgs = (input: string[], filter: string, at: number, out: string) => [
  '-hide_banner',
  '-nostdin',
  '-y',
  ...(at > 0 ? ['-ss', String(at)] : []),
  ...input,
  '-vf',
  filter,
  '-frames:v',
  '1',
  '-q:v',
  '3',
  out,
];

/**
 * The scrub sprites' ffmpeg arguments, numbered from 0 by `outPattern`. A picture shorter than one interval
 * gives the fps filter nothing to keep (FFmpeg 7 then fails the run): its first frame stands alone.
 */
export function spriteArgs(input: string[], thumb: MediaOutputs['thumb'], picture: number, outPattern: string) {
  const tiles =
    picture < thumb.intervalS
      ? ['-vf', `scale=${thumb.width}:${thumb.height}`, '-frames:v', '1']
      : [
          '-vf',
          `fps=1/${thumb.intervalS}:round=down,scale=${thumb.width}:${thumb.height},tile=${thumb.columns}x${thumb.rows}`,
          '-frames:v',
          String(spriteCount(thumb)),
        ];
  return ['-hide_banner', '-nostdin', '-y', ...input, ...tiles, '-q:v', '5', '-start_number', '0', outPattern];
}

/** The waveform's ffmpeg arguments: the first audio stream, mono 16-bit PCM at WAVEFORM_RATE, to stdout. */
export const waveformArgs = (input: string[], duration: number) => [
  '-hide_banner',
  '-nostdin',
  ...input,
  '-map',
  '0:a:0',
  '-t',
  String(duration),
  '-ac',
  '1',
  '-ar',
  String(WAVEFORM_RATE),
  '-f',
  's16le',
  'pipe:1',
];

/** The mark's text size: a sixteenth of the short side, smaller when the text would not fit across. */
export const markFontSize = (r: Pick<Rendition, 'width' | 'height'>, text: string) =>
  Math.max(12, Math.floor(Math.min(Math.min(r.width, r.height) / 16, r.width / (text.length * 0.62 + 2))));

/**
 * A guest's watermarked copy (issue 52): the largest proxy (already upright, BT.709, its own size) with the mark
 * drawn twice, half see-through, drifting side to side so no crop or still frame clears both; encoded as a proxy.
 * The text comes from a file and is drawn as it is (no %{} expansion), so a guest's name is never parsed.
 */
export function watermarkArgs(
  probe: Pick<MediaProbe, 'fpsNum' | 'fpsDen'>,
  rendition: Pick<Rendition, 'width' | 'height'>,
  files: { input: string; font: string; text: string; out: string },
  fontSize: number,
) {
  const mark = (y: string, drift: string) =>
    `drawtext=fontfile=${files.font}:textfile=${files.text}:expansion=none:fontsize=${fontSize}` +
    `:fontcolor=white@0.5:borderw=${Math.max(1, Math.round(fontSize / 18))}:bordercolor=black@0.4` +
    `:x='(w-text_w)/2*(1+0.8*${drift}(t/5))':y='${y}'`;
  return [
    ...ENCODE_HEAD,
    '-protocol_whitelist',
    'file',
    '-i',
    'file:' + files.input,
    '-vf',
    `${mark('h*0.18', 'sin')},${mark('h*0.72-text_h', 'cos')},format=yuv420p`,
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-vsync',
    'passthrough',
    ...proxyEncoding(rendition, String(keyframeInterval(probe)), false),
    'file:' + files.out,
  ];
}
