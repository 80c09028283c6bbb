import { cardKeys } from '../../lib/card/card-keys';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { API, MOVE_ROUTES, type CallInput, type ReplyOf } from '@cutroom/domain/contract';
import {
  CARD_FIRST_LOAD_MIN,
  CARD_PAGE_SIZE,
  ROLE_LABELS,
  type BoardColumnKey,
  type CardStatus,
  type MoveCall,
  type Role,
} from '@cutroom/domain';
import type { CardTileReply, GetCardsBody, UserView } from '@cutroom/domain/schemas';
import { errorMessage, isApiError } from '../../lib/api-client';
import { call } from '../../lib/call';
import { uploadFile } from '../../lib/upload';
import { notify } from '../../lib/notify';
import { columnByKey, columnOfStatus } from './columns';

/** The filters of one view; part of every query key, so each combination caches on its own. */
export interface CardFilters {
  card_name: string;
  view_as: number | null;
  dataFilter: 'newest' | 'oldest';
  startDate: string | null;
  endDate: string | null;
  selectedDueDate: boolean;
}

export const boardKeys = {
  all: ['board'] as const,
  columns: ['board', 'column'] as const,
  columnAll: (key: BoardColumnKey) => ['board', 'column', key] as const,
  column: (key: BoardColumnKey, filters: CardFilters) => ['board', 'column', key, filters] as const,
  summaryAll: ['board', 'summary'] as const,
  summary: (filters: CardFilters) => ['board', 'summary', filters] as const,
  allowance: ['board', 'summary', 'allowance'] as const,
};

function filterBody(filters: CardFilters): GetCardsBody {
  const range = filters.startDate && filters.endDate;
  return {
    card_name: filters.card_name.trim() || undefined,
    view_as: filters.view_as ?? undefined,
    dataFilter: filters.dataFilter,
    startDate: range ? filters.startDate : undefined,
    endDate: range ? filters.endDate : undefined,
    selectedDueDate: range ? filters.selectedDueDate : undefined,
  };
}

/** One page as the server sent it; `fetched` survives optimistic edits so the stop rule stays honest. */
export interface ColumnPage {
  cards: CardTileReply[];
  fetched: number;
}
export type ColumnData = InfiniteData<ColumnPage, number>;

/**
 * Spec 000 §2: stop when the first load brings fewer than CARD_FIRST_LOAD_MIN cards or a page comes
 * back empty. The next offset counts the cards held now, since moves in and out shift the server's.
 */
export function nextOffset(lastPage: ColumnPage, pages: ColumnPage[]): number | undefined {
  if (pages.length === 1 && lastPage.fetched < CARD_FIRST_LOAD_MIN) return undefined;
  if (lastPage.fetched === 0) return undefined;
  return pages.reduce((n, p) => n + p.cards.length, 0);
}

/** A card can shift onto the next page while pages load; it shows once. */
export function flattenPages(data: { pages: ColumnPage[] } | undefined): CardTileReply[] {
  const seen = new Set<number>();
  const cards: CardTileReply[] = [];
  for (const page of data?.pages ?? []) {
    for (const card of page.cards) {
      if (!seen.has(card.card_id)) {
        seen.add(card.card_id);
        cards.push(card);
      }
    }
  }
  return cards;
}

/** One column's pages; the board's columns and the route's prefetch (prefetch.ts) share it, so keys match. */
export const columnQuery = (key: BoardColumnKey, filters: CardFilters) =>
  infiniteQueryOptions({
    queryKey: boardKeys.column(key, filters),
    queryFn: async ({ pageParam, signal }): Promise<ColumnPage> => {
      const reply = await call(API.board.cards, {
        body: { ...filterBody(filters), section: key, offset: pageParam, limit: CARD_PAGE_SIZE },
        signal,
      });
      const cards = reply[columnByKey(key).replyKey] ?? [];
      return { cards, fetched: cards.length };
    },
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });

