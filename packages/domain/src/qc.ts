import { clockOf } from './timecode.js';

/**
 * Automatic delivery QC (issue 51): what a machine finds in a delivered cut before QA opens it. The checks,
 * thresholds and presets live here, for the server's measuring, the player's strip and docs/qc.md alike.
 */
export const QC_KINDS = [
  'black',
  'freeze',
  'silence',
  'loudness',
  'true_peak',
  'aspect',
  'resolution',
  'fps',
  'duration',
] as const;
export type QcKind = (typeof QC_KINDS)[number];

/** The kinds that are stretches of the video (a time in and out); the rest are about the whole file. */
export const QC_STRETCH_KINDS = ['black', 'freeze', 'silence'] as const satisfies readonly QcKind[];
export type QcStretchKind = (typeof QC_STRETCH_KINDS)[number];

/** Who signs delivery QC's notes in the team chat: no user wrote them; the chat shows them as QA's. */
export const QC_AUTHOR = { name: 'Automatic QC', role: 'qa' } as const;

/** Moving a card to Review with delivery QC's findings still open asks first, as open checklist items do. */
export const QC_REVIEW_CONFIRM = {
  ask: 'Delivery QC still has findings open: {count}. Send the video to Review anyway?',
  confirm: 'Send to Review with these open',
} as const;

export interface QcFinding {
  kind: QcKind;
  /** Seconds, for a stretch; null for a finding about the whole file. */
  time_in: number | null;
  time_out: number | null;
  /** A sentence a person can act on. */
  text: string;
}

/** What one pass of ffmpeg's own filters measures in a delivered video (issue 51, docs/qc.md). */
export interface QcMeasures {
  /** Integrated loudness in LUFS, loudness range in LU and true peak in dBTP; null without audio. */
  integrated: number | null;
  range: number | null;
  truePeak: number | null;
  hasAudio: boolean;
  /** The stretches found, black before frozen before silent, each in time order. */
  stretches: QcFinding[];
}

/** A loudness target: integrated loudness within `tolerance` LU of `integrated`, true peak at most `truePeakMax`. */
export interface LoudnessTarget {
  label: string;
  /** Where the platform plays it, in the finding's words ("YouTube plays at −14"). */
  plays: string;
  integrated: number;
  tolerance: number;
  truePeakMax: number;
}

export const LOUDNESS_TARGETS = {
  youtube: { label: 'YouTube / streaming', plays: 'YouTube plays at', integrated: -14, tolerance: 1, truePeakMax: -1 },
  ebu_r128: {
    label: 'Broadcast (EBU R128)',
    plays: 'EBU R128 asks for',
    integrated: -23,
    tolerance: 1,
    truePeakMax: -1,
  },
} as const satisfies Record<string, LoudnessTarget>;
export type LoudnessTargetKey = keyof typeof LOUDNESS_TARGETS;
export const LOUDNESS_TARGET_KEYS = Object.keys(LOUDNESS_TARGETS) as LoudnessTargetKey[];
export const DEFAULT_LOUDNESS_TARGET: LoudnessTargetKey = 'youtube';

/** What counts as a stretch worth a note, and how the filters are tuned to find them. */
export const QC_THRESHOLDS = {
  /** Black picture for at least this long (blackdetect `d`). */
  blackMinS: 0.5,
  /** A pixel is black at or below this share of full brightness (blackdetect `pix_th`). */
  blackPixel: 0.1,
  /** A frame is black when this share of its pixels is (blackdetect `pic_th`). */
  blackPicture: 0.98,
  /** The same picture for at least this long (freezedetect `d`). */
  freezeMinS: 1,
  /** Frames this close are the same picture (freezedetect `n`, in dB). */
  freezeNoiseDb: -60,
  /** Silence for at least this long (silencedetect `d`). */
  silenceMinS: 1,
  /** Audio at or below this level is silence (silencedetect `n`, in dBFS). */
  silenceNoiseDb: -50,
  /** The short side a 16:9 or 9:16 delivery should reach. */
  minShortSide: 1080,
  /** How far a picture's ratio may stray from the asked one (a 1920×1088 encode is still 16:9). */
  aspectTolerance: 0.02,
  /** The longest cut a vertical short-form request asks for (YouTube Shorts, Reels: 3 minutes). */
  shortFormMaxS: 180,
} as const;

