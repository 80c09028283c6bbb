import { cloneElement, useEffect, useState, type ReactElement } from 'react';
import { Tooltip, type TooltipProps } from '@mantine/core';

type Handlers = {
  onPointerEnter?: () => void;
  onPointerLeave?: () => void;
  onFocus?: () => void;
};

/** The delay before a tile's tooltip shows. */
const OPEN_DELAY_MS = 300;

/**
 * A tooltip that mounts once its element has been hovered for the delay, or focused: tiles carry several,
 * and each mounted tooltip sets up floating positioning and listeners (issue 17: the board's first render).
 * From then on it is Mantine's tooltip, shown at once for the hover or focus that brought it.
 */
export function TooltipOnDemand({
  children,
  ...props
}: Omit<TooltipProps, 'children' | 'openDelay'> & { children: ReactElement<Handlers> }) {
  const [armed, setArmed] = useState(false);
  const [hovered, setHovered] = useState(false);
  useEffect(() => {
    if (!hovered || armed) return;
    const timer = window.setTimeout(() => setArmed(true), OPEN_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [hovered, armed]);
  if (armed) {
    return (
      <Tooltip {...props} openDelay={OPEN_DELAY_MS} defaultOpened>
        {children}
      </Tooltip>
    );
  }
  return cloneElement(children, {
    onPointerEnter: () => setHovered(true),
    onPointerLeave: () => setHovered(false),
    onFocus: () => setArmed(true),
  });
}
