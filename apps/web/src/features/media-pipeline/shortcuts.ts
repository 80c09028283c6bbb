/** The review player's keyboard, as the shortcut sheet lists it (use-review-keys.ts acts on it). */
export const SHORTCUTS: { keys: string[]; does: string }[] = [
  { keys: ['Space'], does: 'Play or pause' },
  { keys: ['←', '→'], does: 'Back or forward 5 seconds' },
  { keys: [',', '.'], does: 'One frame back or forward (pauses)' },
  { keys: ['L'], does: 'Play; again for 2× and 4×' },
  { keys: ['J'], does: 'Play backwards; again for 2× and 4×' },
  { keys: ['K'], does: 'Stop (the next play is at 1×)' },
  { keys: ['K', '+', 'J'], does: 'Hold K and press J: one frame back' },
  { keys: ['K', '+', 'L'], does: 'Hold K and press L: one frame forward' },
  { keys: ['I'], does: 'Set the range’s in-point at this frame' },
  { keys: ['O'], does: 'Set the range’s out-point at this frame' },
  { keys: ['?'], does: 'Show these shortcuts' },
];

/** The speed menu, with the pitch kept; J and L shuttle at 1×, 2× and 4×. */
export const PLAYBACK_SPEEDS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2];
export const SHUTTLE_SPEEDS = [1, 2, 4];

/** The seconds a 5-second jump moves (spec 001 §2: the arrow keys). */
export const SEEK_STEP = 5;
