import { REQUEST_ROLES } from '../card-policy.js';
import {
  cardCountsBody,
  cardCountsReply,
  getCardsBody,
  getCardsReply,
  requestAllowanceReply,
} from '../schemas/board.js';
import { defineRoute } from './define.js';

const tags = ['board'];

export const BOARD = {
  cards: defineRoute({
    method: 'POST',
    path: '/api/getCards',
    tags,
    summary: 'Board and list pages: one column, or the first page of every column',
    access: 'user',
    body: getCardsBody,
    reply: getCardsReply,
  }),
  counts: defineRoute({
    method: 'POST',
    path: '/api/getCardCounts',
    tags,
    summary: 'The count of every board column under the same filters, and a customer’s monthly count',
    access: 'user',
    body: cardCountsBody,
    reply: cardCountsReply,
  }),
  allowance: defineRoute({
    method: 'GET',
    path: '/api/requestAllowance',
    tags,
    summary: 'Whether the caller (a customer) may create another request this billing period, and why not',
    access: REQUEST_ROLES,
    reply: requestAllowanceReply,
  }),
} as const;
