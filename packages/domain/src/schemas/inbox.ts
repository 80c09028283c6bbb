import { z } from 'zod';
import { INBOX_CHAT_PAGE_SIZE, INBOX_MESSAGE_MAX, INBOX_PAGE_SIZE, INBOX_TITLE_MAX } from '../inbox.js';
import { MSG } from '../messages.js';
import { INBOX_STATUSES } from '../options.js';
import { ROLES } from '../roles.js';
import { dbId, dbIdText, emptyAsAbsent, idParam, optionalBody } from './fields.js';

const status = z.enum(INBOX_STATUSES.map((s) => s.value) as ['ACTIVE', 'RESOLVED']);
/** 1 or 0, as a number, a string ("1", "0") or a boolean. */
const flag = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()])
  .transform((v) => v === 1 || v === '1' || v === true);
/** Rich text as the composer sends it; the server sanitizes it and refuses what is empty after. */
const messageText = z
  .string({ error: MSG.inboxMessageRequired })
  .trim()
  .min(1, { error: MSG.inboxMessageRequired })
  .max(INBOX_MESSAGE_MAX, { error: MSG.inboxMessageTooLong });

export const inboxCreateBody = z.object({
  title: z
    .string({ error: MSG.inboxTitleRequired })
    .trim()
    .min(1, { error: MSG.inboxTitleRequired })
    .max(INBOX_TITLE_MAX),
  latestMessage: messageText,
  /** The spec sends it; a new thread is always ACTIVE. */
  status: status.optional(),
  /** The customer the thread is for: required from staff, a customer's own id (or nothing) from customers. */
  messageFor: dbId.optional().nullable(),
});

export const inboxListParams = z.object({ status });
export const inboxListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(INBOX_PAGE_SIZE),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  title: z.string().trim().max(INBOX_TITLE_MAX).optional(),
  /** The spec's list call repeats the status; the path's wins. */
  status: status.optional(),
  view_as: emptyAsAbsent(dbIdText.optional()),
});

export const inboxThreadView = z.object({
  id: z.number(),
  title: z.string(),
  status,
  customer_id: z.number(),
  client_firstname: z.string(),
  client_lastname: z.string(),
  /** The viewer has seen every message of the thread (spec: `seen`, once a comma-separated id list). */
  seen: z.boolean(),
  unseen_count: z.number(),
  /** The latest message as plain text, cut for the list. */
  latest_message: z.string(),
  latest_message_at: z.string(),
  total_count: z.number(),
  created_at: z.string(),
});
export type InboxThreadView = z.infer<typeof inboxThreadView>;

export const inboxListReply = z.object({ messages: z.array(inboxThreadView), count: z.number() });

export const inboxChatQuery = z.object({
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .max(100_000)
    .default(0)
    .describe(
      'Messages to skip back from the newest: 0 is the latest page; the number already loaded gives the page before',
    ),
  limit: z.coerce.number().int().min(1).max(200).default(INBOX_CHAT_PAGE_SIZE),
  currentSelectedMessage: dbIdText.optional(),
});

export const inboxNoteView = z.object({
  note_id: z.number(),
  /** Sanitized HTML. */
  note: z.string(),
  note_type: z.literal('comment'),
  note_parent_id: z.number().nullable(),
  parent: z.object({ note_id: z.number(), preview: z.string(), firstname: z.string() }).nullable(),
  note_by_id: z.number().nullable(),
  client_type: z.enum(ROLES).nullable(),
  firstname: z.string(),
  lastname: z.string(),
  profile_img: z.string().nullable(),
  date_added: z.string(),
  edited_at: z.string().nullable(),
});
export type InboxNoteView = z.infer<typeof inboxNoteView>;

export const inboxChatReply = z.object({
  thread: inboxThreadView,
  comments: z.array(inboxNoteView),
  /** Note ids by day (YYYY-MM-DD in the caller's zone), for the chat's day separators. */
  groupByChat: z.record(z.string(), z.array(z.number())),
  count: z.number(),
});

export const inboxSendBody = z.object({
  chat_id: dbId,
  note: messageText,
  noteParentId: dbId.optional().nullable(),
});
export const inboxSendReply = z.object({
  message: z.string(),
  success: z.boolean(),
  id: z.number(),
  count: z.number(),
});

export const inboxEditBody = z.object({ note: messageText, id: dbId, chatId: dbId });
export const inboxDeleteBody = z.object({ id: dbId, chat_id: dbId });

export const inboxStatusBody = z.object({
  id: dbId,
  status,
  /** Re-opening needs a new message. */
  latestMessage: z.string().max(INBOX_MESSAGE_MAX, { error: MSG.inboxMessageTooLong }).optional(),
  messageFor: dbId.optional().nullable(),
});
export const inboxStatusReply = z.object({ success: z.boolean(), message: z.string(), status });

export const inboxSeenMessagesBody = optionalBody(
  z.object({
    chat_id: dbId.nullish().describe('Mark this thread seen; without it (or without a body), every visible thread'),
  }),
);
export const inboxSeenLatestBody = z.object({ id: dbId, seen: flag });
export const inboxSeenReply = z.object({ success: z.boolean(), unseen: z.number() });
export const inboxUnseenReply = z.object({ count: z.number() });

export { idParam as inboxIdParam };
