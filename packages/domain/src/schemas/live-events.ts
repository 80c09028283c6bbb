import { z } from 'zod';
import { DECISIONS } from '../approvals.js';
import { CARD_STATUSES, YT_STATUSES } from '../card-status.js';
import { CHATS } from '../chat.js';
import { TAB_ID_PATTERN, type LIVE_EVENT_NAMES } from '../live-events.js';
import { MEDIA_STATUSES } from '../media-pipeline.js';

const status = z.enum(CARD_STATUSES);
const note = { note_id: z.number().int(), chat: z.enum(CHATS) };

/** Every event names its card and, when a browser tab caused it, that tab. */
const about = {
  card_id: z.number().int().positive(),
  origin: z.string().regex(TAB_ID_PATTERN).optional(),
};

/** One event as it travels on GET /api/events: the SSE `event:` name and its `data:` JSON. */
const live = <T extends (typeof LIVE_EVENT_NAMES)[number], S extends z.ZodRawShape>(type: T, fields: S) =>
  z.object({ type: z.literal(type), data: z.object({ ...about, ...fields }) });
/** An event for named people rather than a card's audience (their notifications, a support thread). */
const personal = <T extends (typeof LIVE_EVENT_NAMES)[number], S extends z.ZodRawShape>(type: T, fields: S) =>
  z.object({ type: z.literal(type), data: z.object({ origin: about.origin, ...fields }) });

export const liveEvent = z.discriminatedUnion('type', [
  live('card.created', { card_status: status }),
  // What changed, when the change is one field; the listener reloads the card either way.
  live('card.updated', {
    card_title: z.string().optional(),
    assigned_to: z.number().int().nullable().optional(),
    due_date: z.string().optional(),
    done_video_link: z.string().optional(),
    srt_file: z.string().optional(),
    paused: z.boolean().optional(),
    rating: z.number().optional(),
    has_repurpose: z.boolean().optional(),
    has_youtube_helper: z.boolean().optional(),
    // A move on the helper board, or the helper's assignment or due date, changes the card this way.
    yt_card_status: z.enum(YT_STATUSES).optional(),
    yt_helper_id: z.number().int().nullable().optional(),
    yt_due_date: z.string().optional(),
    // A reviewer's decision (issue 52): the card.decision webhook carries it.
    decision: z
      .object({
        video_version: z.number().int(),
        decision: z.enum(DECISIONS),
        name: z.string(),
        side: z.enum(['customer', 'guest']),
        note: z.string().nullable(),
      })
      .optional(),
  }),
  live('card.moved', { from: status, to: status, by: z.number().int() }),
  live('card.archived', { archived: z.boolean() }),
  live('cards.sorted', {}),
  // The media pipeline moved on with one of the card's stored videos: the player reloads the card when it is ready.
  live('media.updated', {
    video_ids: z.array(z.number().int()),
    status: z.enum(MEDIA_STATUSES),
    progress: z.number().int().min(0).max(100),
    importing: z.boolean().optional(),
  }),
  live('note.created', note),
  live('note.updated', note),
  // The recipient's unseen count after a new notification, so the bell needs no round trip.
  personal('notification.created', { unseen: z.number().int().min(0) }),
  personal('notifications.read', { unseen: z.number().int().min(0) }),
  // A support thread changed (a message, an edit, its status); its customer and the support staff hear it.
  personal('inbox.updated', { thread_id: z.number().int().positive() }),
]);

export type LiveEvent = z.infer<typeof liveEvent>;
export type LiveEventType = LiveEvent['type'];
/** What a service publishes for an event of this type: the fields besides the card and the origin. */
/** The events about one card (published with the card's audience); the rest go to named people. */
export type CardEventType = Extract<LiveEvent, { data: { card_id: number } }>['type'];
export type PersonalEventType = Exclude<LiveEventType, CardEventType>;
export type LiveEventFields<T extends LiveEventType> = Omit<
  Extract<LiveEvent, { type: T }>['data'],
  'card_id' | 'origin'
>;

/** The one list of event names, read off the union. */
export const LIVE_EVENT_TYPES: readonly LiveEventType[] = liveEvent.options.map((o) => o.shape.type.value);
