import { DUE_CARD_ROLES } from '../due-cards.js';
import { dueCardsBySpecQuery, dueCardsQuery, dueCardsReply } from '../schemas/due-cards.js';
import { csvReply } from '../schemas/reports.js';
import { defineRoute } from './define.js';

const tags = ['due cards'];

/** Due cards (spec 002 §2 "Due cards"); the paths are ours. */
export const DUE_CARDS = {
  list: defineRoute({
    method: 'GET',
    path: '/api/dueCards',
    tags,
    summary: 'Cards due on a day in New York (today by default), 100 a page, with the total',
    access: DUE_CARD_ROLES,
    query: dueCardsQuery,
    reply: dueCardsReply,
  }),
  bySpec: defineRoute({
    method: 'GET',
    path: '/api/get-cards-by-due-date',
    tags,
    summary:
      "The same as /api/dueCards under spec 000 §7's path and names (viewAsCustomer, dueDate, viewAsQA, viewAsCardType)",
    access: DUE_CARD_ROLES,
    query: dueCardsBySpecQuery,
    reply: dueCardsReply,
  }),
  csv: defineRoute({
    method: 'GET',
    path: '/api/dueCards/export',
    tags,
    summary: "'Export Cards.csv': every card of the day the filters match (title, status, due day, due date)",
    access: ['admin'],
    query: dueCardsQuery.omit({ page: true }),
    reply: csvReply('title, status, due day, due date'),
  }),
} as const;