/** Frame rates a delivery is expected at; anything else is worth a word (a 28.3 fps screen recording). */
export const COMMON_FPS = [23.976, 24, 25, 29.97, 30, 48, 50, 59.94, 60] as const;
const FPS_TOLERANCE = 0.01;

const one = (n: number) => n.toFixed(1).replace('-', '−');
const signed = (n: number) => String(n).replace('-', '−');
const seconds = (n: number) => `${n.toFixed(1)} s`;
const stretch = (what: string, from: number, to: number) =>
  `${what} from ${clockOf(from)} to ${clockOf(to)} (${seconds(to - from)})`;

/** The sentences of the findings, one place for the server's notes and the tests' expectations. */
export const QC_TEXT = {
  black: (from: number, to: number) => stretch('Black', from, to),
  freeze: (from: number, to: number) => `${stretch('Frozen picture', from, to)}: a missing render or a held frame?`,
  silence: (from: number, to: number) => stretch('Silence', from, to),
  loudness: (lufs: number, target: LoudnessTarget) => {
    const off = lufs - target.integrated;
    const change = off > 0 ? `lower it by ${one(off)} dB` : `raise it by ${one(-off)} dB`;
    return `Integrated loudness ${one(lufs)} LUFS; ${target.plays} ${signed(target.integrated)}: ${change}`;
  },
  truePeak: (peak: number, target: LoudnessTarget) =>
    `True peak ${one(peak)} dBTP, above ${signed(target.truePeakMax)} dBTP: it may clip once encoded; limit the master`,
  aspect: (width: number, height: number, asked: string) =>
    `The picture is ${width}×${height} (${ratioName(width, height)}); the request asked for ${asked}`,
  resolution: (width: number, height: number) =>
    `The picture is ${width}×${height}: under ${QC_THRESHOLDS.minShortSide} on its short side, it will look soft on a large screen`,
  fps: (fps: number) =>
    `${fps.toFixed(3).replace(/\.?0+$/, '')} fps is not a common frame rate: check the export settings`,
  duration: (length: number, max: number) =>
    `The cut is ${clockOf(length)} long; a vertical short-form video runs at most ${clockOf(max)}`,
} as const;

/** A width and height as the nearest named ratio, or as the bare fraction. */
function ratioName(width: number, height: number): string {
  const named = NAMED_RATIOS.find(([w, h]) => Math.abs(width / height - w / h) <= QC_THRESHOLDS.aspectTolerance);
  return named ? `${named[0]}:${named[1]}` : `${(width / height).toFixed(2)}:1`;
}
const NAMED_RATIOS = [
  [16, 9],
  [9, 16],
  [1, 1],
  [4, 5],
  [4, 3],
  [21, 9],
] as const;

/** The ratio a request's format names, or null for `other` (nothing to compare with). */
export function askedRatio(format: string | null | undefined): number | null {
  const match = /^(\d+):(\d+)$/.exec(format ?? '');
  return match ? Number(match[1]) / Number(match[2]) : null;
}

/** What the measured loudness says against the target: nothing, or a finding for each figure out of it. */
export function loudnessFindings(
  measured: { integrated: number | null; truePeak: number | null },
  target: LoudnessTarget,
): QcFinding[] {
  const found: QcFinding[] = [];
  // ebur128 says −70 (its gate) for a file whose audio is all silence: no level to correct.
  if (measured.integrated !== null && measured.integrated > -70) {
    if (Math.abs(measured.integrated - target.integrated) > target.tolerance)
      found.push(whole('loudness', QC_TEXT.loudness(measured.integrated, target)));
  }
  if (measured.truePeak !== null && measured.truePeak > target.truePeakMax)
    found.push(whole('true_peak', QC_TEXT.truePeak(measured.truePeak, target)));
  return found;
}

