import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';

export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/healthz',
      {
        config: { access: 'public' },
        logLevel: 'warn',
        schema: {
          tags: ['health'],
          summary: 'The process is up',
          operationId: 'healthLive',
          response: { 200: z.object({ status: z.literal('ok') }) },
        },
      },
      async () => ({ status: 'ok' as const }),
    );

    app.get(
      '/readyz',
      {
        config: { access: 'public' },
        logLevel: 'warn',
        schema: {
          tags: ['health'],
          summary: 'The database answers',
          operationId: 'healthReady',
          response: {
            200: z.object({ status: z.literal('ready') }),
            503: z.object({ status: z.literal('unavailable') }),
          },
        },
      },
      async (request, reply) => {
        try {
          await ctx.db.execute(sql`select 1`);
          return { status: 'ready' as const };
        } catch (err) {
          request.log.error({ err }, 'database not ready');
          return reply.status(503).send({ status: 'unavailable' as const });
        }
      },
    );
  };
