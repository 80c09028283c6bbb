import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@cutroom/domain/contract';
import { calendarDay } from '@cutroom/domain';
import type { AppContext } from '../../platform/context.js';
import { csvDownload } from '../../platform/csv.js';
import { serve } from '../../platform/routes.js';
import { createUser, getUser, listUsers } from './users.service.js';
import { assignedCustomers } from './assigned-customers.service.js';
import { customersCardsCount, exportCustomersCsv, listCustomers } from './customers.service.js';
import { averageRating, deleteUser, renewSubscription, toggleSubscription, updateUser } from './user-admin.service.js';

export const usersRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, API.users.create, ({ body }) => createUser(ctx.db, body));
    serve(app, API.users.get, ({ user, params }) => getUser(ctx.db, user, params.id));
    serve(app, API.users.list, ({ user, query }) => listUsers(ctx.db, user, query));
    serve(app, API.users.customers, ({ user, query, zone }) => listCustomers(ctx.db, user, query, zone));
    serve(app, API.users.assignedCustomers, ({ user, params, query }) =>
      assignedCustomers(ctx.db, user, params.id, query),
    );
    serve(app, API.users.cardsCount, ({ user, body }) => customersCardsCount(ctx.db, user, body.customerType));
    serve(app, API.users.exportCustomers, async ({ user, query, reply, zone }) => {
      const csv = await exportCustomersCsv(ctx.db, user, query, zone);
      const day = calendarDay(new Date(), 'UTC');
      void reply.headers(csvDownload(`customers-${day}.csv`));
      return csv;
    });
    serve(app, API.users.update, ({ user, params, body }) => updateUser(ctx, user, params.id, body));
    serve(app, API.users.remove, ({ user, params }) => deleteUser(ctx, user, params.id));
    serve(app, API.users.toggleSubscription, ({ user, params, body }) =>
      toggleSubscription(ctx, user, params.id, body),
    );
    serve(app, API.users.renewSubscription, ({ user, params }) => renewSubscription(ctx, user, params.id));
    serve(app, API.users.averageRating, ({ user, params }) => averageRating(ctx, user, params.id));
  };