export function useColumnCards(key: BoardColumnKey, filters: CardFilters) {
  return useInfiniteQuery({
    ...columnQuery(key, filters),
    // A new search keeps the old cards on screen until the new ones arrive, so columns don't flash.
    placeholderData: keepPreviousData,
  });
}

export type BoardSummary = ReplyOf<typeof API.board.counts> & { allowance?: ReplyOf<typeof API.board.allowance> };

export const countsQuery = (filters: CardFilters) =>
  queryOptions({
    queryKey: boardKeys.summary(filters),
    queryFn: ({ signal }) => call(API.board.counts, { body: filterBody(filters), signal }),
  });

export const allowanceQuery = queryOptions({
  queryKey: boardKeys.allowance,
  queryFn: ({ signal }) => call(API.board.allowance, { signal }),
});

/** Column counts and the monthly count (one cheap call), and for customers whether they may create. */
export function useBoardSummary(filters: CardFilters, role: Role) {
  const counts = useQuery({ ...countsQuery(filters), placeholderData: keepPreviousData });
  const allowance = useQuery({ ...allowanceQuery, enabled: role === 'customer' });
  const data: BoardSummary | undefined = counts.data && { ...counts.data, allowance: allowance.data };
  return { data };
}

export interface PersonOption {
  value: string;
  label: string;
  group: 'Team' | 'Customers';
}

/** View As choices: the staff and customers the viewer may see (GET /api/users, /api/customers). */
/** `wanted`: asked once the list opens or a choice needs its name, not with the board (200 people off its first screen). */
export function useViewAsOptions(viewerId: number, search: string, wanted = true) {
  const term = search.trim();
  return useQuery({
    queryKey: ['board', 'view-as-options', search.trim()],
    enabled: wanted,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<PersonOption[]> => {
      const query = { limit: 100, ...(term ? { search: term } : {}) };
      const [staff, customers] = await Promise.all([
        call(API.users.list, { query, signal }),
        call(API.users.customers, { query, signal }),
      ]);
      const option = (u: UserView, group: PersonOption['group']): PersonOption => ({
        value: String(u.client_id),
        label: group === 'Team' ? `${u.fullname} · ${ROLE_LABELS[u.client_type]}` : u.fullname,
        group,
      });
      // Viewing as oneself is the plain board.
      const others = (u: UserView) => u.client_id !== viewerId;
      return [
        ...staff.users.filter(others).map((u) => option(u, 'Team')),
        ...customers.customers.filter(others).map((u) => option(u, 'Customers')),
      ];
    },
  });
}

export type TitleSuggestion = ReplyOf<typeof API.cards.titles>['titles'][number];

export function useTitleSuggestions(title: string) {
  const term = title.trim();
  return useQuery({
    queryKey: ['board', 'titles', term],
    enabled: term.length >= 2,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => call(API.cards.titles, { query: { title: term }, signal }),
    select: (reply) => reply.titles,
  });
}

export type ActivityEntry = ReplyOf<typeof API.workflow.activity>['activity'][number];

export function useCardActivity(cardId: number | null) {
  return useQuery({
    queryKey: ['board', 'activity', cardId],
    enabled: cardId !== null,
    staleTime: 0,
    queryFn: ({ signal }) => call(API.workflow.activity, { params: { id: cardId ?? 0 }, signal }),
    select: (reply) => reply.activity,
  });
}

// ---- cache edits shared by the optimistic mutations ----

type Snapshot = [QueryKey, unknown][];

function editPages(qc: QueryClient, key: BoardColumnKey, edit: (page: ColumnPage, index: number) => ColumnPage) {
  qc.setQueriesData<ColumnData>({ queryKey: boardKeys.columnAll(key) }, (data) =>
    data ? { ...data, pages: data.pages.map(edit) } : data,
  );
}
const removeCard = (qc: QueryClient, key: BoardColumnKey, cardId: number) =>
  editPages(qc, key, (p) => ({ ...p, cards: p.cards.filter((c) => c.card_id !== cardId) }));
