import { useMemo } from 'react';
import classes from './video.module.css';
import { useWaveform } from './scrub-track';

/**
 * The sound under the timeline, from the pipeline's peaks: one bar per peak, mirrored, stretched to the
 * track's width. The played part is brighter, so a cut or a level jump is easy to find.
 */
export function Waveform({ url, duration, time }: { url: string; duration: number; time: number }) {
  const { data } = useWaveform(url);
  const path = useMemo(() => {
    if (!data || data.peaks.length === 0) return '';
    // Scaled to the loudest peak (quiet dialogue still has a shape), never more than 20 × (silence stays flat).
    const gain = 1 / Math.max(0.05, ...data.peaks);
    const level = data.peaks.map((p) => Math.max(0.04, Math.min(1, p * gain)).toFixed(3));
    const top = level.map((l, i) => `L${i} -${l}L${i + 1} -${l}`).join('');
    const bottom = level
      .map((l, i) => `L${i + 1} ${l}L${i} ${l}`)
      .reverse()
      .join('');
    return `M0 0${top}L${level.length} 0${bottom}Z`;
  }, [data]);
  if (!data || !path) return null;
  // The peaks cover the audio; their share of the timeline follows the samples they stand for.
  const covered =
    duration > 0 ? Math.min(1, (data.peaks.length * data.samples_per_peak) / data.sample_rate / duration) : 1;
  const played = duration > 0 ? Math.min(100, (time / duration) * 100) : 0;
  return (
    <div className={classes.waveform} data-testid="waveform" aria-hidden>
      <svg
        viewBox={`0 -1 ${data.peaks.length} 2`}
        preserveAspectRatio="none"
        style={{ width: `${covered * 100}%` }}
        className={classes.waveformSvg}
      >
        <path d={path} />
      </svg>
      <div className={classes.waveformPlayed} style={{ width: `${played}%` }} />
    </div>
  );
}
