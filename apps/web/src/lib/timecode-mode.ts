import { TIMECODE_MODES, clockOf, formatTime, type Rate } from '@cutroom/domain';
import { usePreference } from './preference';
import { playerClock } from './format';

/** How the player shows time: the plain clock (m:ss, the default) or issue 35's timecode, frames or seconds. */
export const CLOCK_MODES = ['clock', ...TIMECODE_MODES] as const;
export type ClockMode = (typeof CLOCK_MODES)[number];
export const CLOCK_MODE_LABELS: Record<ClockMode, string> = {
  clock: 'Minutes and seconds',
  smpte: 'Timecode (HH:MM:SS:FF)',
  frames: 'Frames',
  seconds: 'Seconds (to the millisecond)',
};

/** The reviewer's choice, remembered in this browser and shared by every player on the page. */
export const useClockMode = (): [ClockMode, (mode: ClockMode) => void] =>
  usePreference('timecodeMode', CLOCK_MODES, 'clock');

/** The playhead and the length as the mode shows them. */
export function clockText(time: number, duration: number, mode: ClockMode, rate: Rate | null): string {
  if (mode === 'clock') return playerClock(time, duration);
  return `${formatTime(time, mode, rate)} / ${formatTime(duration, mode, rate)}`;
}

/** One moment (a range's in or out point) as the mode shows it; the plain clock keeps its milliseconds here. */
export const momentText = (seconds: number, mode: ClockMode, rate: Rate | null) =>
  mode === 'clock' ? clockOf(seconds) : formatTime(seconds, mode, rate);
