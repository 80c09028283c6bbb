import { LEAVE_ADMIN_ROLES, SETTINGS_ROLES } from '../roles.js';
import {
  activeAnnouncementReply,
  announcementUpdateReply,
  announcementsReply,
  createAnnouncementBody,
  deleteLeaveQuery,
  deleteLeaveReply,
  holidayUpdateReply,
  holidaysReply,
  leaveHistoryReply,
  leaveIdParam,
  saveAnnouncementReply,
  saveHolidayBody,
  saveHolidayReply,
  updateAnnouncementBody,
  updateHolidayBody,
  updateLeaveBody,
  updateLeaveReply,
} from '../schemas/settings.js';
import { idParam } from '../schemas/fields.js';
import { defineRoute } from './define.js';

const tags = ['settings'];

/** Holidays and announcements (spec 002 §2 "Settings", §7). */
export const SETTINGS = {
  saveHoliday: defineRoute({
    method: 'POST',
    path: '/api/portal/save-holiday',
    tags,
    summary: 'Add a holiday; a date that already has a live holiday is refused',
    access: SETTINGS_ROLES,
    body: saveHolidayBody,
    reply: saveHolidayReply,
    status: 201,
  }),
  holidays: defineRoute({
    method: 'GET',
    path: '/api/portal/get-holidays',
    tags,
    summary: 'Holidays, newest date first; deleted ones left out',
    access: SETTINGS_ROLES,
    reply: holidaysReply,
  }),
  updateHoliday: defineRoute({
    method: 'POST',
    path: '/api/portal/update-holiday',
    tags,
    summary: 'Edit a holiday, toggle its status, or delete it (is_deleted)',
    access: SETTINGS_ROLES,
    body: updateHolidayBody,
    reply: holidayUpdateReply,
  }),
  announcements: defineRoute({
    method: 'GET',
    path: '/api/portal/settings/V2',
    tags,
    summary:
      'Every announcement, newest first, to whoever manages them; to anyone else, those showing today (New York)',
    access: 'user',
    reply: announcementsReply,
  }),
  activeAnnouncement: defineRoute({
    method: 'GET',
    path: '/api/portal/announcement/active',
    tags,
    summary: 'The home page banner: the newest enabled announcement whose dates include today (New York), or null',
    access: 'user',
    reply: activeAnnouncementReply,
  }),
  createAnnouncement: defineRoute({
    method: 'PUT',
    path: '/api/portal/settings/V2',
    tags,
    summary:
      'Create an announcement (heading and text are sanitized rich text); its fields flat or as {announcement: {…}}',
    access: SETTINGS_ROLES,
    body: createAnnouncementBody,
    reply: saveAnnouncementReply,
    status: 201,
  }),
  updateAnnouncement: defineRoute({
    method: 'POST',
    path: '/api/portal/update-settings/V2/:id',
    tags,
    summary: 'Edit an announcement, or activate / deactivate it (enable_banner); flat or as {announcement: {…}}',
    access: SETTINGS_ROLES,
    params: idParam,
    body: updateAnnouncementBody,
    reply: announcementUpdateReply,
  }),
  deleteAnnouncement: defineRoute({
    method: 'DELETE',
    path: '/api/portal/settings/V2/:id/deleteAnnouncment',
    tags,
    summary: 'Delete an announcement (the path is spelled as the spec spells it)',
    access: SETTINGS_ROLES,
    params: idParam,
    reply: announcementUpdateReply,
  }),
} as const;

/** Leave of staff users (spec 002 §2 "User profile" Leave management, §7). */
export const LEAVE = {
  add: defineRoute({
    method: 'POST',
    path: '/api/user/:id/update-leave',
    tags: ['leave'],
    summary:
      "Add a leave period to a staff user; notifyOptions mails the user and/or the user's team lead. Errors also carry `error` (spec 002 §7)",
    access: LEAVE_ADMIN_ROLES,
    params: idParam,
    body: updateLeaveBody,
    reply: updateLeaveReply,
    status: 201,
    errorAlias: 'error',
  }),
  history: defineRoute({
    method: 'GET',
    path: '/api/user/:id/leave-history',
    tags: ['leave'],
    summary: 'Leave periods of a user the caller may see, newest first, and whether they are on leave today',
    access: 'user',
    params: idParam,
    reply: leaveHistoryReply,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/leave/:leaveId/delete-leave',
    tags: ['leave'],
    summary: 'Delete a leave period',
    access: LEAVE_ADMIN_ROLES,
    params: leaveIdParam,
    query: deleteLeaveQuery,
    reply: deleteLeaveReply,
  }),
} as const;
