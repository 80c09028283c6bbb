import { memo, useCallback, useState } from 'react';
import {
  DndContext,
  DragOverlay,
  MouseSensor,
  TouchSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type DropAnimation,
} from '@dnd-kit/core';
import { getDefaultZIndex } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { BoardColumnKey } from '@cutroom/domain';
import type { CardTileReply } from '@cutroom/domain/schemas';
import { boardKeys, flattenPages, useReorderCards, type CardFilters, type ColumnData } from './api';
import { BoardColumnView, type DragData, type DropState } from './board-column';
import { HydrationSlice } from '../../components/hydration-slice';
import { CardTile } from './card-tile';
import { columnByKey, columnOfStatus, type BoardColumn } from './columns';
import { canReorder, dropTargets, reorderedSorts } from './move-plan';
import { useCardActions } from './move-workflow';
import { BoardStrip } from './board-strip';

/** Spec 000 §9: the drop animation takes 600 ms. */
export const DROP_ANIMATION: DropAnimation = { duration: 600, easing: 'cubic-bezier(0.2, 0.8, 0.2, 1)' };
/** Above the board, below Mantine's dialogs (modal 200) and menus: a drop's dialog is never under the moving copy. */
export const DRAG_OVERLAY_Z = getDefaultZIndex('modal') - 1;

interface BoardViewProps {
  columns: BoardColumn[];
  filters: CardFilters;
  counts: Record<string, number> | undefined;
}

/** Tiles carry their card; column droppables carry only the column key. */
export const cardOf = (data: unknown) => (data as Partial<DragData> | undefined)?.card ?? null;
const overColumnOf = (data: unknown) => (data as { column?: BoardColumnKey } | undefined)?.column ?? null;

/** Both boards start a drag the same way. */
export function useBoardSensors() {
  return useSensors(
    // A few pixels of travel before a drag, so a click still opens the card.
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // On touch a short press starts the drag, so swiping still scrolls the board.
    useSensor(TouchSensor, { activationConstraint: { delay: 220, tolerance: 8 } }),
  );
}

/**
 * The Kanban board. While a card is dragged, only the columns the domain's transition table allows
 * accept it (the rest dim and refuse the drop); a drop opens that move's dialog. Memoized: the home page
 * draws again on every change of the router's state (a tap's navigation starting), and the drag context's new
 * handlers would then draw every tile again (issue 36).
 */
export const BoardView = memo(function BoardView({ columns, filters, counts }: BoardViewProps) {
  const { user, requestMove } = useCardActions();
  const role = user.client_type;
  const queryClient = useQueryClient();
  const reorder = useReorderCards();
  const [active, setActive] = useState<CardTileReply | null>(null);
  const [overColumn, setOverColumn] = useState<BoardColumnKey | null>(null);
  const sensors = useBoardSensors();
  // Stable, so the memoized columns redraw only when their own props change.
  const canDrag = useCallback((card: CardTileReply) => dropTargets(user, card).size > 0, [user]);

  const targets = active ? dropTargets(user, active) : null;
  const source = active ? columnOfStatus(active.card_status).key : null;
  const dropState = (key: BoardColumnKey): DropState =>
    !targets ? undefined : targets.has(key) ? 'legal' : key === source ? 'source' : 'illegal';
  const crossingOver = overColumn && overColumn !== source && targets?.has(overColumn);

  const onDragStart = ({ active: a }: DragStartEvent) => setActive(cardOf(a.data.current));
  const onDragOver = ({ over }: DragOverEvent) => setOverColumn(overColumnOf(over?.data.current));
  const onDragCancel = () => {
    setActive(null);
    setOverColumn(null);
  };

  const reorderWithin = (card: CardTileReply, overCardId: number | null) => {
    const queryKey = boardKeys.column('video_request', filters);
    const cards = flattenPages(queryClient.getQueryData<ColumnData>(queryKey));
    const from = cards.findIndex((c) => c.card_id === card.card_id);
    const to = overCardId === null ? cards.length - 1 : cards.findIndex((c) => c.card_id === overCardId);
    if (from < 0 || to < 0 || from === to) return;
    const { order, changes } = reorderedSorts(cards, from, to);
    if (changes.length) reorder.mutate({ queryKey, order, changes });
  };

  const onDragEnd = ({ active: a, over }: DragEndEvent) => {
    onDragCancel();
    const card = cardOf(a.data.current);
    const target = overColumnOf(over?.data.current);
    if (!card || !target || !dropTargets(user, card).has(target)) return;
    if (target !== columnOfStatus(card.card_status).key) {
      requestMove(card, columnByKey(target).status);
      return;
    }
    if (target === 'video_request' && canReorder(role)) {
      // Over the column's empty space rather than a tile: the card goes to the end.
      reorderWithin(card, cardOf(over?.data.current)?.card_id ?? null);
    }
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerWithin}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
    >
      <BoardStrip
        testId="board-view"
        dragging={!!active}
        overview={columns.map((column) => ({ key: column.key, title: column.title, count: counts?.[column.key] }))}
      >
        {columns.map((column, index) => (
          <HydrationSlice key={column.key}>
            <BoardColumnView
              column={column}
              index={index}
              filters={filters}
              count={counts?.[column.key]}
              dropState={dropState(column.key)}
              over={overColumn === column.key}
              sortable={column.key === 'video_request' && canReorder(role)}
              canDrag={canDrag}
            />
          </HydrationSlice>
        ))}
      </BoardStrip>
      {/* A legal drop opens a dialog, so the copy vanishes rather than flying back to its column. */}
      <DragOverlay dropAnimation={crossingOver ? null : DROP_ANIMATION} zIndex={DRAG_OVERLAY_Z}>
        {active && <CardTile card={active} overlay />}
      </DragOverlay>
    </DndContext>
  );
});
