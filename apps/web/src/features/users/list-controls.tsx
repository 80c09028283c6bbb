import { Button, Center, Pagination } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { TABLE_PAGE_SIZE } from '@cutroom/domain';

/** Typing in a list's search box asks the server once the typing pauses. */
export const SEARCH_DEBOUNCE_MS = 500;

/** 'Clear Filter (n)' with the number of filters in use, as on the board; disabled when none are. */
export function ClearFilters({ count, onClear }: { count: number; onClear: () => void }) {
  return (
    <Button
      variant="light"
      color={count ? 'brand' : 'gray'}
      leftSection={<IconFilterOff size={16} />}
      disabled={count === 0}
      onClick={onClear}
      data-testid="clear-filter"
      data-count={count}
    >
      Clear Filter{count ? ` (${count})` : ''}
    </Button>
  );
}

/** The server pages the list 10 at a time; the pager shows when there is more than one page. */
export function Pager({ count, page, onChange }: { count: number; page: number; onChange: (page: number) => void }) {
  const total = Math.ceil(count / TABLE_PAGE_SIZE);
  if (total <= 1) return null;
  return (
    <Center>
      <Pagination total={total} value={page} onChange={onChange} siblings={1} aria-label="Pages" />
    </Center>
  );
}
