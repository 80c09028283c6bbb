import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  assignBody,
  cardEventQuery,
  changeLinkBody,
  contentIdBody,
  dueDateBody,
  idParam,
  srtFileBody,
  successReply,
} from '@cutroom/domain';
import { currentUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import {
  assignCard,
  changeContentId,
  changeLink,
  recordCardEvent,
  setSrtFile,
  updateDueDate,
} from './card-details.service.js';

const tags = ['card details'];
const user = { access: 'user' as const };
const ok = { 200: successReply };

export const cardDetailsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/card/assign',
      {
        config: { access: ['admin', 'team-lead'] },
        schema: { tags, summary: 'Assign the card to an editor, QA or team lead', body: assignBody, response: ok },
      },
      async (req) => assignCard(ctx, currentUser(req), req.body.card_id, req.body.assign_to),
    );
    app.post(
      '/api/card/updateDueDate',
      { config: user, schema: { tags, summary: 'Set the due date (staff)', body: dueDateBody, response: ok } },
      async (req) => updateDueDate(ctx, currentUser(req), req.body.card_id, req.body.due_date),
    );
    app.post(
      '/api/card/changeDoneVideo',
      {
        config: user,
        schema: {
          tags,
          summary: 'Replace a done video, unlisted, thumbnail or snippet link',
          body: changeLinkBody,
          response: ok,
        },
      },
      async (req) => changeLink(ctx, currentUser(req), req.body),
    );
    app.post(
      '/api/card/changeContentId',
      {
        config: user,
        schema: { tags, summary: 'Replace the Sync IDs (comma-separated)', body: contentIdBody, response: ok },
      },
      async (req) => changeContentId(ctx, currentUser(req), req.body.card_id, req.body.contentId),
    );
    app.post(
      '/api/card/:id/srtFile',
      {
        config: user,
        schema: {
          tags,
          summary: 'Attach the subtitles file (upload it with POST /api/media first)',
          params: idParam,
          body: srtFileBody,
          response: ok,
        },
      },
      async (req) => setSrtFile(ctx, currentUser(req), req.params.id, req.body.srt_file),
    );
    app.get(
      '/api/add-card-event/:id',
      {
        config: user,
        schema: {
          tags,
          summary: 'Record that the caller opened the card',
          params: idParam,
          querystring: cardEventQuery,
          response: ok,
        },
      },
      async (req) => recordCardEvent(ctx, currentUser(req), req.params.id, req.query.type),
    );
  };
