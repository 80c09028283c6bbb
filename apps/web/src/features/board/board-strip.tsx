import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import classes from './board.module.css';

const SIDES = [
  { key: 'left', direction: -1, Icon: IconChevronLeft },
  { key: 'right', direction: 1, Icon: IconChevronRight },
] as const;

interface BoardStripProps {
  testId: string;
  dragging: boolean;
  children: ReactNode;
}

/**
 * The columns as one sideways strip that shows there is more (issue 18: at 1440 px half the board was
 * out of sight without a cue): a shadow and an arrow on each side that has hidden columns, and the
 * strip takes focus so the arrow keys scroll it.
 */
export function BoardStrip({ testId, dragging, children }: BoardStripProps) {
  const strip = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState({ left: false, right: false });

  const measure = useCallback(() => {
    const el = strip.current;
    if (!el) return;
    const left = el.scrollLeft > 1;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setHidden((h) => (h.left === left && h.right === right ? h : { left, right }));
  }, []);

  useEffect(() => {
    const el = strip.current;
    if (!el) return;
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => observer?.disconnect();
  }, [measure]);

  // Most of a screen at a time, keeping one column in view for orientation.
  const page = (direction: 1 | -1) => {
    const el = strip.current;
    if (el) el.scrollBy({ left: direction * Math.max(240, el.clientWidth - 280), behavior: 'smooth' });
  };

  return (
    <div className={classes.stripFrame} data-hidden-left={hidden.left} data-hidden-right={hidden.right}>
      <div
        ref={strip}
        className={classes.strip}
        data-testid={testId}
        data-dragging={dragging ? 'true' : undefined}
        onScroll={measure}
        tabIndex={0}
        role="region"
        aria-label="Board columns, scroll sideways with the arrow keys"
      >
        {children}
      </div>
      {SIDES.filter((side) => hidden[side.key]).map((side) => (
        <ActionIcon
          key={side.key}
          className={classes.stripArrow}
          data-side={side.key}
          variant="default"
          radius="xl"
          size="lg"
          aria-label={`Show the columns to the ${side.key}`}
          onClick={() => page(side.direction)}
        >
          <side.Icon size={18} />
        </ActionIcon>
      ))}
    </div>
  );
}
