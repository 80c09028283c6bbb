import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';

/** The help feature's routes (issue 16). */
export const helpRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async () => {};
