import { useMemo, useState } from 'react';
import { Badge, Center, Loader, Paper, SimpleGrid, Skeleton, Tabs, Text } from '@mantine/core';
import { MSG, YT_LIST_TABS } from '@cutroom/domain';
import { flattenPages } from './api';
import classes from './list.module.css';
import { useYtColumnCards, type YtColumnKey, type YtFilters } from './yt-api';
import { YtCardTile } from './yt-card-tile';
import { useLoadMore } from './use-load-more';

function YtListSection({ columnKey, filters }: { columnKey: YtColumnKey; filters: YtFilters }) {
  const query = useYtColumnCards(columnKey, filters);
  const cards = useMemo(() => flattenPages(query.data), [query.data]);
  const sentinel = useLoadMore(query);
  return (
    <div data-testid={`column-${columnKey}`}>
      {query.isPending && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-hidden>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} h={110} radius="md" />
          ))}
        </SimpleGrid>
      )}
      {query.isError && <Text c="red.7">{MSG.generic}</Text>}
      {query.isSuccess && cards.length === 0 && (
        <Paper p="xl" radius="md">
          <Text c="dimmed" ta="center">
            {MSG.noCardsInColumn}
          </Text>
        </Paper>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {cards.map((card) => (
          <YtCardTile key={card.card_id} card={card} />
        ))}
      </SimpleGrid>
      <div ref={sentinel} style={{ minHeight: 1 }} />
      {query.isFetchingNextPage && (
        <Center>
          <Loader size="sm" />
        </Center>
      )}
    </div>
  );
}

/** The helper mode of the list view: one tab per helper status with its count, in the domain's order and words. */
export function YtListView({ filters, counts }: { filters: YtFilters; counts: Record<string, number> | undefined }) {
  const [tab, setTab] = useState<YtColumnKey>('assigned');
  return (
    <Tabs value={tab} onChange={(v) => v && setTab(v as YtColumnKey)} data-testid="yt-list-view">
      <Tabs.List className={classes.tabList} mb="md">
        {YT_LIST_TABS.map(({ key, title }) => (
          <Tabs.Tab
            key={key}
            value={key}
            className={classes.tab}
            data-testid={`list-tab-${key}`}
            rightSection={
              counts?.[key] ? (
                <Badge size="xs" variant="light" color="gray" radius="sm">
                  {counts[key]}
                </Badge>
              ) : null
            }
          >
            {title}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value={tab}>
        <YtListSection key={tab} columnKey={tab} filters={filters} />
      </Tabs.Panel>
    </Tabs>
  );
}
