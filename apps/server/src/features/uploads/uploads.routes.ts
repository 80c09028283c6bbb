import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';

/** The uploads feature's routes (issue 16). */
export const uploadsRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async () => {};
