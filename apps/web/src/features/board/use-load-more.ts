import { useCallback, useEffect, useState } from 'react';

interface Pager {
  data?: { pages: unknown[] } | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetching: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Infinite scroll: a callback ref for a sentinel after the last card; while it is in view the next
 * page loads, until the query's stop rule says there is none.
 */
export function useLoadMore({ data, hasNextPage, isFetchingNextPage, isFetching, fetchNextPage }: Pager) {
  const [inView, setInView] = useState(false);

  // Watched from the ref itself, not from a state set as the sentinel attaches: that state was a render of the
  // column of its own, without yielding, inside the commit that hydrated the board (one per column).
  const sentinel = useCallback((element: HTMLElement | null) => {
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setInView(!!entry?.isIntersecting));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Re-checked after every page: a fast page can arrive without any render seeing it in flight.
  const pages = data?.pages.length ?? 0;
  useEffect(() => {
    if (inView && hasNextPage && !isFetching && !isFetchingNextPage) void fetchNextPage();
  }, [inView, hasNextPage, isFetching, isFetchingNextPage, fetchNextPage, pages]);

  return sentinel;
}
