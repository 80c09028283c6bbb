import { cloneElement, useEffect, useRef, useState, type FocusEvent, type ReactElement, type Ref } from 'react';
import { Tooltip, type TooltipProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';

type Handlers = {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: never) => void;
  onPointerLeave?: (event: never) => void;
  onFocus?: (event: never) => void;
  onBlur?: (event: never) => void;
};

/** The delay before a tooltip shows. */
const OPEN_DELAY_MS = 300;

/** Whether the element has the focus from the keyboard (a click's focus shows no tooltip, as Mantine's). */
const keyboardFocus = (element: Element) => {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
};

/**
 * A tooltip that mounts once its element has been hovered for the delay, or focused from the keyboard: a page
 * carries many (a tile several, a chat comment up to six), and each mounted tooltip sets up floating positioning
 * and listeners when the page is drawn and hydrated (issues 17 and 55). It is Mantine's tooltip pointed at the
 * element (`target`) beside it, so the element itself is never drawn again: a click or the focus stays on it.
 */
export function TooltipOnDemand({
  children,
  openDelay = OPEN_DELAY_MS,
  ...props
}: Omit<TooltipProps, 'children' | 'target' | 'opened' | 'defaultOpened'> & { children: ReactElement<Handlers> }) {
  // A ref, not state: a state set as the element attaches was a render of its own per tooltip, without yielding,
  // inside the commit that hydrated the page (26 on a board). The tooltip mounts only after a hover or focus.
  const element = useRef<HTMLElement | null>(null);
  const own = children.props;
  const ref = useMergedRef(element, own.ref);
  const [hovered, setHovered] = useState(false);
  const [opened, setOpened] = useState(false);
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    if (!hovered) return;
    const timer = window.setTimeout(() => {
      setArmed(true);
      setOpened(true);
    }, openDelay);
    return () => window.clearTimeout(timer);
  }, [hovered, openDelay]);
  const show = (on: boolean) => {
    if (on) setArmed(true);
    setOpened(on);
  };
  return (
    <>
      {cloneElement(children, {
        ref,
        onPointerEnter: (event: never) => {
          own.onPointerEnter?.(event);
          setHovered(true);
        },
        onPointerLeave: (event: never) => {
          own.onPointerLeave?.(event);
          setHovered(false);
          show(false);
        },
        onFocus: (event: FocusEvent<HTMLElement>) => {
          own.onFocus?.(event as never);
          if (keyboardFocus(event.currentTarget)) show(true);
        },
        onBlur: (event: never) => {
          own.onBlur?.(event);
          show(false);
        },
      })}
      {armed && <Tooltip {...props} target={element} opened={opened} />}
    </>
  );
}
