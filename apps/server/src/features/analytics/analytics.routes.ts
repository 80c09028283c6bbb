import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';

/** The analytics feature's routes (issue 16). */
export const analyticsRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async () => {};
