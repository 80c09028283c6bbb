import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@cutroom/domain/contract';
import type { AppContext } from '../../platform/context.js';
import { serve } from '../../platform/routes.js';
import {
  activeAnnouncement,
  createAnnouncement,
  deleteAnnouncement,
  listAnnouncements,
  listHolidays,
  saveHoliday,
  updateAnnouncement,
  updateHoliday,
} from './settings.service.js';

export const settingsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const routes = API.settings;
    serve(app, routes.saveHoliday, ({ body }) => saveHoliday(ctx, body));
    serve(app, routes.holidays, () => listHolidays(ctx));
    serve(app, routes.updateHoliday, ({ body }) => updateHoliday(ctx, body));
    serve(app, routes.announcements, ({ user }) => listAnnouncements(ctx, user));
    serve(app, routes.activeAnnouncement, () => activeAnnouncement(ctx));
    serve(app, routes.createAnnouncement, ({ body }) => createAnnouncement(ctx, body));
    serve(app, routes.updateAnnouncement, ({ params, body }) => updateAnnouncement(ctx, params.id, body));
    serve(app, routes.deleteAnnouncement, ({ params }) => deleteAnnouncement(ctx, params.id));
  };
