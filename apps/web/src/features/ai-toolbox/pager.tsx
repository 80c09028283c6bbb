import { Center, Group, Pagination } from '@mantine/core';
import { AI_LIMITS } from '@cutroom/domain';

/** The page numbers shown: at most five, around the current page (spec 002 §9 "pager shows 5 pages"). */
export function pagerWindow(page: number, total: number, buttons: number = AI_LIMITS.pagerButtons): number[] {
  const start = Math.max(1, Math.min(page - Math.floor(buttons / 2), total - buttons + 1));
  const end = Math.min(total, start + buttons - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

/** First, previous, five numbered pages, next and last; hidden when everything fits on one page. */
export function FivePager({ page, total, onChange }: { page: number; total: number; onChange: (p: number) => void }) {
  if (total <= 1) return null;
  return (
    <Center>
      <Pagination.Root total={total} value={page} onChange={onChange} aria-label="Pages">
        <Group gap={6} justify="center">
          <Pagination.First aria-label="First page" />
          <Pagination.Previous aria-label="Previous page" />
          {pagerWindow(page, total).map((p) => (
            <Pagination.Control
              key={p}
              active={p === page}
              onClick={() => onChange(p)}
              aria-current={p === page ? 'page' : undefined}
            >
              {p}
            </Pagination.Control>
          ))}
          <Pagination.Next aria-label="Next page" />
          <Pagination.Last aria-label="Last page" />
        </Group>
      </Pagination.Root>
    </Center>
  );
}
