import { z } from 'zod';
import { DUE_CARD_ROLES, dueCardsQuery, dueCardsReply } from '../due-cards.js';
import { defineRoute } from './define.js';

const tags = ['reports'];

/** Cards By Date and its CSV (spec 002 §2 "Due cards"; the spec leaves the paths open). */
export const REPORTS = {
  dueCards: defineRoute({
    method: 'GET',
    path: '/api/dueCards',
    tags,
    summary: 'Cards due on a day in New York (today by default), 100 a page, with the total',
    access: DUE_CARD_ROLES,
    query: dueCardsQuery,
    reply: dueCardsReply,
  }),
  dueCardsExport: defineRoute({
    method: 'GET',
    path: '/api/dueCards/export',
    tags,
    summary: "'Export Cards.csv': every card of the day the filters match (title, status, due day, due date)",
    access: ['admin'],
    query: dueCardsQuery.omit({ page: true }),
    reply: z.string().describe('text/csv with a BOM: title, status, due day, due date'),
  }),
} as const;
