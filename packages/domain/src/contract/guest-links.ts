import { z } from 'zod';
import {
  createGuestLinkBody,
  createGuestLinkReply,
  guestCommentBody,
  guestCommentReply,
  guestLinkParams,
  guestLinksReply,
  guestLinkView,
  guestReviewReply,
  openGuestLinkBody,
  openGuestLinkReply,
} from '../schemas/guest-links.js';
import { idParam } from '../schemas/fields.js';
import { frameParams, frameQuery, mediaFileParams, storedFileReply, storedKeyParams } from '../schemas/stored-files.js';
import { defineRoute } from './define.js';
import { decisionBody, decisionReply, watchedBody, watchedReply } from '../schemas/approvals.js';

const tags = ['guest review'] as const;

/** Guest review links (issue 19): made by the card's side, used by a guest with no account. */
export const GUEST_LINKS = {
  list: defineRoute({
    method: 'GET',
    path: '/api/card/:id/guestLinks',
    tags,
    summary: "The card's guest review links, active and past (not the YouTube helpers')",
    access: 'user',
    params: idParam,
    reply: guestLinksReply,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/card/:id/guestLinks',
    tags,
    summary: "A link to this card's review for someone without an account; the token is shown only in this reply",
    access: 'user',
    params: idParam,
    body: createGuestLinkBody,
    reply: createGuestLinkReply,
    status: 201,
  }),
  revoke: defineRoute({
    method: 'POST',
    path: '/api/card/:id/guestLinks/:linkId/revoke',
    tags,
    summary: 'Turn a guest link off; visits already open end with it',
    access: 'user',
    params: guestLinkParams,
    reply: z.object({ message: z.string(), link: guestLinkView }),
  }),
  open: defineRoute({
    method: 'POST',
    path: '/api/guest/open',
    tags,
    summary:
      'A guest opens a link with its token, the password if it has one, and their name; sets the visit cookie. Every refusal reads the same',
    access: 'public',
    body: openGuestLinkBody,
    reply: openGuestLinkReply,
  }),
  review: defineRoute({
    method: 'GET',
    path: '/api/guest/review',
    tags,
    summary: "The visit's card: its title, delivered videos and customer-chat notes",
    access: 'public',
    reply: guestReviewReply,
  }),
  decision: defineRoute({
    method: 'POST',
    path: '/api/guest/decision',
    tags,
    summary: "An approver guest's decision on the card's latest delivered version (issue 52), as the customer's",
    access: 'public',
    body: decisionBody,
    reply: decisionReply,
  }),
  watched: defineRoute({
    method: 'POST',
    path: '/api/guest/watched',
    tags,
    summary: "Ranges of a version the guest played at normal speed or slower (issue 52), as the card's own call",
    access: 'public',
    body: watchedBody,
    reply: watchedReply,
  }),
  comment: defineRoute({
    method: 'POST',
    path: '/api/guest/comment',
    tags,
    summary: "A guest's note on the card, at a moment of a video or drawn on the frame; marked as a guest's",
    access: 'public',
    body: guestCommentBody,
    reply: guestCommentReply,
    status: 201,
  }),
  leave: defineRoute({
    method: 'POST',
    path: '/api/guest/leave',
    tags,
    summary: "End the guest's visit (clears the visit cookie)",
    access: 'public',
    reply: z.object({ message: z.string() }),
  }),
  readFile: defineRoute({
    method: 'GET',
    path: '/api/guest/files/*',
    tags,
    summary: "A video of the guest visit's card (range requests supported); any other key is not found",
    access: 'public',
    params: storedKeyParams,
    reply: storedFileReply,
  }),
  readMediaFile: defineRoute({
    method: 'GET',
    path: '/api/guest/media/assets/:asset_id/:file',
    tags,
    summary: "A media-pipeline file of one of the guest visit's card videos; any other asset is not found",
    access: 'public',
    params: mediaFileParams,
    reply: storedFileReply,
  }),
  grabFrame: defineRoute({
    method: 'GET',
    path: '/api/guest/media/assets/:asset_id/frame',
    tags,
    summary: "The frame at `t` seconds of one of the guest visit's card videos, as a JPEG",
    access: 'public',
    params: frameParams,
    query: frameQuery,
    reply: storedFileReply,
  }),
} as const;