/** A card arriving in a column shows at its top until the refetch puts it in place. */
const addCard = (qc: QueryClient, key: BoardColumnKey, card: CardTileReply) =>
  editPages(qc, key, (p, i) => (i === 0 ? { ...p, cards: [card, ...p.cards] } : p));
const patchCard = (qc: QueryClient, key: BoardColumnKey, cardId: number, patch: Partial<CardTileReply>) =>
  editPages(qc, key, (p) => ({ ...p, cards: p.cards.map((c) => (c.card_id === cardId ? { ...c, ...patch } : c)) }));

async function snapshotColumns(qc: QueryClient, keys: BoardColumnKey[]): Promise<Snapshot> {
  await Promise.all(keys.map((key) => qc.cancelQueries({ queryKey: boardKeys.columnAll(key) })));
  return keys.flatMap((key) => qc.getQueriesData({ queryKey: boardKeys.columnAll(key) }));
}
const restore = (qc: QueryClient, snapshot: Snapshot | undefined) =>
  snapshot?.forEach(([key, data]) => qc.setQueryData(key, data));

/** Refetches these columns (every filter combination cached) and the counts. */
export const invalidateColumns = (qc: QueryClient, keys: BoardColumnKey[]) =>
  Promise.all([
    ...[...new Set(keys)].map((key) => qc.invalidateQueries({ queryKey: boardKeys.columnAll(key) })),
    qc.invalidateQueries({ queryKey: boardKeys.summaryAll }),
  ]);

/** On refusal: undo, say the server's reason; a stale move (409) means the board is behind, so reload it. */
function onRefused(qc: QueryClient, error: unknown, snapshot: Snapshot | undefined) {
  restore(qc, snapshot);
  notify.error(errorMessage(error));
  if (isApiError(error) && error.status === 409) void qc.invalidateQueries({ queryKey: boardKeys.all });
}

/** The column a card is cached in, for live events that don't say where the card is. */
export function findCardColumn(qc: QueryClient, cardId: number): BoardColumnKey | null {
  for (const [key, data] of qc.getQueriesData<ColumnData>({ queryKey: boardKeys.columns })) {
    if (flattenPages(data).some((c) => c.card_id === cardId)) return key[2] as BoardColumnKey;
  }
  return null;
}

// ---- moves ----

type MoveRoute = (typeof MOVE_ROUTES)[MoveCall];
/** The body of any of the seven move calls; the workflow builds the one its dialog collects. */
export type MoveBody = CallInput<MoveRoute>['body'];

export interface MoveRequest {
  card: CardTileReply;
  to: CardStatus;
  call: MoveCall;
  body: MoveBody;
}

/** What the moved card looks like until the server's copy arrives. */
function movedCard({ card, to, call }: MoveRequest): CardTileReply {
  return {
    ...card,
    card_status: to,
    updated_at: new Date().toISOString(),
    ...(call === 'revision' ? { revision_nr: card.revision_nr + 1 } : {}),
    ...(call === 'markComplete' ? { is_complete: true } : {}),
  };
}

export function useMoveCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ card, call: move, body }: MoveRequest) =>
      call<MoveRoute>(MOVE_ROUTES[move], { params: { id: card.card_id }, body }),
    onMutate: async (request) => {
      const from = columnOfStatus(request.card.card_status).key;
      const to = columnOfStatus(request.to).key;
      const snapshot = await snapshotColumns(qc, [from, to]);
      removeCard(qc, from, request.card.card_id);
      addCard(qc, to, movedCard(request));
      return { snapshot };
    },
    onError: (error, _request, context) => onRefused(qc, error, context?.snapshot),
    onSuccess: (reply) => notify.success(reply.message),
    onSettled: (_reply, _error, request) => {
      // The card's own page, when the move was made there (its header's status menu).
      void qc.invalidateQueries({ queryKey: cardKeys.card(request.card.card_id) });
      return invalidateColumns(qc, [columnOfStatus(request.card.card_status).key, columnOfStatus(request.to).key]);
    },
  });
}

