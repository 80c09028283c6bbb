import { useMemo, useState } from 'react';
import { Badge, Button, Center, Group, Loader, Paper, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { ALL_TABS_SHOW_MORE_ABOVE, MSG } from '@cutroom/domain';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { boardKeys, flattenPages, useColumnCards, type CardFilters } from './api';
import { ALL_TABS, listColumns, listTitle, type BoardColumn, type ListTab } from './columns';
import classes from './list.module.css';
import { ListRow } from './list-row';
import type { HomeFilters } from './use-home-filters';
import { useLoadMore } from './use-load-more';
import { usePhoneLayout } from '../../lib/phone-layout';
import { HydrationSlice } from '../../components/hydration-slice';

interface SectionProps {
  column: BoardColumn;
  filters: CardFilters;
  mobile: boolean;
}

function RowsSkeleton() {
  return (
    <Stack gap="xs" aria-hidden>
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} h={56} radius="md" />
      ))}
    </Stack>
  );
}

/** One status: every card, page after page as the list scrolls. */
function ListSection({ column, filters, mobile }: SectionProps) {
  const query = useColumnCards(column.key, filters);
  const cards = useMemo(() => flattenPages(query.data), [query.data]);
  const sentinel = useLoadMore(query);
  return (
    <Stack gap="xs" data-testid={`column-${column.key}`}>
      {query.isPending && <RowsSkeleton />}
      {query.isError && <Text c="red.7">{MSG.generic}</Text>}
      {query.isSuccess && cards.length === 0 && (
        <Paper p="xl" radius="md">
          <Text c="dimmed" ta="center">
            {MSG.noCardsInColumn}
          </Text>
        </Paper>
      )}
      {cards.map((card) => (
        <ListRow key={card.card_id} card={card} mobile={mobile} />
      ))}
      <div ref={sentinel} style={{ minHeight: 1 }} />
      {query.isFetchingNextPage && (
        <Center>
          <Loader size="sm" />
        </Center>
      )}
    </Stack>
  );
}

/** All Tabs: a group per status with its count; more than five cards fold behind Show More. */
function StatusGroup({ column, filters, mobile, count }: SectionProps & { count: number | undefined }) {
  const [expanded, setExpanded] = useState(false);
  const query = useColumnCards(column.key, filters);
  const cards = useMemo(() => flattenPages(query.data), [query.data]);
  const total = count ?? cards.length;
  if (query.isSuccess && cards.length === 0) return null;
  return (
    <Stack gap="xs" data-testid={`group-${column.key}`}>
      <Group gap="xs">
        <Title order={2} fz="md">
          {listTitle(column)}
        </Title>
        <Badge variant="light" color="gray" radius="sm">
          {total}
        </Badge>
      </Group>
      {query.isPending && <RowsSkeleton />}
      {expanded ? (
        <ListSection column={column} filters={filters} mobile={mobile} />
      ) : (
        cards
          .slice(0, ALL_TABS_SHOW_MORE_ABOVE)
          .map((card) => <ListRow key={card.card_id} card={card} mobile={mobile} />)
      )}
      {!expanded && total > ALL_TABS_SHOW_MORE_ABOVE && (
        <Button
          variant="subtle"
          size="xs"
          rightSection={<IconChevronDown size={14} />}
          onClick={() => setExpanded(true)}
          data-testid={`show-more-${column.key}`}
          style={{ alignSelf: 'flex-start' }}
        >
          Show More
        </Button>
      )}
    </Stack>
  );
}

/**
 * All Tabs shows its groups once the first page of each has arrived: groups filling in one by one pushed
 * the ones below them down the screen (issue 17: layout shift on the customer's board). Later refetches
 * (filters, live events) keep the groups on screen.
 */
function useFirstPagesLoaded(columns: BoardColumn[], filters: CardFilters): boolean {
  const queryClient = useQueryClient();
  // Subscribes to the columns' fetches; the answer itself is read from the cache below.
  useIsFetching({ queryKey: boardKeys.columns });
  const loaded = columns.every((c) => {
    const state = queryClient.getQueryState(boardKeys.column(c.key, filters));
    return state !== undefined && (state.data !== undefined || state.status === 'error');
  });
  const [shown, setShown] = useState(loaded);
  if (loaded && !shown) setShown(true);
  return shown || loaded;
}

function AllTabs({
  columns,
  filters,
  mobile,
  counts,
}: {
  columns: BoardColumn[];
  filters: CardFilters;
  mobile: boolean;
  counts: Record<string, number> | undefined;
}) {
  const loaded = useFirstPagesLoaded(columns, filters);
  return (
    <>
      {!loaded && <RowsSkeleton />}
      {/* A plain `hidden`: Mantine's display prop left class=" " or "" after the first pages came, by timing. */}
      <div hidden={!loaded}>
        <Stack gap="xl">
          {columns.map((c) => (
            <HydrationSlice key={c.key}>
              <StatusGroup column={c} filters={filters} mobile={mobile} count={counts?.[c.key]} />
            </HydrationSlice>
          ))}
        </Stack>
      </div>
    </>
  );
}

export function ListView({ home, counts }: { home: HomeFilters; counts: Record<string, number> | undefined }) {
  const mobile = usePhoneLayout();
  const columns = listColumns(home.show);
  const tab: ListTab = columns.some((c) => c.key === home.activeTab) ? home.activeTab : ALL_TABS;
  const current = columns.find((c) => c.key === tab);
  const allEmpty = counts && columns.every((c) => !counts[c.key]);

  return (
    // One panel, the current tab's: nothing to keep mounted (Mantine would wrap it in an Activity, hydrated at once).
    <Tabs value={tab} onChange={(v) => v && home.setTab(v as ListTab)} keepMounted={false} data-testid="list-view">
      <Tabs.List className={classes.tabList} mb="md">
        <Tabs.Tab value={ALL_TABS} className={classes.tab} data-testid="list-tab-all">
          All Tabs
        </Tabs.Tab>
        {columns.map((c) => (
          <Tabs.Tab
            key={c.key}
            value={c.key}
            className={classes.tab}
            data-testid={`list-tab-${c.key}`}
            rightSection={
              counts?.[c.key] ? (
                <Badge size="xs" variant="light" color="gray" radius="sm">
                  {counts[c.key]}
                </Badge>
              ) : null
            }
          >
            {listTitle(c)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value={tab}>
        {current ? (
          <ListSection key={current.key} column={current} filters={home.filters} mobile={mobile} />
        ) : allEmpty ? (
          <Paper p="xl" radius="md">
            <Text c="dimmed" ta="center">
              {MSG.noCardsMatch}
            </Text>
          </Paper>
        ) : (
          <AllTabs columns={columns} filters={home.filters} mobile={mobile} counts={counts} />
        )}
      </Tabs.Panel>
    </Tabs>
  );
}
