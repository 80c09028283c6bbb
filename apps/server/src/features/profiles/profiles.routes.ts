import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@cutroom/domain/contract';
import type { AppContext } from '../../platform/context.js';
import { serve } from '../../platform/routes.js';
import { updateOwnProfile } from './own-profile.service.js';

/** The own profile page's changes (/profile); other people's profiles go through users/. */
export const profilesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, API.profiles.updateOwn, ({ user, body }) => updateOwnProfile(ctx, user, body));
  };
