import { useRef, useState, type PointerEvent } from 'react';
import { Tooltip } from '@mantine/core';
import { formatClock } from '../../lib/format';
import { cueAt, useScrubTrack } from './scrub-track';
import classes from './video.module.css';

export interface Marker {
  id: number;
  time: number;
  /** A range note's end: drawn as a span from time to here. */
  end: number | null;
  label: string;
  annotation: boolean;
}

interface TimelineProps {
  duration: number;
  time: number;
  markers: Marker[];
  onSeek: (seconds: number) => void;
  /** The media pipeline's WebVTT thumbnails track: a frame shows over the timeline where the pointer is. */
  scrubTrack?: string | null;
  /** The range set with I and O, drawn over the track. */
  range?: { in: number | null; out: number | null };
}

const percent = (value: number, duration: number) => (duration > 0 ? Math.min(100, (value / duration) * 100) : 0);

/** The scrubber: drag or click to seek, with a pin at every timecoded comment. */
export function Timeline({ duration, time, markers, onSeek, scrubTrack, range }: TimelineProps) {
  const trackRef = useRef<HTMLDivElement>(null);
  const { data: cues } = useScrubTrack(scrubTrack);
  const [hover, setHover] = useState<number | null>(null);

  const timeAt = (event: PointerEvent<HTMLDivElement>) => {
    const rect = trackRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0 || duration <= 0) return null;
    return Math.min(1, Math.max(0, (event.clientX - rect.left) / rect.width)) * duration;
  };
  const seekTo = (event: PointerEvent<HTMLDivElement>) => {
    const at = timeAt(event);
    if (at !== null) onSeek(at);
  };
  const cue = hover !== null && cues ? cueAt(cues, hover) : undefined;

  return (
    <div
      className={classes.timeline}
      role="slider"
      tabIndex={0}
      aria-label="Seek"
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(time)}
      aria-valuetext={`${formatClock(time)} of ${formatClock(duration)}`}
      data-testid="video-timeline"
      onPointerDown={(event) => {
        if ((event.target as HTMLElement).closest('button')) return;
        event.currentTarget.setPointerCapture(event.pointerId);
        seekTo(event);
      }}
      onPointerMove={(event) => {
        if (cues) setHover(timeAt(event));
        if (event.currentTarget.hasPointerCapture(event.pointerId)) seekTo(event);
      }}
      onPointerLeave={() => setHover(null)}
    >
      {cue && hover !== null && (
        <div
          className={classes.scrubPreview}
          data-testid="scrub-preview"
          style={{
            left: `clamp(${cue.width / 2}px, ${percent(hover, duration)}%, calc(100% - ${cue.width / 2}px))`,
            width: cue.width,
            height: cue.height,
            backgroundImage: `url("${cue.image}")`,
            backgroundPosition: `-${cue.x}px -${cue.y}px`,
          }}
        >
          <span className={classes.scrubTime}>{formatClock(hover)}</span>
        </div>
      )}
      <div className={classes.track} ref={trackRef}>
        <div className={classes.progress} style={{ width: `${percent(time, duration)}%` }} />
        {duration > 0 &&
          markers
            .filter((m) => m.end !== null)
            .map((m) => (
              <div
                key={`span-${m.id}`}
                className={classes.noteSpan}
                data-testid="timeline-span"
                style={{ left: `${percent(m.time, duration)}%`, width: `${percent(m.end! - m.time, duration)}%` }}
              />
            ))}
        {duration > 0 && range && range.in !== null && (
          <div
            className={classes.rangeSpan}
            data-testid="timeline-range"
            style={{
              left: `${percent(range.in, duration)}%`,
              width: `${Math.max(0.5, percent((range.out ?? range.in) - range.in, duration))}%`,
            }}
          />
        )}
        <div className={classes.thumb} style={{ left: `${percent(time, duration)}%` }} />
      </div>
      {duration > 0 &&
        markers.map((marker) => (
          <Tooltip key={marker.id} label={marker.label} withArrow multiline maw={280} openDelay={100}>
            <button
              type="button"
              className={`${classes.marker} ${marker.annotation ? classes.markerAnnotation : ''}`}
              style={{ left: `${percent(marker.time, duration)}%` }}
              aria-label={`Comment at ${formatClock(marker.time)}`}
              data-testid="timeline-marker"
              data-time={marker.time}
              onClick={() => onSeek(marker.time)}
            />
          </Tooltip>
        ))}
    </div>
  );
}
