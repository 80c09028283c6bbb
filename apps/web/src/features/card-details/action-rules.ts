import { MSG, isStaff, writeChatVerdict, type CardStatus, type Role } from '@cutroom/domain';
import { policyFor, type PolicyCardSource, type PolicyViewer } from '../../lib/policy';

export type ActionKey =
  'revision' | 'markDone' | 'readyForUpload' | 'rate' | 'archive' | 'pause' | 'resume' | 'repurpose' | 'download';

export interface CardAction {
  key: ActionKey;
  label: string;
}

export type ActionViewer = PolicyViewer;
export type ActionCard = PolicyCardSource;

/** The buttons in the order the card page shows them, each with its label. */
const BUTTONS: readonly CardAction[] = [
  { key: 'revision', label: 'Revision' },
  { key: 'markDone', label: 'Mark As Done' },
  { key: 'rate', label: 'Rate' },
  { key: 'readyForUpload', label: MSG.readyForUpload },
  { key: 'repurpose', label: 'Repurpose' },
  { key: 'archive', label: 'Archive' },
  { key: 'pause', label: 'Pause' },
  { key: 'resume', label: 'Resume' },
  { key: 'download', label: 'Download' },
];

/**
 * The action buttons a viewer gets on a card (spec 001 §2, §4, §6), as the domain's card policy
 * answers them; Download also needs a delivered file on the portal's own storage.
 */
export function cardActions(viewer: ActionViewer, card: ActionCard, hasOwnVideos: boolean): CardAction[] {
  const may = policyFor(viewer, card);
  return BUTTONS.filter(({ key }) => (key === 'download' ? may.download && hasOwnVideos : may[key]));
}

/** The spec's default tab: the review for customers, the details for everyone else (spec 001 §2). */
export const defaultTab = (role: Role): 'review' | 'details' => (isStaff(role) ? 'details' : 'review');

/** A customer looking at a card in QA reads the chat only: no preview, no writing (spec 001 §2). */
export const isQaLocked = (role: Role, status: CardStatus) =>
  writeChatVerdict({ role }, { card_status: status }, 'customer') !== null;
