import { REPLY_PREVIEW_CHARS, YT_REPLY_PREVIEW_CHARS, noteShown, readChatVerdict, type Role } from '@cutroom/domain';
import type { NoteView } from '@cutroom/domain/schemas';
import { notePolicyFor, policyNote, type PolicyViewer } from '../../lib/policy';
import type { ChatFilter, ChatKind } from '../../lib/card/card-keys';

export type NoteViewer = PolicyViewer;

/** Deleted notes leave the chat, except that admins still see deleted customer comments, greyed (spec 001 §4). */
export const isNoteShown = (viewer: Pick<NoteViewer, 'client_type'>, note: NoteView) =>
  noteShown({ role: viewer.client_type }, policyNote(note));

/** What the viewer may do to a note: change (edit, delete), mark handled, react; the domain's note policy answers. */
export const noteActions = (viewer: NoteViewer, note: NoteView, chat: ChatKind) => notePolicyFor(viewer, note, chat);

/** The team chat exists for staff only; customers never get its toggle. */
export const canReadTeamChat = (viewer: Pick<NoteViewer, 'client_type'>) =>
  readChatVerdict({ role: viewer.client_type }, 'team') === null;

/** Spec 001 §6 "Chat filter options", with Editor added since editors write in the chat too. */
export function chatFilterOptions(chat: ChatKind, hasHelper: boolean): { value: ChatFilter; label: string }[] {
  const options: { value: ChatFilter; label: string }[] = [
    { value: 'all', label: 'All' },
    { value: 'admin', label: 'Admin' },
    { value: 'team-lead', label: 'Team Lead' },
    { value: 'qa', label: 'QA' },
    { value: 'editor', label: 'Editor' },
  ];
  if (hasHelper) {
    options.push(
      { value: 'yt-helper-lead', label: 'YouTube Team Lead' },
      { value: 'yt-helper', label: 'YouTube Helper' },
    );
  }
  // Customers write in their chat and in the helper chat; the team chat is the staff's.
  if (chat !== 'team') options.push({ value: 'customer', label: 'Customer' });
  return options;
}

/** Reply previews quote the parent 40 characters in the main chat, 15 in the helper view (spec 001 §9). */
export const replyPreviewChars = (chat: ChatKind) => (chat === 'yt' ? YT_REPLY_PREVIEW_CHARS : REPLY_PREVIEW_CHARS);

/** Role colours for avatars and badges, so a glance tells the customer from the team. */
export const ROLE_COLORS: Record<Role, string> = {
  admin: 'red',
  customer: 'teal',
  'team-lead': 'violet',
  editor: 'blue',
  qa: 'orange',
  'yt-helper': 'pink',
  'yt-helper-lead': 'grape',
};
