import { useCallback, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { ActionIcon, Alert, Group, Loader, Menu, Switch, Text, Tooltip } from '@mantine/core';
import { useElementSize, useViewportSize } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconMaximize,
  IconMinimize,
  IconPencil,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconVolume,
  IconVolumeOff,
} from '@tabler/icons-react';
import { MSG, safeZonesFor, type SafeZoneKey } from '@cutroom/domain';
import { playerClock } from '../format';
import { AnnotationLayer, type Geometry, type ShownAnnotation } from './annotation-layer';
import { DrawBar } from './draw-bar';
import { hasMetadata } from './media-ready';
import { SafeZoneMenu, SafeZoneOverlay } from './safe-zones';
import type { Playback, PlayerHandle, ShapeKind } from './review-context';
import { Timeline, type Marker } from './timeline';
import classes from './video.module.css';

export interface TimedAnnotation extends ShownAnnotation {
  time: number;
}

interface VideoPlayerProps {
  ref?: Ref<PlayerHandle>;
  src: string;
  /** Where to start once loaded (a jump from a note about another video). */
  startAt?: number | null;
  markers: Marker[];
  annotations: TimedAnnotation[];
  pending: (Geometry & { time: number }) | null;
  /** Drawing is offered only where the viewer may comment. */
  canAnnotate: boolean;
  drawing: ShapeKind | null;
  onDrawingChange: (shape: ShapeKind | null) => void;
  onDraw: (geometry: Geometry, time: number) => void;
  onPlayback: (playback: Playback) => void;
  onPlayableChange: (playable: boolean) => void;
}

const SEEK_STEP = 5;
/** Annotations show while playback is this close to their moment. */
const ANNOTATION_WINDOW = 1;
const SPEEDS = [0.5, 1, 1.5, 2];
const CONTROLS_PX = 76;

/** Arrow keys belong to whatever the user is typing in. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.role === 'slider');

/** Largest box of this ratio that fits the stage. */
function fit(ratio: number, width: number, height: number) {
  if (width <= 0 || height <= 0) return { width: '100%', height: '100%' } as const;
  const w = Math.min(width, height * ratio);
  return { width: Math.round(w), height: Math.round(w / ratio) };
}

/**
 * The review player: a plain <video> with our own controls, so the timeline can carry a pin per
 * comment and the frame can carry drawings. Browser-recorded WebM files report no duration until
 * read to the end; the player finds it before declaring a video unplayable.
 */
