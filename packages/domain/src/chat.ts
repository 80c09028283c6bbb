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

/** What a reviewer draws on a frame: spec 001's rectangle, point and oval, and issue 35's arrow and pen. */
export const ANNOTATION_SHAPES = ['rect', 'point', 'oval', 'arrow', 'pen'] as const;
export type AnnotationShapeKind = (typeof ANNOTATION_SHAPES)[number];
/** Each shape's name in the draw bar and the chat. */
export const ANNOTATION_SHAPE_LABELS: Record<AnnotationShapeKind, string> = {
  rect: 'Rectangle',
  point: 'Point',
  oval: 'Oval',
  arrow: 'Arrow',
  pen: 'Pen',
};
/** Shapes drawn along points (an arrow's tail and head, a pen's stroke) rather than as a box. */
export const STROKE_SHAPES: readonly AnnotationShapeKind[] = ['arrow', 'pen'];
/** A pen stroke keeps at most this many points (the client thins a longer one). */
export const ANNOTATION_POINTS_MAX = 400;
/** The drawing colours, readable over most frames. */
export const ANNOTATION_COLORS = {
  yellow: '#ffd43b',
  red: '#ff3b30',
  green: '#34c759',
  blue: '#0a84ff',
  white: '#ffffff',
} as const;
export type AnnotationColor = keyof typeof ANNOTATION_COLORS;
export const ANNOTATION_COLOR_KEYS = Object.keys(ANNOTATION_COLORS) as [AnnotationColor, ...AnnotationColor[]];
/** A drawing without a colour (every drawing before issue 35) is yellow. */
export const DEFAULT_ANNOTATION_COLOR: AnnotationColor = 'yellow';

/** Roles mentioned in a note, each once. */
export function mentionedRoles(note: string): Role[] {
  const roles = new Set<Role>();
  for (const match of note.matchAll(MENTION_PATTERN)) {
    const found = MENTIONS.find((m) => m.tag === `@${match[1]}`);
    if (found) roles.add(found.role);
  }
  return [...roles];
}

/** The first timecode in a note, as written (83.5 for @VT{83.5}), or null. */
export function tagTimeOf(note: string): number | null {
  const match = new RegExp(VIDEO_TIME_PATTERN.source).exec(note);
  return match ? Number(match[1]) : null;
}

/** The first timecode in a note, in whole seconds, or null. */
export function videoTimeOf(note: string): number | null {
  const time = tagTimeOf(note);
  return time === null ? null : Math.floor(time);
}

/** A note without the timecode tag it starts with, for lists that show the time apart. */
export const withoutLeadingTimeTag = (note: string) => note.replace(/^\s*@VT\{[\d.]+\}\s*/, '');

const minutesClock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/** A note as read outside the chat (marker files, the review report): its own time tag dropped, others as m:ss. */
export const noteReadingText = (note: string) =>
  withoutLeadingTimeTag(note.replace(YT_CUSTOMER_COMMENT_PATTERN, ''))
    .replace(VIDEO_TIME_PATTERN, (_, s: string) => minutesClock(Number(s)))
    .trim();

/** The tag put in front of a comment typed while the video plays. */
export const videoTimeTag = (seconds: number) => `@VT{${Math.max(0, Math.floor(seconds))}}`;

/** Reply previews quote the parent this far (spec 001 §5: 40 characters in the main chat). */
export const REPLY_PREVIEW_CHARS = 40;
/** The helper view quotes only 15 (spec 001 §9). */
export const YT_REPLY_PREVIEW_CHARS = 15;
export const COMMENT_MAX = 5_000;
export const COMMENTS_PAGE_SIZE = 50;
