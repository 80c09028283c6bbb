import { useRef, useState, type ReactNode, type Ref } from 'react';
import { Alert, Loader } from '@mantine/core';
import { IconAlertTriangle, IconPlayerPlayFilled } from '@tabler/icons-react';
import { parseRate, safeZonesFor, type PlayedRange, type SafeZoneKey } from '@cutroom/domain';
import { useRangeLoop } from './use-range-loop';
import type { MediaView } from '@cutroom/domain/schemas';
import { AnnotationLayer, type Geometry } from './annotation-layer';
import { CaptionOverlay } from './caption-overlay';
import type { TimedCue } from './cue-layout';
import { DrawBar } from './draw-bar';
import { unplayableText } from './media-status';
import { PlayerControls } from './player-controls';
import type { QualityChoice } from './quality-menu';
import { NO_RANGE, type Playback, type PlayerHandle, type ReviewRange, type ShapeKind } from '../../lib/review-context';
import { SafeZoneOverlay } from './safe-zones';
import { annotationsAt, type TimedAnnotation } from './timed-annotations';
import type { Marker } from './timeline';
import { useFullscreen } from './use-fullscreen';
import { usePlayerState } from './use-player-state';
import { ShortcutSheet } from './shortcut-sheet';
import { useReviewKeys } from './use-review-keys';
import { useStageSize } from './use-stage-size';
import { usePlayedRanges } from './use-played-ranges';
import classes from './video.module.css';

/** A caption track the CC menu offers, with the cues the player draws over the frame. */
export interface PlayerCaptionTrack {
  id: number;
  label: string;
  cues: TimedCue[];
}

/** Room for the full-screen composer: its chips, the text box and its hint line. */
const COMPOSER_PX = 170;

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
  /** The media pipeline's view of the video: poster, scrub track and waveform. */
  media?: MediaView | null;
  /** The quality menu; a change of rendition carries on from the same moment. */
  quality?: QualityChoice;
  /** The in and out points set with I and O, and whether playback loops between them; the player keeps its own when left out. */
  range?: ReviewRange;
  onRangeChange?: (range: ReviewRange) => void;
  loop?: boolean;
  onLoopChange?: (loop: boolean) => void;
  /** The note composer, shown under the controls in full screen so a reviewer can write without leaving it. */
  fullscreenComposer?: ReactNode;
  /** Told each stretch played at normal speed or slower, for the approval round's coverage (issue 52). */
  onPlayed?: (range: PlayedRange) => void;
  /** Caption tracks for the CC menu; none shown until one is picked. */
  captions?: PlayerCaptionTrack[];
}

