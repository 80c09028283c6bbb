import {
  QC_STRETCH_KINDS,
  QC_THRESHOLDS as T,
  stretchFinding,
  withoutFrozenBlack,
  type QcMeasures,
} from '@cutroom/domain';
import { runTool, type RunOptions } from './ffmpeg.js';

interface Span {
  from: number;
  to: number;
}

/** The filters' frame metadata keys that open and close a stretch, by kind. */
const KEYS: Record<StretchKind, readonly [string, string]> = {
  black: ['lavfi.black_start', 'lavfi.black_end'],
  freeze: ['lavfi.freezedetect.freeze_start', 'lavfi.freezedetect.freeze_end'],
  silence: ['lavfi.silence_start', 'lavfi.silence_end'],
};
type StretchKind = (typeof QC_STRETCH_KINDS)[number];

/**
 * The stretches in the metadata the filters print (`key=value` lines), each closed at the first end after its
 * start or, for one still open when the file ends (the filters then say its end only in their log), at
 * `duration`. Each key is printed by a filter of its own, the picture's and the sound's as each is decoded: the
 * lines need not come in time order.
 */
export function stretchesOf(lines: readonly string[], duration: number): Record<StretchKind, Span[]> {
  const marks = { black: [[], []], freeze: [[], []], silence: [[], []] } as Record<StretchKind, [number[], number[]]>;
  for (const line of lines) {
    const at = line.indexOf('=');
    const value = Number(line.slice(at + 1));
    if (at < 0 || !Number.isFinite(value)) continue;
    const key = line.slice(0, at);
    for (const kind of QC_STRETCH_KINDS)
      KEYS[kind].forEach((name, end) => name === key && marks[kind][end]!.push(Math.max(0, value)));
  }
  const found = { black: [], freeze: [], silence: [] } as Record<StretchKind, Span[]>;
  for (const kind of QC_STRETCH_KINDS) {
    const [starts, ends] = marks[kind].map((list) => [...list].sort((a, b) => a - b)) as [number[], number[]];
    let next = 0;
    for (const from of starts) {
      while (next < ends.length && ends[next]! < from) next++;
      const to = next < ends.length ? Math.min(ends[next++]!, duration) : duration;
      if (to > from) found[kind].push({ from, to });
    }
  }
  return found;
}

/** ebur128's summary (the end of ffmpeg's log): integrated loudness, loudness range and true peak. */
export function loudnessOf(log: string) {
  const summary = log.slice(log.lastIndexOf('Summary:'));
  const figure = (pattern: RegExp) => {
    const match = pattern.exec(summary);
    return match ? Number(match[1]) : null;
  };
  if (!log.includes('Summary:')) return { integrated: null, range: null, truePeak: null };
  return {
    integrated: figure(/I:\s+(-?[\d.]+|-inf) LUFS/),
    range: figure(/LRA:\s+(-?[\d.]+) LU/),
    // With peak=true the summary's peak is the true peak (dBTP), though ffmpeg labels it dBFS.
    truePeak: figure(/Peak:\s+(-?[\d.]+) dBFS/),
  };
}

/**
 * A filter logging one key's values each (the 2018 npm build prints nothing without a key). To the log, not a
 * file: /dev/stdout can't be opened when stdout is the socket Node gives a child.
 */
const printed = (filter: string, keys: readonly string[]) => keys.map((key) => `${filter}=mode=print:key=${key}`);

/**
 * Measures a video (`input`: the arguments that open it, `-i` and what guards it) in one ffmpeg run that decodes its picture (scaled down before the filters look) and its
 * first audio track once each: blackdetect and freezedetect on the picture, silencedetect and ebur128 (with
 * true peak) on the sound. Stretches shorter than the domain's minimums are left out; a frozen stretch that is
 * black is black only.
 */
export async function measureQc(
  ffmpeg: string,
  input: readonly string[],
  {
    duration,
    hasAudio,
    ...run
  }: { duration: number; hasAudio: boolean } & Pick<RunOptions, 'timeoutMs' | 'signal' | 'memoryMb'>,
): Promise<QcMeasures> {
  const picture = [
    'scale=-2:180:flags=fast_bilinear',
    'format=yuv420p',
    `blackdetect=d=${T.blackMinS}:pix_th=${T.blackPixel}:pic_th=${T.blackPicture}`,
    `freezedetect=n=${T.freezeNoiseDb}dB:d=${T.freezeMinS}`,
    ...printed('metadata', [...KEYS.black, ...KEYS.freeze]),
  ].join(',');
  const sound = [
    `silencedetect=n=${T.silenceNoiseDb}dB:d=${T.silenceMinS}`,
    ...printed('ametadata', KEYS.silence),
    // Its per-frame lines at verbose (40, a number the 2018 npm build takes too): only the summary is logged.
    'ebur128=peak=true:framelog=40',
  ].join(',');
  const lines: string[] = [];
  const result = await runTool(
    ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-nostats',
      ...input,
      '-map',
      '0:v:0',
      '-vf',
      picture,
      '-f',
      'null',
      '-',
      ...(hasAudio ? ['-map', '0:a:0', '-af', sound, '-f', 'null', '-'] : []),
    ],
    {
      ...run,
      // "[Parsed_metadata_5 @ 0x…] lavfi.black_start=2"
      onStderrLine: (line) => {
        const at = line.indexOf('] lavfi.');
        if (at >= 0) lines.push(line.slice(at + 2).trim());
      },
    },
  );
  if (result.code !== 0) throw new Error(`ffmpeg could not measure the video: ${result.stderr.slice(-500)}`);
  const spans = stretchesOf(lines, duration);
  const long = (min: number) => (s: Span) => s.to - s.from >= min - 0.001;
  const loudness = hasAudio ? loudnessOf(result.stderr) : { integrated: null, range: null, truePeak: null };
  return {
    ...loudness,
    hasAudio,
    stretches: [
      ...spans.black.filter(long(T.blackMinS)).map((s) => stretchFinding('black', s.from, s.to)),
      ...withoutFrozenBlack(spans.freeze.filter(long(T.freezeMinS)), spans.black).map((s) =>
        stretchFinding('freeze', s.from, s.to),
      ),
      ...spans.silence.filter(long(T.silenceMinS)).map((s) => stretchFinding('silence', s.from, s.to)),
    ],
  };
}
