import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { YT_BOARD_COLUMNS } from '@cutroom/domain';
import { API } from '@cutroom/domain/contract';
import { CARD_PAGE_SIZE, type YtStatus } from '@cutroom/domain';
import type { CardTileReply } from '@cutroom/domain/schemas';
import { errorMessage, isApiError } from '../../lib/api-client';
import { call } from '../../lib/call';
import { notify } from '../../lib/notify';
import { ytMoveRequest, ytMoveSuccess, type YtMoveSend } from '../../lib/yt-moves';
import { nextOffset, type ColumnData, type ColumnPage } from './api';

export type YtColumnKey = (typeof YT_BOARD_COLUMNS)[number]['key'];

/** The helper board's filters: the helper call takes only a title search and View As (spec 000 §7). */
export interface YtFilters {
  card_name: string;
  view_as: number | null;
}

export const ytBoardKeys = {
  all: ['yt-board'] as const,
  columns: ['yt-board', 'column'] as const,
  columnAll: (key: YtColumnKey) => ['yt-board', 'column', key] as const,
  column: (key: YtColumnKey, filters: YtFilters) => ['yt-board', 'column', key, filters] as const,
  counts: (filters: YtFilters) => ['yt-board', 'counts', filters] as const,
};

const filterBody = (filters: YtFilters) => ({
  card_name: filters.card_name.trim() || undefined,
  view_as: filters.view_as ?? undefined,
});

/** One helper column, ten cards a page, with the normal board's stop rule. */
export function useYtColumnCards(key: YtColumnKey, filters: YtFilters) {
  return useInfiniteQuery({
    queryKey: ytBoardKeys.column(key, filters),
    queryFn: async ({ pageParam, signal }): Promise<ColumnPage> => {
      const reply = await call(API.ytHelper.cards, {
        body: { ...filterBody(filters), section: key, offset: pageParam, limit: CARD_PAGE_SIZE },
        signal,
      });
      const cards = reply[key] ?? [];
      return { cards, fetched: cards.length };
    },
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    placeholderData: keepPreviousData,
  });
}

/** Cards per helper column (the first page of every column comes with them; only the counts are kept). */
export function useYtCounts(filters: YtFilters) {
  return useQuery({
    queryKey: ytBoardKeys.counts(filters),
    queryFn: ({ signal }) =>
      call(API.ytHelper.cards, { body: { ...filterBody(filters), offset: 0, limit: 1, with_counts: true }, signal }),
    select: (reply) => reply.counts,
    placeholderData: keepPreviousData,
  });
}

type Snapshot = [QueryKey, unknown][];

const editColumn = (qc: QueryClient, key: YtColumnKey, edit: (page: ColumnPage, index: number) => ColumnPage) =>
  qc.setQueriesData<ColumnData>({ queryKey: ytBoardKeys.columnAll(key) }, (data) =>
    data ? { ...data, pages: data.pages.map(edit) } : data,
  );

/** Every cached helper column and count refetches (a move touches two columns and the counts). */
export const invalidateYtBoard = (qc: QueryClient) => qc.invalidateQueries({ queryKey: ytBoardKeys.all });

export interface YtBoardMove {
  card: CardTileReply;
  from: YtStatus;
  to: YtStatus;
  send: YtMoveSend;
}

/** What the moved tile looks like until the server's copy arrives. */
function movedTile({ card, to, send }: YtBoardMove): CardTileReply {
  const complete = to === 'completed';
  return {
    ...card,
    yt_card_status: complete ? card.yt_card_status : to,
    yt_is_complete: complete,
    ...(send.kind === 'revision' ? { yt_card_revision: card.yt_card_revision + 1 } : {}),
  };
}

/** A helper move from the board: the tile changes column at once and comes back if the server refuses. */
export function useYtBoardMove() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ card, send }: YtBoardMove) => ytMoveRequest(card.card_id, send),
    onMutate: async (move) => {
      await qc.cancelQueries({ queryKey: ytBoardKeys.columns });
      const snapshot: Snapshot = qc.getQueriesData({ queryKey: ytBoardKeys.columns });
      editColumn(qc, move.from, (p) => ({ ...p, cards: p.cards.filter((c) => c.card_id !== move.card.card_id) }));
      editColumn(qc, move.to, (p, i) => (i === 0 ? { ...p, cards: [movedTile(move), ...p.cards] } : p));
      return { snapshot };
    },
    onError: (error, move, context) => {
      context?.snapshot.forEach(([key, data]) => qc.setQueryData(key, data));
      // Field errors of the assets stay in their dialog; everything else is said here.
      if (!(move.send.kind === 'assets' && isApiError(error) && error.field)) notify.error(errorMessage(error));
      if (isApiError(error) && error.status === 409) void invalidateYtBoard(qc);
    },
    onSuccess: (reply, move) => notify.success(reply.message || ytMoveSuccess(move.send)),
    onSettled: () => invalidateYtBoard(qc),
  });
}
