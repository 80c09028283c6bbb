import type { Chat, Role } from '@cutroom/domain';

export type ChatKind = Chat;
export type ChatFilter = 'all' | Role;
/** The chat the review opens on: what the card's loader asks for ahead (card-details/prefetch.ts). */
export const FIRST_CHAT: { chat: ChatKind; filter: ChatFilter } = { chat: 'customer', filter: 'all' };

export const cardKeys = {
  all: (cardId: number) => ['card-detail', cardId] as const,
  card: (cardId: number) => ['card-detail', cardId, 'card'] as const,
  chatOf: (cardId: number, chat: ChatKind) => ['card-detail', cardId, 'chat', chat] as const,
  chat: (cardId: number, chat: ChatKind, filter: ChatFilter) => ['card-detail', cardId, 'chat', chat, filter] as const,
  staff: ['card-detail', 'staff'] as const,
  /** The customer's checklist, or with 'team' delivery QC's; the bare key covers both. */
  checklist: (cardId: number, chat?: 'team') => ['card-detail', cardId, 'checklist', ...(chat ? [chat] : [])] as const,
};
