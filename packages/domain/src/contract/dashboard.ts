import { STAFF_DASHBOARD_ROLES } from '../reporting.js';
import { STAFF_ROLES, type Role } from '../roles.js';
import {
  artDashboardReply,
  responseRateReply,
  cardIdParam,
  clientDashboardQuery,
  clientDashboardReply,
  csatReply,
  dashboardQuery,
  dashboardReply,
  exportCommentsQuery,
  exportCommentsReply,
  profileReportQuery,
  userIdParam,
} from '../schemas/reports.js';
import { defineRoute } from './define.js';

const tags = ['dashboard'];

/** Staff whose profiles have figures, and the staff who may read them (the person must be visible: 404 else). */
const PROFILE_REPORT_READERS: readonly Role[] = ['admin', 'team-lead', 'qa', 'yt-helper-lead', 'yt-helper'];

/** Dashboards and each person's figures (spec 002 §2 "Dashboards"); the CSAT call's path is ours. */
export const DASHBOARD = {
  staff: defineRoute({
    method: 'GET',
    path: '/api/dashboard-data-V2',
    tags,
    summary: "The circular graphs and one tab's staff or customer rows, limited to what the caller sees",
    access: STAFF_DASHBOARD_ROLES,
    query: dashboardQuery,
    reply: dashboardReply,
  }),
  art: defineRoute({
    method: 'GET',
    path: '/api/art-dashboard-data',
    tags,
    summary: 'Comment stats (response rate, average response time) per person of one tab',
    access: STAFF_DASHBOARD_ROLES,
    query: dashboardQuery,
    reply: artDashboardReply,
  }),
  client: defineRoute({
    method: 'GET',
    path: '/api/client-dashboard-data',
    tags,
    summary: "A customer's cards created in the range, 10 a page (staff pass the customer's id)",
    access: 'user',
    query: clientDashboardQuery,
    reply: clientDashboardReply,
  }),
  responseRate: defineRoute({
    method: 'GET',
    path: '/api/user/:userId/responseRateV2',
    tags,
    summary: "A QA's or team lead's response rate to customer comments, per card, 10 a page",
    access: PROFILE_REPORT_READERS,
    params: userIdParam,
    query: profileReportQuery,
    reply: responseRateReply,
  }),
  ytResponseRate: defineRoute({
    method: 'GET',
    path: '/api/ythelper/user/:userId/responseRate',
    tags,
    summary: "A helper's or helper lead's response rate in the helper chat, per card, 10 a page",
    access: PROFILE_REPORT_READERS,
    params: userIdParam,
    query: profileReportQuery,
    reply: responseRateReply,
  }),
  csat: defineRoute({
    method: 'GET',
    path: '/api/user/:userId/csat',
    tags,
    summary: "CSAT per customer over the person's rated cards, 10 a page",
    access: PROFILE_REPORT_READERS,
    params: userIdParam,
    query: profileReportQuery,
    reply: csatReply,
  }),
  exportComments: defineRoute({
    method: 'GET',
    path: '/api/card/:card_id/exportComments',
    tags,
    summary: 'Customer comments of the cards with the staff note that answered each',
    access: STAFF_ROLES,
    params: cardIdParam,
    query: exportCommentsQuery,
    reply: exportCommentsReply,
  }),
  ytExportComments: defineRoute({
    method: 'GET',
    path: '/api/ythelper/card/:card_id/exportComments',
    tags,
    summary: 'The same over the helper chat',
    access: STAFF_ROLES,
    params: cardIdParam,
    query: exportCommentsQuery,
    reply: exportCommentsReply,
  }),
} as const;
