import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CLOCK_TIME_ZONE,
  commentBody,
  commentsQuery,
  commentsReply,
  deleteCommentBody,
  editCommentBody,
  idParam,
  isTimeZone,
  markCommentBody,
  noteView,
  reactionBody,
  successReply,
  type Chat,
} from '@cutroom/domain';
import { currentUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import {
  deleteComment,
  editComment,
  listComments,
  markCommentComplete,
  postComment,
  reactToComment,
} from './chat.service.js';

const tags = ['chat'];
const user = { access: 'user' as const };
const noteParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  noteId: z.coerce.number().int().positive().max(2_147_483_647),
});
const zoneOf = (header: unknown) => (typeof header === 'string' && isTimeZone(header) ? header : CLOCK_TIME_ZONE);

export const chatRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const chats: { prefix: string; chat: Chat; label: string }[] = [
      { prefix: '/api/card/:id', chat: 'customer', label: 'Customer chat' },
      { prefix: '/api/card/:id/team', chat: 'team', label: 'Team chat (staff only)' },
    ];
    for (const { prefix, chat, label } of chats) {
      app.get(
        `${prefix}/commentsV2`,
        {
          config: user,
          schema: {
            tags,
            summary: `${label}: a page of notes, or what changed since a time`,
            params: idParam,
            querystring: commentsQuery,
            response: { 200: commentsReply },
          },
        },
        async (req) =>
          listComments(ctx, currentUser(req), req.params.id, chat, req.query, zoneOf(req.headers['user-time-zone'])),
      );
      app.post(
        `${prefix}/comment`,
        {
          config: user,
          schema: {
            tags,
            summary: `${label}: post a comment, reply or annotation`,
            params: idParam,
            body: commentBody,
            response: { 201: z.object({ id: z.number(), message: z.string(), note: noteView }) },
          },
        },
        async (req, reply) =>
          reply.status(201).send(await postComment(ctx, currentUser(req), req.params.id, chat, req.body)),
      );
      app.post(
        `${prefix}/deleteComment`,
        {
          config: user,
          schema: {
            tags,
            summary: `${label}: delete (soft) a comment`,
            params: idParam,
            body: deleteCommentBody,
            response: { 200: z.object({ message: z.string() }) },
          },
        },
        async (req) => deleteComment(ctx, currentUser(req), req.params.id, req.body.note_id, chat),
      );
    }

    app.put(
      '/api/card/:id/comment/:noteId',
      {
        config: user,
        schema: {
          tags,
          summary: 'Edit a comment (its author; admin also for staff comments)',
          params: noteParams,
          body: editCommentBody,
          response: { 200: z.object({ status: z.boolean(), message: z.string() }) },
        },
      },
      async (req) => editComment(ctx, currentUser(req), req.params.id, req.params.noteId, req.body.note),
    );
    app.post(
      '/api/card/:id/markCommentComplete',
      {
        config: user,
        schema: {
          tags,
          summary: "Staff tick off a customer's comment",
          params: idParam,
          body: markCommentBody,
          response: { 200: successReply },
        },
      },
      async (req) => markCommentComplete(ctx, currentUser(req), req.params.id, req.body.note_id, req.body.status),
    );
    app.post(
      '/api/card/:id/noteReaction',
      {
        config: user,
        schema: {
          tags,
          summary: "A customer's thumbs-up on a customer comment",
          params: idParam,
          body: reactionBody,
          response: { 200: successReply },
        },
      },
      async (req) => reactToComment(ctx, currentUser(req), req.params.id, req.body.note_id, req.body.status),
    );
  };
