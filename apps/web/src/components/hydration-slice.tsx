import { Suspense, useEffect, useId, type ReactNode } from 'react';
import { sliceDrawn, sliceMounted, slicePassed, sliceWaits } from '../lib/hydration-turns';

/** React gives ids with an upper-case R only to what it hydrates; a part it draws itself never waits. */
const hydrating = (id: string) => id.startsWith('_R_');

/** Waits, while the server's page is taken over, until this slice's turn (lib/hydration-turns.ts). */
function Turn({ slice, children }: { slice: string; children: ReactNode }) {
  const own = useId();
  // Thrown, not `use()`d: React then leaves the server's markup in place and hydrates it when the turn comes.
  const waiting = hydrating(own) ? sliceWaits(slice) : null;
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- a promise thrown is how a part waits in React
  if (waiting) throw waiting;
  useEffect(() => slicePassed(slice), [slice]);
  return children;
}

/**
 * A part of a page the server drew that React hydrates, and commits, apart from the rest (issues 36 and 55):
 * the page's shell first, then each slice in its own turn, top to bottom, each in tasks of its own, instead of
 * every part's commit and effects in one long task on a phone. Until its turn a slice shows the server's
 * markup; a tap or a key on it hydrates it at once (React does so to answer it), the rest keeping their
 * turns. On pages the client draws, a slice draws as its children always did.
 */
export function HydrationSlice({ children }: { children: ReactNode }) {
  const slice = useId();
  // Drawn again from above before its turn: React would draw the part anew rather than wait, so it goes now.
  sliceDrawn(slice);
  useEffect(() => sliceMounted(slice), [slice]);
  return (
    <Suspense fallback={null}>
      <Turn slice={slice}>{children}</Turn>
    </Suspense>
  );
}