/** The brief's checks: the picture's shape and size, its frame rate, and the length a short-form request allows. */
export function briefFindings(
  picture: { width: number; height: number; fps: number | null; duration: number | null },
  request: { format: string | null; purpose?: string | null },
): QcFinding[] {
  const found: QcFinding[] = [];
  const { width, height, fps, duration } = picture;
  const asked = askedRatio(request.format);
  if (asked !== null && width > 0 && height > 0) {
    if (Math.abs(width / height - asked) / asked > QC_THRESHOLDS.aspectTolerance)
      found.push(whole('aspect', QC_TEXT.aspect(width, height, request.format!)));
    else if (
      (request.format === '16:9' || request.format === '9:16') &&
      Math.min(width, height) < QC_THRESHOLDS.minShortSide
    )
      found.push(whole('resolution', QC_TEXT.resolution(width, height)));
  }
  if (fps !== null && fps > 0 && !COMMON_FPS.some((common) => Math.abs(fps - common) <= FPS_TOLERANCE * common))
    found.push(whole('fps', QC_TEXT.fps(fps)));
  if (request.purpose === 'vertical_short_form' && duration !== null && duration > QC_THRESHOLDS.shortFormMaxS)
    found.push(whole('duration', QC_TEXT.duration(duration, QC_THRESHOLDS.shortFormMaxS)));
  return found;
}

const whole = (kind: QcKind, text: string): QcFinding => ({ kind, time_in: null, time_out: null, text });

/** A stretch found by a filter, as a finding. */
export const stretchFinding = (kind: QcStretchKind, from: number, to: number): QcFinding => ({
  kind,
  time_in: from,
  time_out: to,
  text: QC_TEXT[kind](from, to),
});

/**
 * A black stretch is reported as black, not also as frozen: a freeze mostly inside black (half of it or more)
 * is dropped, and what a freeze shares with black is not counted toward its length.
 */
export function withoutFrozenBlack(
  freezes: readonly { from: number; to: number }[],
  blacks: readonly { from: number; to: number }[],
): { from: number; to: number }[] {
  return freezes.filter(({ from, to }) => {
    const inBlack = blacks.reduce((sum, b) => sum + Math.max(0, Math.min(to, b.to) - Math.max(from, b.from)), 0);
    return to - from - inBlack >= QC_THRESHOLDS.freezeMinS && inBlack < (to - from) / 2;
  });
}

/** Where a video's QC stands: measured, waiting for the pipeline, or not to be had (the job or the measure failed). */
export const QC_STATUSES = ['pending', 'done', 'unavailable'] as const;
export type QcStatus = (typeof QC_STATUSES)[number];

/** A video's QC as staff read it on the card (`media.qc`). */
export interface QcReport {
  status: QcStatus;
  integrated_lufs: number | null;
  loudness_range: number | null;
  true_peak_dbtp: number | null;
  target: LoudnessTargetKey;
  has_audio: boolean | null;
  findings: QcFinding[];
}

/**
 * A video's QC from what the pipeline measured and the request it answers: the stretches, the loudness against
 * the customer's target, the brief's checks. The brief's are made on reading, as the request can change.
 */
export function qcReport(
  asset: {
    status: string;
    qc: QcMeasures | null;
    width: number | null;
    height: number | null;
    fps: number | null;
    duration: number | null;
  },
  request: { format: string | null; purpose?: string | null },
  target: LoudnessTargetKey = DEFAULT_LOUDNESS_TARGET,
): QcReport {
  const measured = asset.qc;
  const status: QcStatus =
    asset.status === 'failed'
      ? 'unavailable'
      : asset.status !== 'ready'
        ? 'pending'
        : measured
          ? 'done'
          : 'unavailable';
  const brief =
    asset.status === 'ready' && asset.width && asset.height
      ? briefFindings({ width: asset.width, height: asset.height, fps: asset.fps, duration: asset.duration }, request)
      : [];
  return {
    status,
    integrated_lufs: measured?.integrated ?? null,
    loudness_range: measured?.range ?? null,
    true_peak_dbtp: measured?.truePeak ?? null,
    target,
    has_audio: measured ? measured.hasAudio : null,
    findings: [
      ...(measured ? [...measured.stretches].sort((a, b) => (a.time_in ?? 0) - (b.time_in ?? 0)) : []),
      ...(measured
        ? loudnessFindings({ integrated: measured.integrated, truePeak: measured.truePeak }, LOUDNESS_TARGETS[target])
        : []),
      ...brief,
    ],
  };
}
