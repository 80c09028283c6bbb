import { z } from 'zod';
import { ROLES } from '../roles.js';
import { MSG } from '../messages.js';
import { NOTIFICATION_TYPES, valuesOf } from '../options.js';
import { dayOrTimestamp, dbId, optionalBody, optionalParam } from './fields.js';
import {
  BELL_LATEST,
  NOTIFICATION_GROUPS,
  NOTIFICATIONS_COUNT_CAP,
  NOTIFICATIONS_PAGE_MAX,
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATIONS_READ_MAX,
} from '../notifications.js';

const notificationType = z.enum(valuesOf(NOTIFICATION_TYPES));

/** One notification as its recipient sees it (spec 002 §3 Notification); the names are the actor's. */
export const notificationView = z.object({
  id: z.number().int(),
  notification_unique_id: z.string().describe('Shared by every recipient of one event (read history)'),
  recipient_client_id: z.number().int(),
  type: notificationType,
  data: z.string().describe('The sentence shown, e.g. "Ada Admin moved "Intro" to QA"'),
  action_link: z.string().nullable(),
  card_id: z.number().int().nullable(),
  seen: z.boolean(),
  seen_at: z.string().nullable(),
  created_at: z.string(),
  actor_id: z.number().int().nullable(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  profile_img: z.string().nullable(),
});
export type NotificationView = z.infer<typeof notificationView>;

export const latestNotificationsReply = z.object({
  notifications: z.array(notificationView).describe(`The latest ${BELL_LATEST}, newest first`),
  notificationsCount: z.number().int().describe('Unseen notifications'),
});
export const notificationsCountReply = z.object({ notificationsCount: z.number().int() });

/** Empty parameters count as left out; the server checks that date_from is not after date_to. */
export const notificationsV2Query = z.object({
  limit: optionalParam(z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_SIZE).default(NOTIFICATIONS_PAGE_SIZE)),
  page: optionalParam(z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_MAX).default(1)),
  group: optionalParam(
    z.preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), z.enum(NOTIFICATION_GROUPS).default('all')),
  ).describe("Which list is paged: all, or today / yesterday in the caller's zone (any letter case)"),
  notification_type: optionalParam(notificationType.optional()),
  date_from: optionalParam(dayOrTimestamp.optional()).describe(
    "First day (YYYY-MM-DD, or a timestamp: its day), in the caller's zone (user-time-zone)",
  ),
  date_to: optionalParam(dayOrTimestamp.optional()).describe(
    "Last day (YYYY-MM-DD, or a timestamp: its day), in the caller's zone",
  ),
});
export const notificationsV2Reply = z.object({
  allNotifications: z.array(notificationView).describe('The page of the chosen group, newest first'),
  todayNotifications: z.array(notificationView).describe('Those of the page from today'),
  yesterdayNotifications: z.array(notificationView).describe('Those of the page from yesterday'),
  allNotificationsCount: z
    .number()
    .int()
    .describe(`Every notification of the chosen group and filters, up to ${NOTIFICATIONS_COUNT_CAP}`),
  todayCount: z.number().int(),
  yesterdayCount: z.number().int(),
  countsCapped: z.boolean().describe(`The caller holds more than ${NOTIFICATIONS_COUNT_CAP}: the totals are at least`),
});

export const markReadBody = optionalBody(
  z.object({
    resultIds: z
      .array(dbId)
      .max(NOTIFICATIONS_READ_MAX)
      .nullish()
      .describe('Own notification ids; leave out (or send an empty list, or no body) to mark all as read'),
  }),
);
export const markReadReply = z.object({
  success: z.boolean(),
  message: z.string(),
  marked: z.number().int(),
  notificationsCount: z.number().int(),
});
export const deleteOldReply = z.object({
  success: z.boolean(),
  message: z.string(),
  deleted: z.number().int(),
  notificationsCount: z.number().int(),
});

export const uniqueIdParam = z.object({
  uniqueId: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/, { error: MSG.notificationNotFound })
    .describe("notification_unique_id, or the id of one of the caller's own notifications of that event"),
});
export const readHistoryReply = z.object({
  history: z.array(
    z.object({
      read_at: z.string(),
      client_id: z.number().int(),
      firstname: z.string(),
      lastname: z.string(),
      client_type: z.enum(ROLES),
    }),
  ),
});
export const notificationTypesReply = z.object({
  types: z.array(z.object({ value: notificationType, label: z.string() })),
});
