import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ActionIcon, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import classes from './board.module.css';

const SIDES = [
  { key: 'left', direction: -1, Icon: IconChevronLeft },
  { key: 'right', direction: 1, Icon: IconChevronRight },
] as const;

/** A column as the overview names it; the strip finds the column by its data-column attribute. */
export interface OverviewColumn {
  key: string;
  title: string;
  count: number | undefined;
}

interface BoardStripProps {
  testId: string;
  dragging: boolean;
  /** The columns for the row of names above the strip, shown while some are out of sight. */
  overview?: OverviewColumn[];
  children: ReactNode;
}

/** Columns at least this much in view count as shown in the overview. */
const SHOWN_SHARE = 0.5;

/** The keys of the columns mostly inside the strip's visible part (the strip is their offsetParent). */
function columnsInView(strip: HTMLElement): string[] {
  const left = strip.scrollLeft;
  const right = left + strip.clientWidth;
  return [...strip.querySelectorAll<HTMLElement>('[data-column]')]
    .filter((column) => {
      const seen = Math.min(right, column.offsetLeft + column.offsetWidth) - Math.max(left, column.offsetLeft);
      return column.offsetWidth > 0 && seen >= column.offsetWidth * SHOWN_SHARE;
    })
    .map((column) => column.dataset.column!);
}

/**
 * The columns as one sideways strip that shows there is more (issue 18: at 1440 px half the board was
 * out of sight without a cue): a shadow and an arrow on each side that has hidden columns, and the
 * strip takes focus so the arrow keys scroll it.
 */
export function BoardStrip({ testId, dragging, overview, children }: BoardStripProps) {
  const strip = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState({ left: false, right: false });
  const [inView, setInView] = useState<string[]>([]);
  const names = useRef<HTMLElement>(null);

  const measure = useCallback(() => {
    const el = strip.current;
    if (!el) return;
    const left = el.scrollLeft > 1;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setHidden((h) => (h.left === left && h.right === right ? h : { left, right }));
    const keys = columnsInView(el);
    setInView((current) => (current.join() === keys.join() ? current : keys));
  }, []);

  useEffect(() => {
    const el = strip.current;
    if (!el) return;
    // Measured just before a frame's own layout: measuring at once forced an extra layout in the middle of the
    // board's first render (issue 17), and the columns' tiles keep arriving over several renders.
    let frame = 0;
    const soon = () => {
      if (!frame)
        frame = requestAnimationFrame(() => {
          frame = 0;
          measure();
        });
    };
    soon();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(soon);
    observer?.observe(el);
    // Columns shown or hidden by the filters change what overflows without resizing the strip itself.
    const columns = new MutationObserver(soon);
    columns.observe(el, { childList: true });
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
      columns.disconnect();
    };
  }, [measure]);

  // Most of a screen at a time, keeping one column in view for orientation.
  const page = (direction: 1 | -1) => {
    const el = strip.current;
    if (el) el.scrollBy({ left: direction * Math.max(240, el.clientWidth - 280), behavior: 'smooth' });
  };

  // The overview's name brings its column to the strip's left edge (or as far as the strip scrolls).
  const show = (key: string) => {
    const el = strip.current;
    const column = el?.querySelector<HTMLElement>(`[data-column="${key}"]`);
    if (el && column) el.scrollTo({ left: column.offsetLeft, behavior: 'smooth' });
  };

  // On a phone the row of names scrolls too: it follows the strip, so the first column in view is named.
  useEffect(() => {
    const nav = names.current;
    const first = nav?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!nav || !first) return;
    const outside =
      first.offsetLeft < nav.scrollLeft || first.offsetLeft + first.offsetWidth > nav.scrollLeft + nav.clientWidth;
    if (outside) nav.scrollTo({ left: first.offsetLeft });
  }, [inView]);

  const anyHidden = hidden.left || hidden.right;
  return (
    <>
      {overview && (
        // Its row is kept while every column shows (invisible), so it appearing never shifts the board.
        <nav
          ref={names}
          className={classes.overview}
          aria-label="Board overview"
          data-testid={`${testId}-overview`}
          style={anyHidden ? undefined : { visibility: 'hidden' }}
        >
          {overview.map((column) => (
            <UnstyledButton
              key={column.key}
              className={classes.overviewItem}
              aria-label={column.count === undefined ? column.title : `${column.title}: ${column.count}`}
              aria-current={inView.includes(column.key) ? 'true' : undefined}
              onClick={() => show(column.key)}
            >
              {column.title}
              {column.count !== undefined && <span className={classes.overviewCount}>{column.count}</span>}
            </UnstyledButton>
          ))}
        </nav>
      )}
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
    </>
  );
}
