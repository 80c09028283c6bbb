import { useState } from 'react';

/**
 * Whether a dialog has been opened yet: it mounts at its first opening and stays (so it still animates its
 * closing). A closed Mantine modal still mounts a portal and sets state on mount, on every page that holds
 * one (issue 36: a second render right after a server-drawn page hydrates).
 */
export function useFirstOpened(opened: boolean): boolean {
  const [used, setUsed] = useState(opened);
  if (opened && !used) setUsed(true);
  return used || opened;
}
