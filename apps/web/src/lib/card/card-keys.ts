import type { Chat, Role } from '@cutroom/domain';

export type ChatKind = Chat;
export type ChatFilter = 'all' | Role;

export const cardKeys = {
  all: (cardId: number) => ['card-detail', cardId] as const,
  card: (cardId: number) => ['card-detail', cardId, 'card'] as const,
  chatOf: (cardId: number, chat: ChatKind) => ['card-detail', cardId, 'chat', chat] as const,
  chat: (cardId: number, chat: ChatKind, filter: ChatFilter) => ['card-detail', cardId, 'chat', chat, filter] as const,
  staff: ['card-detail', 'staff'] as const,
  /** The customer's checklist, or with 'team' delivery QC's; the bare key covers both. */
  checklist: (cardId: number, chat?: 'team') => ['card-detail', cardId, 'checklist', ...(chat ? [chat] : [])] as const,
};
