import { ActionIcon, CloseButton, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconKeyboard,
  IconRepeat,
  IconMaximize,
  IconMinimize,
  IconPencil,
  IconChevronLeft,
  IconChevronRight,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconVolume,
  IconVolumeOff,
} from '@tabler/icons-react';
import { parseRate, type Rate, type SafeZoneKey } from '@cutroom/domain';
import type { MediaView } from '@cutroom/domain/schemas';
import type { ShapeKind } from '../../lib/review-context';
import { SafeZoneMenu } from './safe-zones';
import { CaptionsMenu, type CaptionChoice } from './captions-menu';
import { PLAYBACK_SPEEDS } from './shortcuts';
import type { ReviewRange } from '../../lib/review-context';
import { CLOCK_MODES, CLOCK_MODE_LABELS, clockText, momentText, useClockMode } from '../../lib/timecode-mode';
import { QualityMenu, type QualityChoice } from './quality-menu';
import { Timeline, type Marker } from './timeline';
import { Waveform } from './waveform';
import { LoudnessFigure, QcStrip } from '../delivery-qc/public';
import type { PlayerState } from './use-player-state';
import { frameStepTime } from './use-review-keys';
import classes from './video.module.css';
import { keysOnly } from '../../components/key-hint';
import { TooltipOnDemand } from '../../components/tooltip-on-demand';

interface PlayerControlsProps {
  player: PlayerState;
  markers: Marker[];
  canAnnotate: boolean;
  drawing: ShapeKind | null;
  onDrawingChange: (shape: ShapeKind | null) => void;
  zones: SafeZoneKey[];
  zone: SafeZoneKey | null;
  onZoneChange: (zone: SafeZoneKey | null) => void;
  fullscreen: boolean;
  onFullscreenToggle: () => void;
  /** The media pipeline's scrub track and waveform of what plays, when it made them; staff's also carries QC. */
  media?: MediaView | null;
  /** The renditions the viewer may pick (Auto, each proxy, Original), when there is a choice. */
  quality?: QualityChoice;
  onShortcuts: () => void;
  range: ReviewRange;
  onRangeClear: () => void;
  loop: boolean;
  onLoopChange: (loop: boolean) => void;
  /** The CC menu's tracks and choice, when the video has captions. */
  captions?: CaptionChoice;
}

/** A frame back or on, as the , and . keys do: a phone has no keys (issue 55). */
function FrameStep({ player, rate, by }: { player: PlayerState; rate: Rate | null; by: -1 | 1 }) {
  const label = by < 0 ? 'Previous frame' : 'Next frame';
  return (
    <TooltipOnDemand label={`${label} (${by < 0 ? ',' : '.'})`}>
      <ActionIcon
        variant="subtle"
        color="gray.0"
        aria-label={label}
        data-testid={by < 0 ? 'frame-back' : 'frame-forward'}
        disabled={player.status !== 'ready'}
        onClick={() => {
          player.pause();
          player.seek(frameStepTime(player.frameTime(), rate, by));
        }}
      >
        {by < 0 ? <IconChevronLeft size={18} /> : <IconChevronRight size={18} />}
      </ActionIcon>
    </TooltipOnDemand>
  );
}

