import { useQuery } from '@tanstack/react-query';

/** One scrub thumbnail: from when to when, and where it sits in which sprite image. */
export interface ScrubCue {
  start: number;
  end: number;
  image: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

const seconds = (clock: string) => {
  const parts = clock.split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
};

/**
 * The cues of a WebVTT thumbnails track (`<start> --> <end>` then `<image>#xywh=x,y,w,h`), image paths
 * resolved against the track's URL. Anything else in the file is skipped.
 */
export function parseScrubTrack(text: string, trackUrl: string): ScrubCue[] {
  const cues: ScrubCue[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length - 1; i++) {
    const timing = /^([\d:.]+)\s+-->\s+([\d:.]+)/.exec(lines[i]!.trim());
    const target = /^(.+)#xywh=(\d+),(\d+),(\d+),(\d+)$/.exec(lines[i + 1]!.trim());
    if (!timing || !target) continue;
    cues.push({
      start: seconds(timing[1]!),
      end: seconds(timing[2]!),
      image: new URL(target[1]!, new URL(trackUrl, window.location.href)).pathname,
      x: Number(target[2]),
      y: Number(target[3]),
      width: Number(target[4]),
      height: Number(target[5]),
    });
  }
  return cues;
}

/** The cue showing at a time: the last that starts at or before it. */
export function cueAt(cues: readonly ScrubCue[], time: number): ScrubCue | undefined {
  let low = 0;
  let high = cues.length - 1;
  let found: ScrubCue | undefined;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (cues[mid]!.start <= time) {
      found = cues[mid];
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/** The pipeline's files are the same for as long as the asset lives: fetched once a session. */
const fetchText = async (url: string) => {
  const reply = await fetch(url, { credentials: 'same-origin' });
  if (!reply.ok) throw new Error(`${url}: ${reply.status}`);
  return reply.text();
};

export const useScrubTrack = (url: string | null | undefined) =>
  useQuery({
    queryKey: ['media-file', url],
    queryFn: async () => parseScrubTrack(await fetchText(url!), url!),
    enabled: Boolean(url),
    staleTime: Infinity,
    retry: 1,
  });

export interface WaveformPeaks {
  sample_rate: number;
  samples_per_peak: number;
  peaks: number[];
}

export const useWaveform = (url: string | null | undefined) =>
  useQuery({
    queryKey: ['media-file', url],
    queryFn: async () => JSON.parse(await fetchText(url!)) as WaveformPeaks,
    enabled: Boolean(url),
    staleTime: Infinity,
    retry: 1,
  });
