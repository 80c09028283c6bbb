import {
  approvalRuleBody,
  decisionBody,
  decisionReply,
  downloadQuery,
  videoDownloadReply,
  signedDownloadQuery,
  watchedBody,
  watchedReply,
  watchedQuery,
  coverageReply,
} from '../schemas/approvals.js';
import { STAFF_ROLES } from '../roles.js';
import { storedFileReply } from '../schemas/stored-files.js';
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
  myWatched: defineRoute({
    method: 'GET',
    path: '/api/card/:id/watched',
    tags,
    summary:
      'What the caller has played of a version so far, merged, with its share: the player asks before an approval',
    access: 'user',
    params: idParam,
    query: watchedQuery,
    reply: watchedReply,
  }),
  coverage: defineRoute({
    method: 'GET',
    path: '/api/card/:id/coverage',
    tags,
    summary:
      'Staff: how much of a version each reviewer (the customer, each guest) has played, as ranges over its timeline',
    access: STAFF_ROLES,
    params: idParam,
    query: watchedQuery,
    reply: coverageReply,
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
  download: defineRoute({
    method: 'GET',
    path: '/api/card/:id/download',
    tags,
    summary:
      "A short-lived link to a delivered version's original; for a customer whose originals unlock on approval, refused until the version is approved",
    access: 'user',
    params: idParam,
    query: downloadQuery,
    reply: videoDownloadReply,
  }),
  downloadFile: defineRoute({
    method: 'GET',
    path: '/api/download',
    tags,
    summary:
      'Local disk: the file behind a link from GET /api/card/{id}/download or /api/guest/download (signed, valid 15 minutes), as an attachment',
    access: 'public',
    query: signedDownloadQuery,
    reply: storedFileReply,
  }),
} as const;
