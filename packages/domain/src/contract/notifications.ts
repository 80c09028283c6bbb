import {
  deleteOldReply,
  latestNotificationsReply,
  markReadBody,
  markReadReply,
  notificationTypesReply,
  notificationsCountReply,
  notificationsV2Query,
  notificationsV2Reply,
  readHistoryReply,
  uniqueIdParam,
} from '../schemas/notifications.js';
import { defineRoute } from './define.js';

const tags = ['notifications'];

/** The caller's own notifications (spec 002 §2 "Notifications", §7); nobody reads, marks or deletes another's. */
export const NOTIFICATIONS = {
  latest: defineRoute({
    method: 'GET',
    path: '/api/notifications',
    tags,
    summary: "The bell's dropdown: the caller's latest notifications and the unseen count",
    access: 'user',
    reply: latestNotificationsReply,
  }),
  count: defineRoute({
    method: 'GET',
    path: '/api/notifications/getCount',
    tags,
    summary: "The caller's unseen notifications (the bell's count, polled only while the event stream is down)",
    access: 'user',
    reply: notificationsCountReply,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/notificationsV2',
    tags,
    summary:
      "One page (50) of the caller's notifications, newest first: all, today or yesterday in the caller's zone (user-time-zone), by type and date range, with the totals",
    access: 'user',
    query: notificationsV2Query,
    reply: notificationsV2Reply,
  }),
  markRead: defineRoute({
    method: 'POST',
    path: '/api/notifications/read',
    tags,
    summary:
      "Mark the caller's notifications as read: these ids (404 if one is not the caller's; nothing changes), or all",
    access: 'user',
    body: markReadBody,
    reply: markReadReply,
  }),
  deleteOld: defineRoute({
    method: 'DELETE',
    path: '/api/delete-notifications/3',
    tags,
    summary: "Delete the caller's notifications older than 3 months",
    access: 'user',
    reply: deleteOldReply,
  }),
  readHistory: defineRoute({
    method: 'GET',
    path: '/api/notifications/read-history/:uniqueId',
    tags,
    summary:
      "Who of the recipients of one event (notification_unique_id, or the caller's own notification id) has read it, and when; only for a recipient of that event",
    access: 'user',
    params: uniqueIdParam,
    reply: readHistoryReply,
  }),
  types: defineRoute({
    method: 'GET',
    path: '/api/notifications/types',
    tags,
    summary: 'The notification types with their labels (for the type filter)',
    access: 'user',
    reply: notificationTypesReply,
  }),
} as const;
