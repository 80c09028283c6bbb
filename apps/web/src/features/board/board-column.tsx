import { memo, useMemo, type ReactNode } from 'react';
import { Badge, Button, Center, Group, Loader, Skeleton, Text, Title } from '@mantine/core';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { MSG } from '@cutroom/domain';
import type { CardTileReply } from '@cutroom/domain/schemas';
import { flattenPages, useColumnCards, type CardFilters } from './api';
import classes from './board.module.css';
import { CardTile } from './card-tile';
import type { BoardColumn } from './columns';
import { useShownTiles } from './first-screen';
import { useLoadMore } from './use-load-more';

/** What a drag is allowed to do with this column: undefined while nothing is dragged. */
export type DropState = 'legal' | 'illegal' | 'source' | undefined;

export interface DragData {
  card: CardTileReply;
  column: BoardColumn['key'];
}

// Tiles and columns are memoized: a column's fetch state or the page's header changing does not redraw
// every tile (issue 17: the board's main-thread time on a slow phone).
const DraggableTile = memo(function DraggableTile({
  card,
  column,
  canDrag,
}: {
  card: CardTileReply;
  column: BoardColumn['key'];
  canDrag: boolean;
}) {
  const data: DragData = { card, column };
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: card.card_id, data, disabled: !canDrag });
  return <CardTile card={card} ref={setNodeRef} dragging={isDragging} {...listeners} />;
});

/** Video Requests tiles also take drops, so admins and customers can reorder them. */
const SortableTile = memo(function SortableTile({
  card,
  canDrag,
  dropState,
}: {
  card: CardTileReply;
  canDrag: boolean;
  dropState: DropState;
}) {
  const data: DragData = { card, column: 'video_request' };
  const { setNodeRef, listeners, isDragging, transform, transition } = useSortable({
    id: card.card_id,
    data,
    disabled: { draggable: !canDrag, droppable: dropState === 'illegal' },
  });
  return (
    <CardTile
      card={card}
      ref={setNodeRef}
      dragging={isDragging}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      {...listeners}
    />
  );
});

/** What a column shows of its query: loading, failure, empty, more pages. */
export interface ColumnQuery {
  data?: { pages: unknown[] } | undefined;
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  refetch: () => Promise<unknown>;
}

interface ColumnShellProps {
  columnKey: string;
  title: string;
  count: number | undefined;
  query: ColumnQuery;
  /** How many cards are loaded, for the count until the server's arrives and for the empty state. */
  loaded: number;
  dropState: DropState;
  over: boolean;
  /** A line under the title on how the column is ordered. */
  note?: string;
  /** Its cards are in but their tiles are still being drawn (first-screen.ts): placeholders meanwhile. */
  drawing?: boolean;
  children: ReactNode;
}

/**
 * A column of either board: the drop zone, title and count, the tiles, and the loading, failure, empty
 * and next-page states under them; infinite scroll runs off its sentinel.
 */
export function ColumnShell({
  columnKey,
  title,
  count,
  query,
  loaded,
  dropState,
  over,
  note,
  drawing = false,
  children,
}: ColumnShellProps) {
  const { setNodeRef } = useDroppable({
    id: `column-${columnKey}`,
    data: { column: columnKey },
    disabled: dropState === 'illegal',
  });
  const sentinel = useLoadMore(query);
  return (
    <section
      ref={setNodeRef}
      className={classes.column}
      data-testid={`column-${columnKey}`}
      data-column={columnKey}
      data-drop={dropState}
      data-over={over && dropState === 'legal'}
      aria-label={title}
      aria-busy={query.isFetching}
    >
      <Group justify="space-between" px="sm" pt="sm" pb={8} wrap="nowrap">
        <Title order={2} fz="sm" fw={700} tt="uppercase" c="gray.7" style={{ letterSpacing: 0.4 }}>
          {title}
        </Title>
        <Badge variant="white" color="gray" radius="sm" data-testid={`column-count-${columnKey}`}>
          {count ?? loaded}
        </Badge>
      </Group>
      {note && (
        <Text fz="xs" c="dimmed" px="sm" mt={-4} mb={6} data-testid={`column-note-${columnKey}`}>
          {note}
        </Text>
      )}
      <div className={classes.columnBody}>
        {children}
        {(query.isPending || drawing) &&
          Array.from({ length: 3 }, (_, i) => <Skeleton key={i} h={96} radius="md" aria-hidden />)}
        {query.isError && (
          <Center py="md" style={{ flexDirection: 'column', gap: 6 }}>
            <Text fz="xs" c="red.7" ta="center">
              {MSG.generic}
            </Text>
            <Button size="compact-xs" variant="subtle" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </Center>
        )}
        {query.isSuccess && loaded === 0 && (
          <Text fz="xs" c="dimmed" ta="center" py="lg">
            {MSG.noCardsInColumn}
          </Text>
        )}
        <div ref={sentinel} style={{ minHeight: 1 }} />
        {query.isFetchingNextPage && (
          <Center py={6}>
            <Loader size="xs" />
          </Center>
        )}
      </div>
    </section>
  );
}

interface BoardColumnViewProps {
  column: BoardColumn;
  /** Its place in the strip, for what the first screen shows. */
  index: number;
  filters: CardFilters;
  count: number | undefined;
  dropState: DropState;
  over: boolean;
  sortable: boolean;
  canDrag: (card: CardTileReply) => boolean;
}

export const BoardColumnView = memo(function BoardColumnView({
  column,
  index,
  filters,
  count,
  dropState,
  over,
  sortable,
  canDrag,
}: BoardColumnViewProps) {
  const query = useColumnCards(column.key, filters);
  const cards = useMemo(() => flattenPages(query.data), [query.data]);
  const { shown, drawing } = useShownTiles(cards, index);

  const tiles = shown.map((card) =>
    sortable ? (
      <SortableTile key={card.card_id} card={card} canDrag={canDrag(card)} dropState={dropState} />
    ) : (
      <DraggableTile key={card.card_id} card={card} column={column.key} canDrag={canDrag(card)} />
    ),
  );

  return (
    <ColumnShell
      columnKey={column.key}
      title={column.title}
      count={count}
      query={query}
      loaded={cards.length}
      dropState={dropState}
      over={over}
      drawing={drawing}
      note={column.key === 'video_request' ? (sortable ? MSG.priorityOrderDrag : MSG.priorityOrder) : undefined}
    >
      {sortable ? (
        <SortableContext items={cards.map((c) => c.card_id)} strategy={verticalListSortingStrategy}>
          {tiles}
        </SortableContext>
      ) : (
        tiles
      )}
    </ColumnShell>
  );
});
