import { approvalRuleBody, decisionBody, decisionReply, watchedBody, watchedReply } from '../schemas/approvals.js';
import { idParam } from '../schemas/fields.js';
import { z } from 'zod';
import { defineRoute } from './define.js';

const tags = ['approvals'];

/** Approval rounds (issue 52); a guest's decision is `API.guestLinks.decision`. */
export const APPROVALS = {
  decide: defineRoute({
    method: 'POST',
    path: '/api/card/:id/decision',
    tags,
    summary:
      "The customer's decision on the card's latest delivered version: approved or changes requested, with a note; changeable until the card is complete",
    access: 'user',
    params: idParam,
    body: decisionBody,
    reply: decisionReply,
  }),
  watched: defineRoute({
    method: 'POST',
    path: '/api/card/:id/watched',
    tags,
    summary:
      'Ranges of a version the caller played at normal speed or slower, merged with what they played before; batched by the player',
    access: 'user',
    params: idParam,
    body: watchedBody,
    reply: watchedReply,
  }),
  rule: defineRoute({
    method: 'PUT',
    path: '/api/card/:id/approval',
    tags,
    summary:
      "Whose approval completes the card: any reviewer's (the default) or every approver's; staff or the customer",
    access: 'user',
    params: idParam,
    body: approvalRuleBody,
    reply: z.object({ message: z.string() }),
  }),
} as const;
