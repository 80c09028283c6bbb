import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import classes from './scroll-tabs.module.css';

/** Mantine Tabs class names for a tab row that scrolls sideways on a phone instead of wrapping. */
export const scrollTabClassNames = { list: classes.tabList, tab: classes.tab };

/** A ref for the tab list that keeps the chosen tab in sight when the row scrolls (e.g. opened from a link). */
export function useActiveTabInView<T extends string>(tab: T) {
  const tabList = useRef<HTMLDivElement>(null);
  useEffect(() => {
    tabList.current?.querySelector('[data-active]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [tab]);
  return tabList;
}

/** The open tab kept in the address's `?tab=`, replaced rather than pushed; `fallback` when the tab is cleared. */
export function useTabParam(fallback: string) {
  const [params, setParams] = useSearchParams();
  const select = (next: string | null) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('tab', next ?? fallback);
        return updated;
      },
      { replace: true },
    );
  return [params, select] as const;
}
