import type { z } from 'zod';
import { successReply } from '../schemas/workflow.js';
import {
  ytAssetsBody,
  ytAssignBody,
  ytCardsBody,
  ytCardsReply,
  ytDescriptionBody,
  ytDoneSkipBody,
  ytDueDateBody,
  ytMarkCompleteBody,
  ytMoveBody,
  ytRevisionBody,
} from '../schemas/yt-helper.js';
import { YT_MANAGE_ROLES } from '../yt-policy.js';
import { idParam } from '../schemas/fields.js';
import { defineRoute } from './define.js';

const tags = ['youtube helper'];
const onCard = <const S extends string, const B extends z.ZodType>(call: S, summary: string, body: B) =>
  defineRoute({
    method: 'POST',
    path: `/api/ythelper/card/:id/${call}`,
    tags,
    summary,
    access: 'user',
    params: idParam,
    body,
    reply: successReply,
  });

/** The helper board and the helper half of a card (spec 000 §7, spec 001 §7); its chat is in CHAT.yt. */
export const YT_HELPER = {
  cards: defineRoute({
    method: 'POST',
    path: '/api/ythelper/cards',
    tags,
    summary: 'Helper board and list pages: one column, or the first page of every column',
    access: 'user',
    body: ytCardsBody,
    reply: ytCardsReply,
  }),
  move: onCard('move', 'Plain helper move (start, cancel, back to assigned)', ytMoveBody),
  internalMove: onCard('internalMove', "The helper board's drag and drop: the same plain moves as /move", ytMoveBody),
  done: onCard(
    'done',
    'Hand the assets on: thumbnails, snippet, unlisted video, description (to QA or Review)',
    ytAssetsBody,
  ),
  doneSkip: onCard('doneSkip', 'The same move as /done, keeping the assets already on the card', ytDoneSkipBody),
  markComplete: onCard(
    'markComplete',
    "'Ready For Upload': complete the helper side (a rating may come with it)",
    ytMarkCompleteBody,
  ),
  revision: onCard('revision', 'Send the helper side from Review back to In Progress', ytRevisionBody),
  assign: defineRoute({
    method: 'POST',
    path: '/api/ythelper/card/assign',
    tags,
    summary: 'Hand a helper card to a YouTube helper (admin, helper lead)',
    access: YT_MANAGE_ROLES,
    body: ytAssignBody,
    reply: successReply,
  }),
  dueDate: defineRoute({
    method: 'POST',
    path: '/api/ythelper/card/updateDueDate',
    tags,
    summary: 'Set the helper due date (admin, helper lead)',
    access: YT_MANAGE_ROLES,
    body: ytDueDateBody,
    reply: successReply,
  }),
  description: defineRoute({
    method: 'POST',
    path: '/api/generic/update/vc_ythelper_card/',
    tags,
    summary: "Update a helper card's description (only that: other fields are refused)",
    access: 'user',
    body: ytDescriptionBody,
    reply: successReply,
  }),
  // The spec writes the path with its trailing slash; a client leaving it off reaches the same call.
  descriptionNoSlash: defineRoute({
    method: 'POST',
    path: '/api/generic/update/vc_ythelper_card',
    tags,
    summary: 'The description update without the trailing slash (same call)',
    access: 'user',
    body: ytDescriptionBody,
    reply: successReply,
  }),
} as const;
