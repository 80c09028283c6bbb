import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@cutroom/domain/contract';
import type { AppContext } from '../../platform/context.js';
import { attachmentHeaders } from '../../platform/download.js';
import { serve } from '../../platform/routes.js';
import { exportMarkers } from './markers.service.js';

/** The chat's timeline markers as an editor's marker file (the contract keeps it in API.chat). */
export const markersRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, API.chat.markers, async ({ user, params, query, reply }) => {
      const file = await exportMarkers(ctx, user, params.id, query);
      void reply.headers(attachmentHeaders(file.filename, file.mime));
      return file.body;
    });
  };