/**
 * The review player: a plain <video> with our own controls, so the timeline can carry a pin per
 * comment and the frame can carry drawings. Its pieces: playback state (use-player-state), keys
 * (use-review-keys), controls (player-controls), timeline pins (timeline) and drawings (timed-annotations).
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
  media,
  quality,
  range: givenRange,
  onRangeChange: givenRangeChange,
  loop: givenLoop,
  onLoopChange: givenLoopChange,
  fullscreenComposer,
  onPlayed,
  captions = [],
}: VideoPlayerProps) {
  const [ownRange, setOwnRange] = useState<ReviewRange>(NO_RANGE);
  const [ownLoop, setOwnLoop] = useState(false);
  const range = givenRange ?? ownRange;
  const onRangeChange = givenRangeChange ?? setOwnRange;
  const loop = givenLoop ?? ownLoop;
  const onLoopChange = givenLoopChange ?? setOwnLoop;
  const rate = parseRate(media?.fps_rational);
  const player = usePlayerState({
    ref,
    src,
    startAt,
    onStart: () => onDrawingChange(null),
    onPlayback,
    onPlayableChange,
    rate,
    measuredDuration: media?.duration ?? null,
  });
  const { videoRef, status, time, playing, ratio } = player;
  const playerRef = useRef<HTMLDivElement>(null);
  const { fullscreen, toggleFullscreen } = useFullscreen(playerRef);
  const { stageRef, stageHeight, box } = useStageSize(ratio, fullscreen, fullscreenComposer ? COMPOSER_PX : 0);
  const [zone, setZone] = useState<SafeZoneKey | null>(null);
  const zones = safeZonesFor(ratio);
  const [shortcuts, setShortcuts] = useState(false);
  const [captionId, setCaptionId] = useState<number | null>(null);
  // A track that went away (removed, another version) reads as Off.
  const captionTrack = captions.find((t) => t.id === captionId) ?? null;
  useReviewKeys({
    videoRef,
    seek: player.seek,
    now: player.frameTime,
    toggle: player.toggle,
    rate,
    onShortcuts: () => setShortcuts(true),
    onMark: (point, seconds) => {
      const next = { ...range, [point]: seconds };
      // An out-point before the in-point (or the reverse) starts the range again from the new point.
      if (next.in !== null && next.out !== null && next.out <= next.in) next[point === 'in' ? 'out' : 'in'] = null;
      onRangeChange(next);
    },
  });
  useRangeLoop(videoRef, loop ? range : null, rate);
  usePlayedRanges(videoRef, onPlayed);
  const shown = annotationsAt(time, annotations, pending, drawing, rate);

  if (status === 'unplayable') {
    return (
      <Alert color="orange" variant="light" icon={<IconAlertTriangle />} data-testid="video-unplayable" radius="md">
        {unplayableText(media)}
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
            // Frame 0 under a clock at 0 once it is decoded: a poster (made 3 s in) stays up until play otherwise.
            poster={player.hasFrame ? undefined : (media?.poster_url ?? undefined)}
            playsInline
            muted={player.muted}
            data-testid="video-element"
            onClick={() => !drawing && player.toggle()}
            {...player.mediaEvents}
          />
          <AnnotationLayer
            drawing={drawing}
            shown={shown.shown}
            pending={shown.pending}
            onDraw={(geometry) => onDraw(geometry, player.frameTime())}
          />
          {captionTrack && <CaptionOverlay cues={captionTrack.cues} time={time} />}
          {zone && zones.includes(zone) && <SafeZoneOverlay zone={zone} ratio={ratio} />}
          {status === 'ready' && !playing && !drawing && time === 0 && (
            <button type="button" className={classes.bigPlay} onClick={player.toggle} aria-label="Play video">
              <IconPlayerPlayFilled size={28} />
            </button>
          )}
        </div>
        {status === 'loading' && (
          <div className={classes.centerLoader}>
            <Loader color="white" size="md" aria-label="Loading video" />
          </div>
        )}
      </div>
      {drawing && <DrawBar drawing={drawing} onChange={onDrawingChange} />}
      <PlayerControls
        player={player}
        markers={markers}
        canAnnotate={canAnnotate}
        drawing={drawing}
        onDrawingChange={onDrawingChange}
        zones={zones}
        zone={zone}
        onZoneChange={setZone}
        fullscreen={fullscreen}
        onFullscreenToggle={toggleFullscreen}
        media={media?.status === 'ready' ? media : null}
        quality={quality}
        onShortcuts={() => setShortcuts(true)}
        range={range}
        onRangeClear={() => onRangeChange({ in: null, out: null })}
        loop={loop}
        onLoopChange={onLoopChange}
        captions={
          captions.length > 0
            ? { tracks: captions, value: captionTrack?.id ?? null, onChange: setCaptionId }
            : undefined
        }
      />
      {fullscreen && fullscreenComposer && (
        <div className={classes.fullscreenComposer} data-testid="fullscreen-composer">
          {fullscreenComposer}
        </div>
      )}
      <ShortcutSheet opened={shortcuts} onClose={() => setShortcuts(false)} withinPortal={!fullscreen} />
    </div>
  );
}
