import { z } from 'zod';
import { handbookContentSchema, helpContentSchema } from '../schemas/help.js';
import { defineRoute } from './define.js';

const tags = ['help'];
const updated = { updated_at: z.string().nullable() };

/** The help page and the client handbook (spec 002 §2): every signed-in user reads, the admin edits. */
export const HELP = {
  help: defineRoute({
    method: 'GET',
    path: '/api/help',
    tags,
    summary:
      'The help page: tutorial videos and FAQs. Until the admin edits it, the defaults built from the FAQ facts (cut-offs, revision time, late revisions, captions plan, repurposing sizes); updated_at null',
    access: 'user',
    reply: helpContentSchema.extend(updated),
  }),
  updateHelp: defineRoute({
    method: 'PUT',
    path: '/api/help',
    tags,
    summary: 'Replace the help page: up to 12 videos (title, link or uploaded video, description) and 50 FAQs',
    access: ['admin'],
    body: helpContentSchema,
    reply: helpContentSchema.extend({ ...updated, message: z.string() }),
  }),
  handbook: defineRoute({
    method: 'GET',
    path: '/api/client-handbook',
    tags,
    summary: 'The client handbook: one rich-text document (sanitized); the default until the admin edits it',
    access: 'user',
    reply: handbookContentSchema.extend(updated),
  }),
  updateHandbook: defineRoute({
    method: 'PUT',
    path: '/api/client-handbook',
    tags,
    summary: 'Replace the client handbook; its rich text is sanitized to the editor’s tags',
    access: ['admin'],
    body: handbookContentSchema,
    reply: handbookContentSchema.extend({ ...updated, message: z.string() }),
  }),
} as const;
