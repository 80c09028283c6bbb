import { ASSIGN_ROLES } from '../card-policy.js';
import {
  assignBody,
  cardEventQuery,
  changeLinkBody,
  contentIdBody,
  dueDateBody,
  srtFileBody,
} from '../schemas/card-details.js';
import { successReply } from '../schemas/workflow.js';
import { idParam } from '../schemas/fields.js';
import { defineRoute } from './define.js';

const tags = ['card details'];

export const CARD_DETAILS = {
  assign: defineRoute({
    method: 'POST',
    path: '/api/card/assign',
    tags,
    summary: 'Assign the card to an editor, QA or team lead',
    access: ASSIGN_ROLES,
    body: assignBody,
    reply: successReply,
  }),
  dueDate: defineRoute({
    method: 'POST',
    path: '/api/card/updateDueDate',
    tags,
    summary: 'Set the due date (staff)',
    access: 'user',
    body: dueDateBody,
    reply: successReply,
  }),
  changeLink: defineRoute({
    method: 'POST',
    path: '/api/card/changeDoneVideo',
    tags,
    summary: 'Replace a done video (a link, or a finished upload by upload_id), unlisted, thumbnail or snippet link',
    access: 'user',
    body: changeLinkBody,
    reply: successReply,
  }),
  contentId: defineRoute({
    method: 'POST',
    path: '/api/card/changeContentId',
    tags,
    summary: 'Replace the Sync IDs (comma-separated)',
    access: 'user',
    body: contentIdBody,
    reply: successReply,
  }),
  srtFile: defineRoute({
    method: 'POST',
    path: '/api/card/:id/srtFile',
    tags,
    summary: 'Attach the subtitles file (upload it with POST /api/media first)',
    access: 'user',
    params: idParam,
    body: srtFileBody,
    reply: successReply,
  }),
  event: defineRoute({
    method: 'GET',
    path: '/api/add-card-event/:id',
    tags,
    summary: 'Record that the caller opened the card',
    access: 'user',
    params: idParam,
    query: cardEventQuery,
    reply: successReply,
  }),
} as const;
