import { archiveQuery, archiveReply } from '../schemas/archive.js';
import { defineRoute } from './define.js';

const tags = ['cards'];

/** The archive page's list; archiving and unarchiving are workflow moves. */
export const ARCHIVE = {
  list: defineRoute({
    method: 'GET',
    path: '/api/cards/archive',
    tags,
    summary: 'Archived cards the caller sees, newest first, 10 a page (staff may pick a customer)',
    access: 'user',
    query: archiveQuery,
    reply: archiveReply,
  }),
} as const;
