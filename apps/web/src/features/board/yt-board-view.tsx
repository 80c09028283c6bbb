import { useMemo, useState } from 'react';
import { DndContext, DragOverlay, pointerWithin, useDraggable, type DragEndEvent } from '@dnd-kit/core';
import { YT_BOARD_COLUMNS, type YtStatus } from '@cutroom/domain';
import type { CardTileReply } from '@cutroom/domain/schemas';
import { ytPolicyFor, ytStatusOf, type PolicyViewer } from '../../lib/policy';
import { flattenPages } from './api';
import { ColumnShell, type DropState } from './board-column';
import { useShownTiles } from './first-screen';
import { DRAG_OVERLAY_Z, DROP_ANIMATION, cardOf, useBoardSensors } from './board-view';
import { useYtColumnCards, type YtColumnKey, type YtFilters } from './yt-api';
import { YtCardTile } from './yt-card-tile';
import { useYtActions } from './yt-workflow';
import { BoardStrip } from './board-strip';

/** Columns a dragged helper card may land on: the user's helper moves (the domain's legalYtMoves). */
export const ytDropTargets = (user: PolicyViewer, card: CardTileReply): Set<YtStatus> =>
  new Set(ytPolicyFor(user, card).moves);

const overColumnOf = (data: unknown) => (data as { column?: YtColumnKey } | undefined)?.column ?? null;

function DraggableYtTile({ card, column, canDrag }: { card: CardTileReply; column: YtColumnKey; canDrag: boolean }) {
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: card.card_id,
    data: { card, column },
    disabled: !canDrag,
  });
  return <YtCardTile card={card} ref={setNodeRef} dragging={isDragging} {...listeners} />;
}

interface YtColumnProps {
  column: (typeof YT_BOARD_COLUMNS)[number];
  index: number;
  filters: YtFilters;
  count: number | undefined;
  dropState: DropState;
  over: boolean;
}

function YtColumn({ column, index, filters, count, dropState, over }: YtColumnProps) {
  const { user } = useYtActions();
  const query = useYtColumnCards(column.key, filters);
  const cards = useMemo(() => flattenPages(query.data), [query.data]);
  const { shown, drawing } = useShownTiles(cards, index);
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
    >
      {shown.map((card) => (
        <DraggableYtTile
          key={card.card_id}
          card={card}
          column={column.key}
          canDrag={ytDropTargets(user, card).size > 0}
        />
      ))}
    </ColumnShell>
  );
}

/** The YouTube-helper board (spec 000 §2): its six columns, dropping only where the helper policy allows. */
export function YtBoardView({ filters, counts }: { filters: YtFilters; counts: Record<string, number> | undefined }) {
  const { user, requestMove } = useYtActions();
  const sensors = useBoardSensors();
  const [active, setActive] = useState<CardTileReply | null>(null);
  const [overColumn, setOverColumn] = useState<YtColumnKey | null>(null);

  const targets = active ? ytDropTargets(user, active) : null;
  const source = active ? ytStatusOf(active) : null;
  const dropState = (key: YtColumnKey): DropState =>
    !targets ? undefined : targets.has(key) ? 'legal' : key === source ? 'source' : 'illegal';
  const crossingOver = overColumn && overColumn !== source && targets?.has(overColumn);
  const stop = () => {
    setActive(null);
    setOverColumn(null);
  };

  const onDragEnd = ({ active: a, over }: DragEndEvent) => {
    stop();
    const card = cardOf(a.data.current);
    const target = overColumnOf(over?.data.current);
    if (card && target && ytDropTargets(user, card).has(target)) requestMove(card, target, true);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerWithin}
      onDragStart={({ active: a }) => setActive(cardOf(a.data.current))}
      onDragOver={({ over }) => setOverColumn(overColumnOf(over?.data.current))}
      onDragEnd={onDragEnd}
      onDragCancel={stop}
    >
      <BoardStrip
        testId="yt-board-view"
        dragging={!!active}
        overview={YT_BOARD_COLUMNS.map((column) => ({
          key: column.key,
          title: column.title,
          count: counts?.[column.key],
        }))}
      >
        {YT_BOARD_COLUMNS.map((column, index) => (
          <YtColumn
            key={column.key}
            column={column}
            index={index}
            filters={filters}
            count={counts?.[column.key]}
            dropState={dropState(column.key)}
            over={overColumn === column.key}
          />
        ))}
      </BoardStrip>
      <DragOverlay dropAnimation={crossingOver ? null : DROP_ANIMATION} zIndex={DRAG_OVERLAY_Z}>
        {active && <YtCardTile card={active} overlay />}
      </DragOverlay>
    </DndContext>
  );
}
