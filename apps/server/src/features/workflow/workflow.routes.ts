import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, MOVE_ROUTES } from '@cutroom/domain/contract';
import { MOVE_CALLS, type MoveCall } from '@cutroom/domain';
import type { AppContext } from '../../platform/context.js';
import { serve, type Handler } from '../../platform/routes.js';
import { loadVisibleCard } from '../../kernel/card-access.js';
import { loadActivity } from '../../kernel/card-view.js';
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

type MoveHandlers = { [C in MoveCall]: Handler<(typeof MOVE_ROUTES)[C]> };

export const workflowRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const moves: MoveHandlers = {
      move: ({ user, params, body }) => plainMove(ctx, user, params.id, body),
      timeline: ({ user, params, body }) => moveWithTimeline(ctx, user, params.id, body),
      done: ({ user, params, body }) => moveToDone(ctx, user, params.id, body),
      moveToQa: ({ user, params, body }) => moveToQa(ctx, user, params.id, body),
      revision: ({ user, params, body }) => requestRevision(ctx, user, params.id, body),
      markComplete: ({ user, params, body }) => markComplete(ctx, user, params.id, body),
      moveCardSub: ({ user, params, body }) => moveCardSub(ctx, user, params.id, body),
    };
    const serveMove = <C extends MoveCall>(call: C) => serve(app, MOVE_ROUTES[call], moves[call]);
    MOVE_CALLS.forEach(serveMove);

    const routes = API.workflow;
    serve(app, routes.rate, ({ user, params, body }) => rateCard(ctx, user, params.id, body));
    serve(app, routes.updateSort, ({ user, body }) => updateSort(ctx, user, body));
    serve(app, routes.archive, ({ user, params }) => archiveCard(ctx, user, params.id));
    serve(app, routes.unarchive, ({ user, params }) => unarchiveCard(ctx, user, params.id));
    serve(app, routes.pause, ({ user, params, body }) =>
      setPaused(ctx, user, params.id, body.paused === 1 || body.paused === true),
    );
    serve(app, routes.activity, async ({ user, params }) => {
      await loadVisibleCard(ctx.db, user, params.id);
      return { activity: await loadActivity(ctx.db, params.id) };
    });
  };
