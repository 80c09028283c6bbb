import { AI_STREAM_EVENTS, AI_TOOLBOX_ROLES } from '../ai-toolbox.js';
import {
  aiGenerateQuery,
  aiMessageReply,
  aiSaveBody,
  aiSaveReply,
  aiSavedQuery,
  aiSavedReply,
  aiStatusReply,
  aiUpdateBody,
} from '../schemas/ai-toolbox.js';
import { z } from 'zod';
import { idParam } from '../schemas/fields.js';
import { defineRoute } from './define.js';

const tags = ['ai'];
const access = AI_TOOLBOX_ROLES;
const { delta, done, error } = AI_STREAM_EVENTS;

/** The AI toolbox (spec 002 §2, §7 "AI service"); saved items are the caller's own (another's answers 404). */
export const AI_TOOLBOX = {
  status: defineRoute({
    method: 'GET',
    path: '/api/ai/status',
    tags,
    summary: "Whether an AI endpoint is configured, its model, and the caller's daily generations used and left",
    access,
    reply: aiStatusReply,
  }),
  generate: defineRoute({
    method: 'GET',
    path: '/api/ai/toolbox-response',
    tags,
    summary: `Generate ideas, titles or a script. Answers text/event-stream: \`${delta}\` events ({text}) as the model writes, then \`${done}\` ({items, remaining}) or \`${error}\` ({error_message, code}). Before streaming: 400 bad input, 409 AI_NOT_CONFIGURED, 429 AI_DAILY_LIMIT`,
    access,
    query: aiGenerateQuery,
    reply: z.string().describe('text/event-stream'),
  }),
  save: defineRoute({
    method: 'POST',
    path: '/api/ai/save/toolbox-data',
    tags,
    summary: "Keep a result in the caller's Saved List (data is sanitized rich text)",
    access,
    body: aiSaveBody,
    reply: aiSaveReply,
    status: 201,
  }),
  saved: defineRoute({
    method: 'GET',
    path: '/api/ai/get-saved-data',
    tags,
    summary: "The caller's saved results, newest first, by tool type and title search, a page at a time",
    access,
    query: aiSavedQuery,
    reply: aiSavedReply,
  }),
  update: defineRoute({
    method: 'POST',
    path: '/api/ai/update-saved-data/:id',
    tags,
    summary: "Edit a saved result's text (sanitized rich text)",
    access,
    params: idParam,
    body: aiUpdateBody,
    reply: aiMessageReply,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/ai/delete-saved-data/:id',
    tags,
    summary: 'Delete a saved result',
    access,
    params: idParam,
    reply: aiMessageReply,
  }),
} as const;
