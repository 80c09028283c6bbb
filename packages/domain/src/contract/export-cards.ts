import { csvReply, exportCardsQuery, exportCardsReply } from '../schemas/reports.js';
import { defineRoute } from './define.js';

const tags = ['export cards'];

/** Export Cards (spec 002 §2 "Export"); the paths are ours. */
export const EXPORT_CARDS = {
  list: defineRoute({
    method: 'GET',
    path: '/api/exportCards',
    tags,
    summary: 'Cards created in the range (the first `limit` of them) and how many there are',
    access: ['admin'],
    query: exportCardsQuery,
    reply: exportCardsReply,
  }),
  csv: defineRoute({
    method: 'GET',
    path: '/api/exportCards/csv',
    tags,
    summary: "Every card created in the range as 'Cards <start> to <end>.csv'",
    access: ['admin'],
    query: exportCardsQuery,
    reply: csvReply('card title, status, QA name, customer name, created date'),
  }),
} as const;
