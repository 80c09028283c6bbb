import { z } from 'zod';
import { PAUSE_ROLES, REORDER_ROLES, UNARCHIVE_ROLES } from '../card-policy.js';
import { STAFF_ROLES } from '../roles.js';
import { activityEntry } from '../schemas/card-replies.js';
import {
  doneBody,
  markCompleteBody,
  moveBody,
  moveCardSubBody,
  moveToQaBody,
  pauseBody,
  rateBody,
  revisionBody,
  successReply,
  timelineBody,
  updateSortBody,
} from '../schemas/workflow.js';
import type { MoveCall } from '../transitions.js';
import { idParam } from '../schemas/fields.js';
import { defineRoute } from './define.js';

const tags = ['workflow'];
const move = <const B extends z.ZodType>(call: MoveCall, summary: string, body: B) =>
  defineRoute({
    method: 'POST',
    path: `/api/card/:id/${call}`,
    tags,
    summary,
    access: 'user',
    params: idParam,
    body,
    reply: successReply,
  });

/** The seven calls that move a card, one per MoveCall (DESIGN §4: moves needing data have their own). */
export const MOVE_ROUTES = {
  move: move('move', 'Plain move (hold, cancel, back to requests)', moveBody),
  timeline: move('timeline', 'Move to editing with a timeline (24 h after revisions, else 48 h)', timelineBody),
  done: move('done', 'Move to done with the video link(s) and Sync ID', doneBody),
  moveToQa: move('moveToQa', 'Move to QA with the video link, or a finished upload (upload_id)', moveToQaBody),
  revision: move('revision', 'Send a delivered card back for revision', revisionBody),
  markComplete: move('markComplete', 'Mark a delivered card as completed', markCompleteBody),
  moveCardSub: move('moveCardSub', 'Repurpose moves', moveCardSubBody),
} as const satisfies Record<MoveCall, unknown>;

export const WORKFLOW = {
  rate: defineRoute({
    method: 'POST',
    path: '/api/card/:id/rate',
    tags,
    summary: 'Rate a completed card (1–5 stars)',
    access: 'user',
    params: idParam,
    body: rateBody,
    reply: successReply,
  }),
  updateSort: defineRoute({
    method: 'POST',
    path: '/api/cards/updateSort',
    tags,
    summary: 'Reorder video requests',
    access: REORDER_ROLES,
    body: updateSortBody,
    reply: successReply,
  }),
  archive: defineRoute({
    method: 'POST',
    path: '/api/card/:id/archive',
    tags,
    summary: 'Archive a done or canceled card',
    access: 'user',
    params: idParam,
    reply: successReply,
  }),
  unarchive: defineRoute({
    method: 'POST',
    path: '/api/card/:id/unarchive',
    tags,
    summary: 'Bring an archived card back to the board',
    access: UNARCHIVE_ROLES,
    params: idParam,
    reply: successReply,
  }),
  pause: defineRoute({
    method: 'PUT',
    path: '/api/v2/card/:id',
    tags,
    summary: 'Pause (1) or resume (0) a card',
    access: PAUSE_ROLES,
    params: idParam,
    body: pauseBody,
    reply: successReply,
  }),
  activity: defineRoute({
    method: 'GET',
    path: '/api/card-activity/:id',
    tags,
    summary: 'Status changes of a card, newest first',
    access: STAFF_ROLES,
    params: idParam,
    reply: z.object({ activity: z.array(activityEntry) }),
  }),
} as const;