export function VideoPlayer({
  ref,
  src,
  startAt,
  markers,
  annotations,
  pending,
  canAnnotate,
  drawing,
  onDrawingChange,
  onDraw,
  onPlayback,
  onPlayableChange,
}: VideoPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const playerRef = useRef<HTMLDivElement>(null);
  const probing = useRef(false);
  const pendingSeek = useRef<number | null>(startAt ?? null);
  const { ref: stageRef, width: stageWidth } = useElementSize<HTMLDivElement>();
  const { height: viewportHeight } = useViewportSize();
  const [status, setStatus] = useState<'loading' | 'ready' | 'unplayable'>('loading');
  const [duration, setDuration] = useState(0);
  const [time, setTime] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);
  const [speed, setSpeed] = useState(1);
  const [ratio, setRatio] = useState(16 / 9);
  const [fullscreen, setFullscreen] = useState(false);
  const [zone, setZone] = useState<SafeZoneKey | null>(null);
  const zones = safeZonesFor(ratio);

  const report = useCallback(
    (video: HTMLVideoElement) => {
      setTime(video.currentTime);
      setPlaying(!video.paused && !video.ended);
      onPlayback({ time: video.currentTime, playing: !video.paused && !video.ended });
    },
    [onPlayback],
  );

  const seek = useCallback((seconds: number) => {
    const video = videoRef.current;
    if (!video) return;
    if (!(video.duration > 0) || !Number.isFinite(video.duration) || probing.current) {
      pendingSeek.current = seconds;
      return;
    }
    video.currentTime = Math.min(Math.max(0, seconds), video.duration);
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      seek,
      pause: () => videoRef.current?.pause(),
      currentTime: () => videoRef.current?.currentTime ?? 0,
      isPlaying: () => !!videoRef.current && !videoRef.current.paused && !videoRef.current.ended,
    }),
    [seek],
  );

  const unplayable = useCallback(() => {
    setStatus('unplayable');
    onPlayableChange(false);
  }, [onPlayableChange]);

  const ready = (video: HTMLVideoElement) => {
    setDuration(video.duration);
    setStatus('ready');
    onPlayableChange(true);
    // The clock starts from where the element is, not from 0: a reloaded source may keep its frame and time.
    report(video);
    if (pendingSeek.current !== null) {
      video.currentTime = Math.min(pendingSeek.current, video.duration);
      pendingSeek.current = null;
    }
  };

  const metadataLoaded = (video: HTMLVideoElement) => {
    if (video.videoWidth && video.videoHeight) setRatio(video.videoWidth / video.videoHeight);
    if (video.duration === Infinity) {
      // Seeking past the end makes the browser read the whole file and learn its length.
      probing.current = true;
      video.currentTime = Number.MAX_SAFE_INTEGER;
      return;
    }
    if (video.duration > 0) ready(video);
    else unplayable();
  };
  const metadataLoadedRef = useRef(metadataLoaded);
  useEffect(() => {
    metadataLoadedRef.current = metadataLoaded;
  });

  // CI's stuck "loading" player (readyState 4, no error) had its metadata before React heard of it.
  useEffect(() => {
    const video = videoRef.current;
    if (hasMetadata(video) && !probing.current) metadataLoadedRef.current(video);
  }, [src]);

  const toggle = () => {
    const video = videoRef.current;
    if (!video || status !== 'ready') return;
    if (video.paused || video.ended) {
      onDrawingChange(null);
      void video.play().catch(() => undefined);
    } else video.pause();
  };

  // ← and → seek by 5 s anywhere on the page, except while typing (spec 001 §2).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      const video = videoRef.current;
      if (!video || !(video.duration > 0)) return;
      event.preventDefault();
      seek(video.currentTime + (event.key === 'ArrowRight' ? SEEK_STEP : -SEEK_STEP));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [seek]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === playerRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const stageHeight = fullscreen
    ? viewportHeight - CONTROLS_PX
    : Math.min(stageWidth > 0 ? stageWidth / ratio : 360, Math.max(220, viewportHeight * 0.62) || 480);
  const box = fit(ratio, stageWidth, stageHeight);
  const near = (t: number) => Math.abs(t - time) <= ANNOTATION_WINDOW;
  const shown = annotations.filter((a) => near(a.time));
  const showPending = pending && (drawing || near(pending.time)) ? pending : null;

  if (status === 'unplayable') {
    return (
      <Alert color="orange" variant="light" icon={<IconAlertTriangle />} data-testid="video-unplayable" radius="md">
        {MSG.videoUnplayable}
      </Alert>
    );
  }

  return (
    <div className={classes.player} ref={playerRef} data-testid="video-player" data-status={status}>
      <div className={classes.stage} ref={stageRef} style={{ height: stageHeight }}>
        <div className={classes.box} style={box}>
          <video
            ref={videoRef}
            className={classes.video}
            src={src}
            preload="metadata"
            playsInline
            muted={muted}
            data-testid="video-element"
            onClick={() => !drawing && toggle()}
            onLoadedMetadata={(e) => metadataLoaded(e.currentTarget)}
            onDurationChange={(e) => {
              const video = e.currentTarget;
              if (!probing.current || !Number.isFinite(video.duration)) return;
              probing.current = false;
              if (!(video.duration > 0)) return unplayable();
              video.currentTime = 0;
              ready(video);
            }}
            onError={unplayable}
            onTimeUpdate={(e) => !probing.current && report(e.currentTarget)}
            onPlay={(e) => report(e.currentTarget)}
            onPause={(e) => report(e.currentTarget)}
            onSeeked={(e) => !probing.current && report(e.currentTarget)}
            onEnded={(e) => report(e.currentTarget)}
            // A source that reloads (emptied) or shows its first decoded frame is read back, so clock and frame agree.
            onEmptied={(e) => !probing.current && report(e.currentTarget)}
            onLoadedData={(e) => !probing.current && report(e.currentTarget)}
            onRateChange={(e) => setSpeed(e.currentTarget.playbackRate)}
          />
          <AnnotationLayer
            drawing={drawing}
            shown={shown}
            pending={showPending}
            onDraw={(geometry) => onDraw(geometry, videoRef.current?.currentTime ?? 0)}
          />
          {zone && zones.includes(zone) && <SafeZoneOverlay zone={zone} ratio={ratio} />}
          {status === 'ready' && !playing && !drawing && time === 0 && (
            <button type="button" className={classes.bigPlay} onClick={toggle} aria-label="Play video">
              <IconPlayerPlayFilled size={28} />
            </button>
          )}
        </div>
        {status === 'loading' && (
          <div className={classes.centerLoader}>
            <Loader color="white" size="md" aria-label="Loading video" />
          </div>
        )}
        {drawing && <DrawBar drawing={drawing} onChange={onDrawingChange} />}
      </div>

      <div className={classes.controls}>
        <Timeline duration={duration} time={time} markers={markers} onSeek={seek} />
        <ActionIcon
          variant="subtle"
          color="gray.0"
          onClick={toggle}
          aria-label={playing ? 'Pause' : 'Play'}
          data-testid="video-play"
          disabled={status !== 'ready'}
        >
          {playing ? <IconPlayerPauseFilled size={18} /> : <IconPlayerPlayFilled size={18} />}
        </ActionIcon>
        <Text className={classes.time} data-testid="video-time">
          {playerClock(time, duration)}
        </Text>
        <div className={classes.spacer} />
        {canAnnotate && (
          <Tooltip label="Pause and draw on this frame">
            <ActionIcon
              variant={drawing ? 'filled' : 'subtle'}
              color={drawing ? 'brand' : 'gray.0'}
              aria-label="Annotate"
              aria-pressed={!!drawing}
              data-testid="annotate"
              disabled={status !== 'ready'}
              onClick={() => {
                videoRef.current?.pause();
                onDrawingChange(drawing ? null : 'rect');
              }}
            >
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        {zones.length > 0 && (
          <SafeZoneMenu options={zones} value={zone} onChange={setZone} withinPortal={!fullscreen} />
        )}
        <Menu position="top-end" withinPortal={!fullscreen}>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray.0" aria-label="Playback speed" w="auto" px={6}>
              <Text fz={12} fw={600} c="white">
                {speed}×
              </Text>
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {SPEEDS.map((s) => (
              <Menu.Item
                key={s}
                onClick={() => {
                  if (videoRef.current) videoRef.current.playbackRate = s;
                }}
              >
                {s}×
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        <ActionIcon
          variant="subtle"
          color="gray.0"
          onClick={() => setMuted((m) => !m)}
          aria-label={muted ? 'Unmute' : 'Mute'}
        >
          {muted ? <IconVolumeOff size={18} /> : <IconVolume size={18} />}
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="gray.0"
          aria-label={fullscreen ? 'Exit full screen' : 'Full screen'}
          onClick={() => {
            if (document.fullscreenElement) void document.exitFullscreen();
            else void playerRef.current?.requestFullscreen?.();
          }}
        >
          {fullscreen ? <IconMinimize size={18} /> : <IconMaximize size={18} />}
        </ActionIcon>
      </div>
    </div>
  );
}

/** The on/off switch for drawings over the frame, shown beside the player. */
export function AnnotationsSwitch({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Switch
        size="sm"
        label="Annotations"
        checked={checked}
        onChange={(e) => onChange(e.currentTarget.checked)}
        data-testid="annotations-switch"
      />
    </Group>
  );
}
