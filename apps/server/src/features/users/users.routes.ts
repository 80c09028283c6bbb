import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createUserBody,
  createUserReply,
  customersReply,
  idParam,
  listQuery,
  userView,
  usersReply,
} from '@cutroom/domain';
import type { AppContext } from '../../platform/context.js';
import { currentUser } from '../../platform/auth.js';
import { createUser, getUser, listUsers } from './users.service.js';

export const usersRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/user',
      {
        config: { access: ['admin'] },
        schema: {
          tags: ['users'],
          summary: 'Create a user of any role',
          body: createUserBody,
          response: { 201: createUserReply },
        },
      },
      async (request, reply) => reply.status(201).send(await createUser(ctx.db, request.body)),
    );

    app.get(
      '/api/user/:id',
      {
        config: { access: 'user' },
        schema: {
          tags: ['users'],
          summary: 'One user the caller may see',
          params: idParam,
          response: { 200: userView },
        },
      },
      async (request) => getUser(ctx.db, currentUser(request), request.params.id),
    );

    app.get(
      '/api/users',
      {
        config: { access: ['admin', 'team-lead', 'qa', 'yt-helper-lead'] },
        schema: {
          tags: ['users'],
          summary: 'Staff the caller works with',
          querystring: listQuery,
          response: { 200: usersReply },
        },
      },
      async (request) => {
        const { rows, count } = await listUsers(ctx.db, currentUser(request), request.query, false);
        return { users: rows, count };
      },
    );

    app.get(
      '/api/customers',
      {
        config: { access: ['admin', 'team-lead', 'qa', 'yt-helper-lead', 'yt-helper'] },
        schema: {
          tags: ['users'],
          summary: 'Customers the caller serves',
          querystring: listQuery,
          response: { 200: customersReply },
        },
      },
      async (request) => {
        const { rows, count } = await listUsers(ctx.db, currentUser(request), request.query, true);
        return { customers: rows, count };
      },
    );
  };
