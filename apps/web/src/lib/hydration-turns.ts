/**
 * The turns in which the slices of a page the server drew hydrate (components/hydration-slice.tsx, issue 55).
 * React hydrates every part it may in one render and commits them together: on a card's page that commit,
 * with the effects and the floating parts' updates it sets off, was one task of 30–60 ms at full speed,
 * 250–480 ms on a phone half as fast as Lighthouse's. In turns, one slice hydrates and commits per task,
 * the next once it has.
 */

import { unstable_IdlePriority, unstable_cancelCallback, unstable_scheduleCallback, type Task } from 'scheduler';
import { soon } from './soon';

/** Events React answers on a part not yet hydrated by hydrating it at once: that part does not wait its turn. */
const TOUCH_EVENTS = ['pointerdown', 'mousedown', 'touchstart', 'keydown', 'focusin', 'click'] as const;
/** A slice given its turn whose commit never comes (its render thrown away) holds the next one this long at most. */
const TURN_MS = 500;
/** What waits for the slices (afterSlices) waits this long at most: a change shown late beats one never shown. */
const HOLD_MS = 10_000;

let taking = false;
/** While a touch or a key is dispatched: the part it reaches hydrates now. */
let touching = false;
/** Slices that have had their turn, or were let go before it. */
const gone = new Set<string>();
/** A turn given and not yet taken by a slice. */
let turnFree = false;
/** The slice whose turn it is, until it has committed. */
let current: string | null = null;
/** Slices whose place on the page has mounted: a render of one of them now is from above. */
const mounted = new Set<string>();
let wait: { promise: Promise<void>; resolve: () => void } | null = null;
/** A turn on its way, queued behind React's own work. */
let scheduled: Task | null = null;
/** When the current slice's turn lapses, and whether a timer watches for it (one at a time, never cleared). */
let deadline = 0;
let watching = false;
/** Work held until every slice on the page has hydrated, in the order it came. */
let held: (() => void)[] = [];
let holdTimer: number | undefined;

function wakeWaiting() {
  const woken = wait;
  wait = null;
  woken?.resolve();
}

/** The turn goes to whichever waiting slice React renders first. */
function passTurn() {
  if (!taking) return;
  current = null;
  turnFree = true;
  wakeWaiting();
}

/**
 * The next turn, once React has no hydrating render under way. React hydrates the slices the server drew at its
 * offscreen lane, which its scheduler runs at idle priority; a turn queued there after it runs after that render,
 * so a turn freed between two slices of time of one render cannot go to a slice further down the page than the one
 * that asked first (a message, as before, could come between them under load). The woken render then starts in a task of its
 * own: React schedules a ping's render from a microtask, after the scheduler's loop has ended.
 */
function giveTurnSoon() {
  scheduled ??= unstable_scheduleCallback(unstable_IdlePriority, () => {
    scheduled = null;
    passTurn();
  });
}

function callOffTurn() {
  if (scheduled) unstable_cancelCallback(scheduled);
  scheduled = null;
}

/** The current slice's turn passes on if its commit has not come in TURN_MS (its render thrown away). */
function watchTurn() {
  deadline = performance.now() + TURN_MS;
  if (watching) return;
  watching = true;
  window.setTimeout(lapse, TURN_MS);
}

function lapse() {
  watching = false;
  if (!taking || current === null) return;
  const left = deadline - performance.now();
  if (left > 0) {
    watching = true;
    window.setTimeout(lapse, left);
  } else passTurn();
}

/** Whether every slice on the page has hydrated (or the page was not drawn by the server). */
const slicesSettled = () => !taking || (current === null && [...mounted].every((slice) => gone.has(slice)));

function runHeld() {
  if (holdTimer !== undefined) window.clearTimeout(holdTimer);
  holdTimer = undefined;
  const due = held;
  held = [];
  due.forEach((work) => work());
}

/** Runs what was held once the slices have settled. */
function settle() {
  if (held.length && slicesSettled()) runHeld();
}

/**
 * Runs `work` once every slice has hydrated: a slice hydrates from what its queries hold when its turn comes, so
 * data changed before then (a live event's refetch) would not match the server's markup, and React would draw
 * that part anew. Held work runs in the order it came.
 */
export function afterSlices(work: () => void) {
  if (!held.length && slicesSettled()) return work();
  held.push(work);
  holdTimer ??= window.setTimeout(runHeld, HOLD_MS);
}

/** Runs before React's own listener (the window is above its root), capturing. */
function touched() {
  touching = true;
  // An event whose propagation a handler stopped never reaches the window's bubbling listener.
  soon(untouched);
}

/** Runs after React's listener, bubbling: slices React hydrates later, in its own tasks, keep their turns. */
function untouched() {
  touching = false;
}

/** From the first hydrating render of a drawn page: its slices then wait for their turns. */
export function startHydrationTurns() {
  gone.clear();
  current = null;
  turnFree = false;
  callOffTurn();
  taking = true;
  for (const type of TOUCH_EVENTS) {
    window.addEventListener(type, touched, { capture: true, passive: true });
    window.addEventListener(type, untouched, { passive: true });
  }
}

/** The first navigation: every slice still waiting hydrates now. */
export function endHydrationTurns() {
  if (!taking) return;
  taking = false;
  for (const type of TOUCH_EVENTS) {
    window.removeEventListener(type, touched, { capture: true });
    window.removeEventListener(type, untouched);
  }
  touching = false;
  callOffTurn();
  wakeWaiting();
  runHeld();
}

/** What a slice hydrating now waits on before its turn, or null when it may go. */
export function sliceWaits(slice: string): Promise<void> | null {
  if (!taking || gone.has(slice)) return null;
  if (touching) {
    gone.add(slice);
    return null;
  }
  if (turnFree) {
    turnFree = false;
    current = slice;
    gone.add(slice);
    callOffTurn();
    watchTurn();
    return null;
  }
  if (!wait) {
    let resolve = () => {};
    const promise = new Promise<void>((done) => (resolve = done));
    wait = { promise, resolve };
  }
  if (current === null) giveTurnSoon();
  return wait.promise;
}

/**
 * A slice has committed: the next turn is free at once for a render already on its way, else the queued turn
 * (giveTurnSoon) wakes the slices in a task of their own.
 */
export function slicePassed(slice: string) {
  // Hydrated, or drawn by the client (a slice that never waited): either way it holds nothing back.
  gone.add(slice);
  if (current === slice) {
    current = null;
    // An update from above (a drop zone registering) renders the next slice before the queued turn; waiting
    // there, React would redraw it.
    turnFree = true;
    if (wait) giveTurnSoon();
    else callOffTurn();
  }
  settle();
}

/** Mounted until the slice leaves the page. */
export function sliceMounted(slice: string) {
  mounted.add(slice);
  return () => {
    mounted.delete(slice);
    settle();
  };
}

/**
 * A slice drawn again from above before its turn (new props) goes now: React would otherwise draw it anew,
 * dropping the server's markup.
 */
export function sliceDrawn(slice: string) {
  if (!taking || gone.has(slice) || !mounted.has(slice)) return;
  gone.add(slice);
  wakeWaiting();
}
