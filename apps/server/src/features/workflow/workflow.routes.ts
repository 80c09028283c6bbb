import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activityEntry,
  doneBody,
  idParam,
  markCompleteBody,
  moveBody,
  moveCardSubBody,
  moveToQaBody,
  pauseBody,
  rateBody,
  revisionBody,
  STAFF_ROLES,
  successReply,
  timelineBody,
  updateSortBody,
} from '@cutroom/domain';
import { currentUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { loadActivity } from '../cards/card-view.js';
import { loadVisibleCard } from '../cards/cards.service.js';
import {
  archiveCard,
  markComplete,
  moveCardSub,
  moveToDone,
  moveToQa,
  moveWithTimeline,
  plainMove,
  rateCard,
  requestRevision,
  setPaused,
  unarchiveCard,
  updateSort,
} from './moves.service.js';

const tags = ['workflow'];
const ok = { 200: successReply };

export const workflowRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const user = { access: 'user' as const };

    app.post(
      '/api/card/:id/move',
      {
        config: user,
        schema: {
          tags,
          summary: 'Plain move (hold, cancel, back to requests)',
          params: idParam,
          body: moveBody,
          response: ok,
        },
      },
      async (req) => plainMove(ctx, currentUser(req), req.params.id, req.body),
    );
    app.post(
      '/api/card/:id/timeline',
      {
        config: user,
        schema: {
          tags,
          summary: 'Move to editing with a timeline (24 h after revisions, else 48 h)',
          params: idParam,
          body: timelineBody,
          response: ok,
        },
      },
      async (req) => moveWithTimeline(ctx, currentUser(req), req.params.id, req.body),
    );
    app.post(
      '/api/card/:id/done',
      {
        config: user,
        schema: {
          tags,
          summary: 'Move to done with the video link(s) and Sync ID',
          params: idParam,
          body: doneBody,
          response: ok,
        },
      },
      async (req) => moveToDone(ctx, currentUser(req), req.params.id, req.body),
    );
    app.post(
      '/api/card/:id/moveToQa',
      {
        config: user,
        schema: { tags, summary: 'Move to QA with the video link', params: idParam, body: moveToQaBody, response: ok },
      },
      async (req) => moveToQa(ctx, currentUser(req), req.params.id, req.body),
    );
    app.post(
      '/api/card/:id/revision',
      {
        config: user,
        schema: {
          tags,
          summary: 'Send a delivered card back for revision',
          params: idParam,
          body: revisionBody,
          response: ok,
        },
      },
      async (req) => requestRevision(ctx, currentUser(req), req.params.id, req.body),
    );
    app.post(
      '/api/card/:id/markComplete',
      {
        config: user,
        schema: {
          tags,
          summary: 'Mark a delivered card as completed',
          params: idParam,
          body: markCompleteBody,
          response: ok,
        },
      },
      async (req) => markComplete(ctx, currentUser(req), req.params.id, req.body),
    );
    app.post(
      '/api/card/:id/moveCardSub',
      {
        config: user,
        schema: { tags, summary: 'Repurpose moves', params: idParam, body: moveCardSubBody, response: ok },
      },
      async (req) => moveCardSub(ctx, currentUser(req), req.params.id, req.body),
    );
    app.post(
      '/api/card/:id/rate',
      {
        config: user,
        schema: { tags, summary: 'Rate a completed card (1–5 stars)', params: idParam, body: rateBody, response: ok },
      },
      async (req) => rateCard(ctx, currentUser(req), req.params.id, req.body),
    );
    app.post(
      '/api/cards/updateSort',
      {
        config: { access: ['admin', 'customer'] },
        schema: { tags, summary: 'Reorder video requests', body: updateSortBody, response: ok },
      },
      async (req) => updateSort(ctx, currentUser(req), req.body),
    );
    app.post(
      '/api/card/:id/archive',
      { config: user, schema: { tags, summary: 'Archive a done or canceled card', params: idParam, response: ok } },
      async (req) => archiveCard(ctx, currentUser(req), req.params.id),
    );
    app.post(
      '/api/card/:id/unarchive',
      {
        config: { access: ['admin', 'team-lead'] },
        schema: { tags, summary: 'Bring an archived card back to the board', params: idParam, response: ok },
      },
      async (req) => unarchiveCard(ctx, currentUser(req), req.params.id),
    );
    app.put(
      '/api/v2/card/:id',
      {
        config: { access: ['admin', 'team-lead'] },
        schema: { tags, summary: 'Pause (1) or resume (0) a card', params: idParam, body: pauseBody, response: ok },
      },
      async (req) => setPaused(ctx, currentUser(req), req.params.id, req.body.paused === 1 || req.body.paused === true),
    );
    app.get(
      '/api/card-activity/:id',
      {
        config: { access: STAFF_ROLES },
        schema: {
          tags,
          summary: 'Status changes of a card, newest first',
          params: idParam,
          response: { 200: z.object({ activity: z.array(activityEntry) }) },
        },
      },
      async (req) => {
        await loadVisibleCard(ctx.db, currentUser(req), req.params.id);
        return { activity: await loadActivity(ctx.db, req.params.id) };
      },
    );
  };
