import { vi } from 'vitest';
import { BOARD_COLUMNS, YT_BOARD_COLUMNS, type Role, type YtStatus } from '@cutroom/domain';
import { cardTile, type CardTileReply } from '@cutroom/domain/schemas';
import { makeCardDetail, makeUser } from '../../test/fixtures';
import { fakeServer, type Reply } from '../../test/fake-server';

/** Where a new request on the board differs from the delivered card of makeCardDetail. */
const NEW_REQUEST: Partial<CardTileReply> = {
  card_id: 1,
  card_title: 'Morning routine vlog',
  card_status: 'video_request',
  due_date: null,
  creation_time: '2026-01-05T10:00:00.000Z',
  updated_at: '2026-01-05T10:00:00.000Z',
  client_id: 7,
  assigned_to: null,
  assigned_to_name: null,
  assigned_qa_id: null,
  qa_firstname: null,
  qa_lastname: null,
  timeline: null,
  subscription_type: undefined,
};

/** A board tile as POST /api/getCards returns it, cut from the card fixture; tests override what they care about. */
export function makeCard(overrides: Partial<CardTileReply> = {}): CardTileReply {
  return cardTile.parse(makeCardDetail({ ...NEW_REQUEST, ...overrides }));
}

interface CardsBody {
  section?: string;
  offset?: number;
  limit?: number;
  with_counts?: boolean;
}

/** POST /api/getCards over a fixed set of cards, paged per column like the server. */
export function getCardsOver(cards: CardTileReply[]) {
  return (body: unknown): Reply => {
    const b = body as CardsBody;
    const column = BOARD_COLUMNS.find((c) => c.key === b.section);
    if (!column) return { status: 400, body: { error_message: 'section', code: 'VALIDATION' } };
    const offset = b.offset ?? 0;
    const list = cards.filter((c) => c.card_status === column.status).slice(offset, offset + (b.limit ?? 10));
    const counts = b.with_counts
      ? Object.fromEntries(BOARD_COLUMNS.map((c) => [c.key, cards.filter((x) => x.card_status === c.status).length]))
      : undefined;
    return { body: { [column.replyKey]: list, ...(counts ? { counts } : {}) } };
  };
}

/** POST /api/getCardCounts over a fixed set of cards. */
export const cardCountsOver = (cards: CardTileReply[]) => (): Reply => ({
  body: {
    counts: Object.fromEntries(
      BOARD_COLUMNS.map((c) => [c.key, cards.filter((x) => x.card_status === c.status).length]),
    ),
  },
});

/** The home page for a role over these cards, on the board unless told otherwise. */
export function boardServer(role: Role, cards: CardTileReply[], routes: Parameters<typeof fakeServer>[0] = {}) {
  window.localStorage.setItem('selectedListingView', 'board');
  return fakeServer({
    'GET /api/me': { body: makeUser({ client_type: role, client_id: role === 'customer' ? 7 : 1 }) },
    'POST /api/getCards': getCardsOver(cards),
    'POST /api/getCardCounts': cardCountsOver(cards),
    'GET /api/requestAllowance': { body: { used: 0, limit: null, blocked: null, message: null } },
    'GET /api/users': { body: { users: [], count: 0 } },
    'GET /api/customers': { body: { customers: [], count: 0 } },
    ...routes,
  });
}

/** An IntersectionObserver that always sees its target, so infinite scroll loads until it must stop. */
export function alwaysIntersecting() {
  class Observer {
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(target: Element) {
      queueMicrotask(() =>
        this.callback(
          [{ isIntersecting: true, target } as IntersectionObserverEntry],
          this as unknown as IntersectionObserver,
        ),
      );
    }
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', Observer);
}

/** A card on the helper board: its normal side complete, its helper side at `status` (completed = inDone + complete). */
export function makeYtCard(status: YtStatus, overrides: Partial<CardTileReply> = {}): CardTileReply {
  return makeCard({
    card_status: 'completed_done',
    is_complete: true,
    has_youtube_helper: true,
    yt_card_status: status === 'completed' ? 'inDone' : status === 'assigned' ? null : status,
    yt_is_complete: status === 'completed',
    yt_helper_id: 5,
    yt_firstname: 'Hana',
    yt_lastname: 'Helper',
    ...overrides,
  });
}

/** The column a helper tile sits in, as the server files it. */
const ytColumnOf = (c: CardTileReply) => (c.yt_is_complete ? 'completed' : (c.yt_card_status ?? 'assigned'));

/** POST /api/ythelper/cards over a fixed set of cards, paged per column like the server. */
export function ytCardsOver(cards: CardTileReply[]) {
  return (body: unknown): Reply => {
    const b = body as CardsBody;
    const counts = Object.fromEntries(
      YT_BOARD_COLUMNS.map((c) => [c.key, cards.filter((x) => ytColumnOf(x) === c.key).length]),
    );
    const page = (key: string) =>
      cards.filter((c) => ytColumnOf(c) === key).slice(b.offset ?? 0, (b.offset ?? 0) + (b.limit ?? 10));
    const keys = b.section ? [b.section] : YT_BOARD_COLUMNS.map((c) => c.key);
    return {
      body: { ...Object.fromEntries(keys.map((k) => [k, page(k)])), ...(b.with_counts ? { counts } : {}) },
    };
  };
}

/** The home page in helper mode for a role over these helper cards. */
export function ytBoardServer(role: Role, cards: CardTileReply[], routes: Parameters<typeof fakeServer>[0] = {}) {
  window.localStorage.setItem('viewType', 'yt-helper');
  return boardServer(role, [], {
    'GET /api/me': { body: makeUser({ client_type: role, client_id: role === 'yt-helper' ? 5 : 1 }) },
    'POST /api/ythelper/cards': ytCardsOver(cards),
    ...routes,
  });
}