/** The bar under the frame: timeline with its pins, play, clock, drawing, safe zones, speed, sound, full screen. */
export function PlayerControls({
  player,
  markers,
  canAnnotate,
  drawing,
  onDrawingChange,
  zones,
  zone,
  onZoneChange,
  fullscreen,
  onFullscreenToggle,
  media,
  quality,
  onShortcuts,
  range,
  onRangeClear,
  loop,
  onLoopChange,
  captions,
}: PlayerControlsProps) {
  const { status, playing, time, duration, muted } = player;
  const rate = parseRate(media?.fps_rational);
  return (
    <div className={classes.controls}>
      <Timeline
        duration={duration}
        time={time}
        markers={markers}
        onSeek={player.seek}
        scrubTrack={media?.sprite_url}
        range={range}
      />
      {media?.waveform_url && <Waveform url={media.waveform_url} duration={duration} time={time} />}
      {media?.qc && <QcStrip qc={media.qc} duration={duration} onSeek={player.seek} />}
      <ActionIcon
        variant="subtle"
        color="gray.0"
        onClick={player.toggle}
        aria-label={playing ? 'Pause' : 'Play'}
        data-testid="video-play"
        disabled={status !== 'ready'}
      >
        {playing ? <IconPlayerPauseFilled size={18} /> : <IconPlayerPlayFilled size={18} />}
      </ActionIcon>
      <FrameStep player={player} rate={rate} by={-1} />
      <FrameStep player={player} rate={rate} by={1} />
      <ClockMenu time={time} duration={duration} rate={rate} withinPortal={!fullscreen} />
      <div className={classes.spacer} />
      <TooltipOnDemand label={loop ? 'Stop looping the range' : 'Loop the range (set it with I and O)'}>
        <ActionIcon
          variant={loop ? 'filled' : 'subtle'}
          color={loop ? 'brand' : 'gray.0'}
          aria-label="Loop the range"
          aria-pressed={loop}
          data-testid="loop-toggle"
          onClick={() => onLoopChange(!loop)}
        >
          <IconRepeat size={18} />
        </ActionIcon>
      </TooltipOnDemand>
      {canAnnotate && (
        <TooltipOnDemand label="Pause and draw on this frame">
          <ActionIcon
            variant={drawing ? 'filled' : 'subtle'}
            color={drawing ? 'brand' : 'gray.0'}
            aria-label="Annotate"
            aria-pressed={!!drawing}
            data-testid="annotate"
            disabled={status !== 'ready'}
            onClick={() => {
              player.pause();
              onDrawingChange(drawing ? null : 'rect');
            }}
          >
            <IconPencil size={18} />
          </ActionIcon>
        </TooltipOnDemand>
      )}
      {captions && <CaptionsMenu choice={captions} withinPortal={!fullscreen} />}
      {zones.length > 0 && (
        <SafeZoneMenu options={zones} value={zone} onChange={onZoneChange} withinPortal={!fullscreen} />
      )}
      {media?.qc && <LoudnessFigure qc={media.qc} />}
      {quality && quality.options.length > 1 && <QualityMenu choice={quality} withinPortal={!fullscreen} />}
      <SpeedMenu speed={player.speed} onChange={player.setSpeed} withinPortal={!fullscreen} />
      <TooltipOnDemand label="Keyboard shortcuts (?)">
        <ActionIcon
          variant="subtle"
          color="gray.0"
          onClick={onShortcuts}
          aria-label="Keyboard shortcuts"
          className={keysOnly}
        >
          <IconKeyboard size={18} />
        </ActionIcon>
      </TooltipOnDemand>
      <ActionIcon variant="subtle" color="gray.0" onClick={player.toggleMuted} aria-label={muted ? 'Unmute' : 'Mute'}>
        {muted ? <IconVolumeOff size={18} /> : <IconVolume size={18} />}
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="gray.0"
        aria-label={fullscreen ? 'Exit full screen' : 'Full screen'}
        onClick={onFullscreenToggle}
      >
        {fullscreen ? <IconMinimize size={18} /> : <IconMaximize size={18} />}
      </ActionIcon>
      {/* Last, so that on a narrow player it is the range that takes a line of its own, not a button. */}
      {(range.in !== null || range.out !== null) && <RangeChip range={range} rate={rate} onClear={onRangeClear} />}
    </div>
  );
}

/** Playback speed; the label follows the element's rate, which the menu only asks to change. */
function SpeedMenu({
  speed,
  onChange,
  withinPortal,
}: {
  speed: number;
  onChange: (speed: number) => void;
  withinPortal: boolean;
}) {
  return (
    <Menu position="top-end" withinPortal={withinPortal}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray.0" aria-label="Playback speed" w="auto" px={6}>
          <Text fz={12} fw={600} c="white">
            {speed}×
          </Text>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {PLAYBACK_SPEEDS.map((s) => (
          <Menu.Item key={s} onClick={() => onChange(s)} fw={s === speed ? 700 : undefined}>
            {s}×
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The playhead and length; a click picks how time reads (remembered in this browser). */
function ClockMenu({
  time,
  duration,
  rate,
  withinPortal,
}: {
  time: number;
  duration: number;
  rate: Rate | null;
  withinPortal: boolean;
}) {
  const [mode, setMode] = useClockMode();
  return (
    <Menu position="top-start" withinPortal={withinPortal}>
      <Menu.Target>
        <UnstyledButton aria-label={`Time shown as ${CLOCK_MODE_LABELS[mode].toLowerCase()}: change`}>
          <Text className={classes.time} data-testid="video-time" data-mode={mode}>
            {clockText(time, duration, mode, rate)}
          </Text>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Show time as</Menu.Label>
        {CLOCK_MODES.map((m) => (
          <Menu.Item key={m} onClick={() => setMode(m)} fw={m === mode ? 700 : undefined}>
            {CLOCK_MODE_LABELS[m]}
          </Menu.Item>
        ))}
        {!rate && <Menu.Label>Frames need the video's measured frame rate</Menu.Label>}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The range set with I and O, in the reviewer's time format, with a way to clear it. */
function RangeChip({ range, rate, onClear }: { range: ReviewRange; rate: Rate | null; onClear: () => void }) {
  const [mode] = useClockMode();
  const show = (t: number | null) => (t === null ? '…' : momentText(t, mode, rate));
  return (
    <span className={classes.rangeChip} data-testid="range-chip">
      <span aria-label="Range">
        {show(range.in)} – {show(range.out)}
      </span>
      <CloseButton size="xs" variant="transparent" c="gray.3" aria-label="Clear the range" onClick={onClear} />
    </span>
  );
}
