import type { ReactNode } from 'react';
import classes from './key-hint.module.css';

/** Words about keys, shown where there is a keyboard; on a touch screen `touch` (nothing by default) instead. */
export function KeyHint({ children, touch }: { children: ReactNode; touch?: ReactNode }) {
  return (
    <>
      <span className={classes.keys}>{children}</span>
      {touch && <span className={classes.touch}>{touch}</span>}
    </>
  );
}

/** The class that hides a control about keys (the shortcut sheet's button) on a touch screen. */
export const keysOnly = classes.keys;
