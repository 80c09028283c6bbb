import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';

/** The ai feature's routes (issue 16). */
export const aiRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async () => {};
