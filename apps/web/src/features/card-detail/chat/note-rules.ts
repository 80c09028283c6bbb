import { isStaff, type NoteView, type Role, type UserView } from '@cutroom/domain';
import type { ChatFilter, ChatKind } from '../api';

export type NoteViewer = Pick<UserView, 'client_id' | 'client_type'>;

const byCustomer = (note: NoteView) => note.client_type === 'customer';

/** Deleted notes leave the chat, except that admins still see deleted customer comments, greyed (spec 001 §4). */
export const isNoteShown = (viewer: NoteViewer, note: NoteView) =>
  !note.is_deleted || (viewer.client_type === 'admin' && byCustomer(note));

/** Its author edits or deletes a note; an admin also staff notes (spec 001 §6). */
export const canChangeNote = (viewer: NoteViewer, note: NoteView) =>
  !note.is_deleted && (note.note_by_id === viewer.client_id || (viewer.client_type === 'admin' && !byCustomer(note)));

/** Staff tick off customers' comments once handled. */
export const canMarkNote = (viewer: NoteViewer, note: NoteView) =>
  isStaff(viewer.client_type) && byCustomer(note) && !note.is_deleted;

/** The thumbs-up: customers, on customers' comments in the customer chat. */
export const canReactToNote = (viewer: NoteViewer, note: NoteView, chat: ChatKind) =>
  viewer.client_type === 'customer' && chat === 'customer' && byCustomer(note) && !note.is_deleted;

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
  if (chat === 'customer') options.push({ value: 'customer', label: 'Customer' });
  return options;
}

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