export interface ReorderRequest {
  queryKey: QueryKey;
  order: CardTileReply[];
  changes: { card_id: number; sort: number }[];
}

/** Drops inside Video Requests: the new order shows at once and the changed sort values are sent. */
export function useReorderCards() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ changes }: ReorderRequest) => call(API.workflow.updateSort, { body: { cards: changes } }),
    onMutate: async ({ queryKey, order }) => {
      await qc.cancelQueries({ queryKey });
      const snapshot: Snapshot = [[queryKey, qc.getQueryData(queryKey)]];
      qc.setQueryData<ColumnData>(queryKey, (data) => {
        if (!data) return data;
        let at = 0;
        const pages = data.pages.map((p) => {
          const cards = order.slice(at, at + p.cards.length);
          at += p.cards.length;
          return { ...p, cards };
        });
        return { ...data, pages };
      });
      return { snapshot };
    },
    onError: (error, _request, context) => onRefused(qc, error, context?.snapshot),
    onSettled: () => qc.invalidateQueries({ queryKey: boardKeys.columnAll('video_request') }),
  });
}

export function usePauseCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ card, paused }: { card: CardTileReply; paused: boolean }) =>
      call(API.workflow.pause, { params: { id: card.card_id }, body: { paused: paused ? 1 : 0 } }),
    onMutate: async ({ card, paused }) => {
      const key = columnOfStatus(card.card_status).key;
      const snapshot = await snapshotColumns(qc, [key]);
      patchCard(qc, key, card.card_id, { paused });
      return { snapshot };
    },
    onError: (error, _request, context) => onRefused(qc, error, context?.snapshot),
    onSuccess: (reply) => notify.success(reply.message),
    onSettled: (_r, _e, { card }) => invalidateColumns(qc, [columnOfStatus(card.card_status).key]),
  });
}

/** Assigns the card just moved to Editing (the move dialog asked who edits it); its tile follows. */
export function useAssignOnMove() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ cardId, assignee }: { cardId: number; assignee: number }) =>
      call(API.cardDetails.assign, { body: { card_id: cardId, assign_to: assignee } }),
    onError: (error) => notify.error(errorMessage(error)),
    onSettled: () => invalidateColumns(qc, ['editing']),
  });
}

export function useArchiveCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (card: CardTileReply) => call(API.workflow.archive, { params: { id: card.card_id } }),
    onMutate: async (card) => {
      const key = columnOfStatus(card.card_status).key;
      const snapshot = await snapshotColumns(qc, [key]);
      removeCard(qc, key, card.card_id);
      return { snapshot };
    },
    onError: (error, _request, context) => onRefused(qc, error, context?.snapshot),
    onSuccess: (reply) => notify.success(reply.message),
    onSettled: (_r, _e, card) => invalidateColumns(qc, [columnOfStatus(card.card_status).key]),
  });
}

export function useRateCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ cardId, ...body }: CallInput<typeof API.workflow.rate>['body'] & { cardId: number }) =>
      call(API.workflow.rate, { params: { id: cardId }, body }),
    onSuccess: (reply) => notify.success(reply.message),
    onError: (error) => notify.error(errorMessage(error)),
    // The rating star shows on the Completed tile.
    onSettled: () => qc.invalidateQueries({ queryKey: boardKeys.columnAll('updatedDone') }),
  });
}

/** SRT files for the repurposed video go through the storage layer (POST /api/media). */
export function useUploadMedia() {
  return useMutation({
    mutationFn: (file: File) => uploadFile(file, 'subtitles'),
    onError: (error) => notify.error(errorMessage(error)),
  });
}
