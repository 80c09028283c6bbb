import type { CardStatus } from './card-status.js';
import type { Chat } from './chat.js';
import type { Role } from './roles.js';

/**
 * The revision checklist (issue 19): every comment the customer makes in the customer chat while the
 * video is in Review is an item to fix in that round; staff tick it off as fixed or say why they won't.
 */
export const isFixItem = (author: Role, chat: Chat, cardStatus: CardStatus) =>
  author === 'customer' && chat === 'customer' && cardStatus === 'done';

export type FixState = 'open' | 'fixed' | 'wont_fix';
export const FIX_STATE_LABELS: Record<FixState, string> = { open: 'To fix', fixed: 'Fixed', wont_fix: "Won't fix" };

/** An item is fixed once ticked, and set aside once given a reason; a ticked item drops its reason. */
export const fixStateOf = (note: { is_note_complete: boolean; wont_fix_reason: string | null }): FixState =>
  note.is_note_complete ? 'fixed' : note.wont_fix_reason !== null ? 'wont_fix' : 'open';

export const WONT_FIX_REASON_MAX = 500;

/** The open items, as the tile and the card header say it. */
export const openFixLabel = (n: number) => `${n} ${n === 1 ? 'note' : 'notes'} to fix`;
