import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@cutroom/domain/contract';
import { fill, MSG } from '@cutroom/domain';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { serve } from '../../platform/routes.js';
import { createAiClient, streamGeneration } from './ai-generate.js';
import { deleteItem, listItems, saveItem, updateItem } from './ai-saved.service.js';
import { takeGeneration, usageDay, usedToday } from './ai-usage.js';

/** The AI toolbox (spec 002 §2, §7): status, the streamed generation, and the caller's saved list. */
export const aiToolboxRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const routes = API.aiToolbox;
    const ai = ctx.config.ai;
    const client = ai ? createAiClient(ai) : null;
    const shutdown = new AbortController();
    app.addHook('preClose', async () => shutdown.abort());

    serve(app, routes.status, async ({ user }) => {
      const used = await usedToday(ctx.db, user.id);
      return {
        configured: Boolean(ai),
        model: ai?.model ?? null,
        daily_limit: ai?.dailyLimit ?? null,
        used_today: used,
        remaining: ai ? Math.max(0, ai.dailyLimit - used) : null,
      };
    });

    serve(app, routes.generate, async ({ user, query, reply, request }) => {
      if (!ai || !client) throw new AppError('AI_NOT_CONFIGURED');
      const day = usageDay();
      // Counted when it starts; streamGeneration gives it back if the provider fails to deliver.
      const used = await takeGeneration(ctx.db, user.id, ai.dailyLimit, day);
      if (used === null) {
        throw new AppError('AI_DAILY_LIMIT', fill(MSG.aiDailyLimit, { limit: String(ai.dailyLimit) }));
      }
      await streamGeneration({
        client,
        ai,
        db: ctx.db,
        userId: user.id,
        day,
        used,
        query,
        reply,
        log: request.log,
        shutdown: shutdown.signal,
      });
      return reply as never;
    });

    serve(app, routes.save, ({ user, body }) => saveItem(ctx.db, user, body));
    serve(app, routes.saved, ({ user, query }) => listItems(ctx.db, user, query));
    serve(app, routes.update, ({ user, params, body }) => updateItem(ctx.db, user, params.id, body));
    serve(app, routes.remove, ({ user, params }) => deleteItem(ctx.db, user, params.id));
  };
