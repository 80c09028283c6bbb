import type { Role } from './roles.js';

/** Role mentions a comment may carry (spec 001 §5), and the role each one reaches. */
export const MENTIONS = [
  { tag: '@Admin', role: 'admin' },
  { tag: '@Client', role: 'customer' },
  { tag: '@Editor', role: 'editor' },
  { tag: '@Qa', role: 'qa' },
  { tag: '@YTHelper', role: 'yt-helper' },
  { tag: '@YTTeamLead', role: 'yt-helper-lead' },
] as const satisfies readonly { tag: string; role: Role }[];

export const MENTION_PATTERN = /@(Admin|Client|Editor|Qa|YTHelper|YTTeamLead)\b/g;
/** A video timecode: @VT{83} or @VT{83.5} jumps to that second. */
export const VIDEO_TIME_PATTERN = /@VT\{(\d{1,6}(?:\.\d{1,3})?)\}/g;
/** Marks a customer comment quoted into the YouTube-helper section. */
export const YT_CUSTOMER_COMMENT_PATTERN = /@YT_CUS_CMNT\{\}/g;

/** A note is a comment, or an annotation drawn on the video. */
export const NOTE_TYPES = ['comment', 'annotation'] as const;
export type NoteType = (typeof NOTE_TYPES)[number];

export const CHATS = ['customer', 'team', 'yt'] as const;
export type Chat = (typeof CHATS)[number];

/** Roles mentioned in a note, each once. */
export function mentionedRoles(note: string): Role[] {
  const roles = new Set<Role>();
  for (const match of note.matchAll(MENTION_PATTERN)) {
    const found = MENTIONS.find((m) => m.tag === `@${match[1]}`);
    if (found) roles.add(found.role);
  }
  return [...roles];
}

/** The first timecode in a note, in whole seconds, or null. */
export function videoTimeOf(note: string): number | null {
  const match = new RegExp(VIDEO_TIME_PATTERN.source).exec(note);
  return match ? Math.floor(Number(match[1])) : null;
}

/** A note without the timecode tag it starts with, for lists that show the time apart. */
export const withoutLeadingTimeTag = (note: string) => note.replace(/^\s*@VT\{[\d.]+\}\s*/, '');

/** The tag put in front of a comment typed while the video plays. */
export const videoTimeTag = (seconds: number) => `@VT{${Math.max(0, Math.floor(seconds))}}`;

/** Reply previews quote the parent this far (spec 001 §5: 40 characters in the main chat). */
export const REPLY_PREVIEW_CHARS = 40;
/** The helper view quotes only 15 (spec 001 §9). */
export const YT_REPLY_PREVIEW_CHARS = 15;
export const COMMENT_MAX = 5_000;
export const COMMENTS_PAGE_SIZE = 50;
