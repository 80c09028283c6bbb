import { unstable_IdlePriority, unstable_scheduleCallback } from 'scheduler';
import { afterEach, describe, expect, it } from 'vitest';
import { endHydrationTurns, sliceMounted, slicePassed, sliceWaits, startHydrationTurns } from './hydration-turns';

// The turns' rules as React meets them, call by call (components/hydration-slice.test.tsx hydrates real markup).
const unmounts: (() => void)[] = [];

function pageOf(...slices: string[]) {
  startHydrationTurns();
  for (const slice of slices) unmounts.push(sliceMounted(slice));
}

afterEach(() => {
  endHydrationTurns();
  unmounts.splice(0).forEach((unmount) => unmount());
});

describe('hydration turns', () => {
  it('gives the first turn in a task of its own: the slices React renders first all wait', async () => {
    pageOf('header', 'board');
    const waiting = sliceWaits('header');
    expect(waiting).toBeInstanceOf(Promise);
    expect(sliceWaits('board')).toBe(waiting);
    await waiting;
    expect(sliceWaits('header')).toBeNull();
    // One turn at a time: the next slice waits until the header has committed.
    expect(sliceWaits('board')).toBeInstanceOf(Promise);
  });

  it('frees a turn only once no render is under way: a slice further down, rendered after React has yielded, does not take the first', async () => {
    pageOf('header', 'player');
    const asked: (Promise<void> | null)[] = [];
    // A hydrating render as React runs one (a drawn slice hydrates at the offscreen lane, the scheduler's idle
    // priority): the header asks in its first slice of time, which runs past the scheduler's 5 ms, so the scheduler
    // yields to the browser before the player, lower on the page, asks in the next.
    await new Promise<void>((rendered) =>
      unstable_scheduleCallback(unstable_IdlePriority, () => {
        asked.push(sliceWaits('header'));
        const until = performance.now() + 8;
        while (performance.now() < until);
        return () => {
          asked.push(sliceWaits('player'));
          rendered();
        };
      }),
    );
    expect(asked[0]).toBeInstanceOf(Promise);
    expect(asked[1]).toBe(asked[0]);
    await asked[0];
    expect(sliceWaits('header')).toBeNull();
    expect(sliceWaits('player')).toBeInstanceOf(Promise);
  });

  it('frees the next turn as soon as a slice commits: a render an update sets off before the queued turn hydrates the next slice instead of leaving it waiting', async () => {
    pageOf('first column', 'second column', 'last column');
    await sliceWaits('first column');
    expect(sliceWaits('first column')).toBeNull();
    expect(sliceWaits('second column')).toBeInstanceOf(Promise);
    slicePassed('first column');
    // No task has passed: this is the render of an update from above (a drop zone registering with the board).
    // Waiting in it, the column would be drawn anew by React at the board's next update.
    expect(sliceWaits('second column')).toBeNull();
    // Still one at a time.
    expect(sliceWaits('last column')).toBeInstanceOf(Promise);
    slicePassed('second column');
    expect(sliceWaits('last column')).toBeNull();
  });

  it('lets a slice that committed without its turn (drawn by the client, or hydrated by a tap) hold nothing back', async () => {
    pageOf('header', 'chat');
    await sliceWaits('header');
    expect(sliceWaits('header')).toBeNull();
    slicePassed('chat');
    // The header still holds the turn: the chat's commit freed none.
    expect(sliceWaits('chat')).toBeNull();
    expect(sliceWaits('header')).toBeNull();
  });
});
