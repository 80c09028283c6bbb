import { z } from 'zod';
import {
  checklistQuery,
  checklistReply,
  commentBody,
  commentsQuery,
  commentsReply,
  deleteCommentBody,
  editCommentBody,
  markCommentBody,
  noteView,
  olderCommentsQuery,
  reactionBody,
  wontFixBody,
} from '../schemas/chat.js';
import { markersQuery } from '../schemas/markers.js';
import { reviewReportQuery } from '../schemas/review-report.js';
import { successReply } from '../schemas/workflow.js';
import { idParam } from '../schemas/fields.js';
import { defineRoute } from './define.js';

const tags = ['chat'];
const noteParams = z.object({ id: idParam.shape.id, noteId: idParam.shape.id });

/** The customer chat and the team chat take the same three calls under their own prefix. */
const chatCalls = <const P extends string>(prefix: P, label: string) => ({
  comments: defineRoute({
    method: 'GET',
    path: `${prefix}/commentsV2`,
    tags,
    summary: `${label}: a page of notes, or what changed since a time`,
    access: 'user',
    params: idParam,
    query: commentsQuery,
    reply: commentsReply,
  }),
  post: defineRoute({
    method: 'POST',
    path: `${prefix}/comment`,
    tags,
    summary: `${label}: post a comment, reply or annotation`,
    access: 'user',
    params: idParam,
    body: commentBody,
    reply: z.object({ id: z.number(), message: z.string(), note: noteView }),
    status: 201,
  }),
  remove: defineRoute({
    method: 'POST',
    path: `${prefix}/deleteComment`,
    tags,
    summary: `${label}: delete (soft) a comment`,
    access: 'user',
    params: idParam,
    body: deleteCommentBody,
    reply: z.object({ message: z.string() }),
  }),
});

/** Tick and thumbs-up, under the customer chat's prefix or the helper chat's. */
const noteCalls = <const P extends string>(prefix: P, label: string) => ({
  mark: defineRoute({
    method: 'POST',
    path: `${prefix}/markCommentComplete`,
    tags,
    summary: `${label}: staff tick off a customer's comment`,
    access: 'user',
    params: idParam,
    body: markCommentBody,
    reply: successReply,
  }),
  react: defineRoute({
    method: 'POST',
    path: `${prefix}/noteReaction`,
    tags,
    summary: `${label}: a customer's thumbs-up on a customer comment`,
    access: 'user',
    params: idParam,
    body: reactionBody,
    reply: successReply,
  }),
});

export const CHAT = {
  customer: chatCalls('/api/card/:id', 'Customer chat'),
  team: chatCalls('/api/card/:id/team', 'Team chat (staff only)'),
  /** The helper chat of a card with the helper (spec 001 §7), with its own tick and thumbs-up. */
  yt: {
    ...chatCalls('/api/ythelper/card/:id', 'YouTube-helper chat'),
    ...noteCalls('/api/ythelper/card/:id', 'YouTube-helper chat'),
  },
  /** The customer chat's older listing call (spec 001 §7), still made by some callers: commentsV2's answer. */
  olderComments: defineRoute({
    method: 'GET',
    path: '/api/card/:id/comments',
    tags,
    summary: 'Customer chat, the older call: as commentsV2, the caller named calledFrom (answered as calledBy)',
    access: 'user',
    params: idParam,
    query: olderCommentsQuery,
    reply: commentsReply,
  }),
  edit: defineRoute({
    method: 'PUT',
    path: '/api/card/:id/comment/:noteId',
    tags,
    summary: 'Edit a comment (its author; admin also for staff comments)',
    access: 'user',
    params: noteParams,
    body: editCommentBody,
    reply: z.object({ status: z.boolean(), message: z.string() }),
  }),
  checklist: defineRoute({
    method: 'GET',
    path: '/api/card/:id/checklist',
    tags,
    summary:
      "The revision checklist: the customer's review notes, or with chat=team delivery QC's findings, each to fix, fixed or won't fix",
    access: 'user',
    params: idParam,
    query: checklistQuery,
    reply: checklistReply,
  }),
  wontFix: defineRoute({
    method: 'POST',
    path: '/api/card/:id/wontFix',
    tags,
    summary: 'Staff set an item to fix aside with a reason the customer reads, or put it back',
    access: 'user',
    params: idParam,
    body: wontFixBody,
    reply: z.object({ message: z.string(), note: noteView }),
  }),
  markers: defineRoute({
    method: 'GET',
    path: '/api/card/:id/markers',
    tags,
    summary: "The card's timed notes as a marker file for Resolve, Final Cut Pro or Premiere Pro",
    access: 'user',
    params: idParam,
    query: markersQuery,
    reply: z.string().describe('An EDL, FCPXML 1.10, Premiere XML or CSV file, as an attachment'),
  }),
  report: defineRoute({
    method: 'GET',
    path: '/api/card/:id/report.pdf',
    tags,
    summary: "The card's review as a PDF: a cover, then every note in time order with its frame and drawing",
    access: 'user',
    params: idParam,
    query: reviewReportQuery,
    reply: z.string().describe('A PDF file (application/pdf), as an attachment'),
  }),
  ...noteCalls('/api/card/:id', 'Customer chat'),
} as const;
