import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EVENT_CURSOR_HEADER, LIVE_RESYNC_EVENT, SESSION_ENDED_EVENT, TAB_HEADER } from '@cutroom/domain';
import { LIVE_EVENT_TYPES } from '@cutroom/domain/schemas';
import { currentUser, sessionIsLive } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { openEventStream } from '../../platform/event-stream.js';
import { revokes, type AppEvent } from '../../platform/events.js';
import { audienceMatcher } from './audience.js';

const HEARTBEAT_MS = 25_000;
/** Customer lists behind a QA's or lead's matcher are reloaded this often. */
const AUDIENCE_REFRESH_MS = 60_000;
/** A stream asks the database whether its session still holds this often (expiry, a revocation the bus missed). */
export const SESSION_RECHECK_MS = 30_000;
/** Sent before a stream closes because its session ended; the client should log out, not reconnect. */
const SESSION_ENDED = `event: ${SESSION_ENDED_EVENT}\ndata: {}\n\n`;
const RESYNC = `event: ${LIVE_RESYNC_EVENT}\ndata: {}\n\n`;

/** The wire shape of the domain's `liveEvent`: its type as the SSE event, card and origin inside the data. */
const frame = ({ id, type, cardId, data, origin }: AppEvent) =>
  `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify({ ...(cardId === undefined ? {} : { card_id: cardId }), ...data, ...(origin ? { origin } : {}) })}\n\n`;

export const eventsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const open = new Set<() => void>();
    app.addHook('preClose', async () => {
      for (const end of open) end();
    });

    app.get(
      '/api/events',
      {
        config: { access: 'user' },
        schema: {
          tags: ['events'],
          operationId: 'eventsStream',
          summary: `Server-Sent Events: ${LIVE_EVENT_TYPES.join(', ')} for the cards the caller sees; \`origin\` names the tab (${TAB_HEADER}) whose call caused it. Send Last-Event-ID (an event's id, or the ${EVENT_CURSOR_HEADER} header of a reply) to replay what was missed; \`${LIVE_RESYNC_EVENT}\` means refetch; \`${SESSION_ENDED_EVENT}\` comes last when the session is logged out or revoked.`,
          querystring: z.object({ lastEventId: z.string().max(100).optional() }),
        },
      },
      async (request, reply) => {
        const viewer = currentUser(request);
        let matches = await audienceMatcher(ctx.db, viewer);
        const lastId = (request.headers['last-event-id'] as string | undefined) ?? request.query.lastEventId;

        const res = openEventStream(reply);
        res.write('retry: 2000\n\n');
        if (lastId) {
          const missed = ctx.events.since(lastId);
          if (missed === null) res.write(RESYNC);
          else for (const e of missed) if (matches(e.audience)) res.write(frame(e));
        }
        // An id with no data dispatches nothing, but a reconnecting browser then replays from here.
        res.write(`id: ${ctx.events.cursor()}\n\n`);

        const unsubscribe = ctx.events.subscribe((event) => {
          if (matches(event.audience)) res.write(frame(event));
        });
        const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
        const refresh = setInterval(() => {
          audienceMatcher(ctx.db, viewer).then(
            (m) => (matches = m),
            () => {},
          );
        }, AUDIENCE_REFRESH_MS);
        const sessionEnded = () => {
          if (!res.writableEnded) res.write(SESSION_ENDED);
          end();
        };
        const stopRevocations = ctx.events.onRevoke((r) => {
          if (revokes(r, { userId: viewer.id, sessionId: viewer.sessionId })) sessionEnded();
        });
        const recheckSession = () =>
          sessionIsLive(ctx.db, viewer.sessionId).then(
            (live) => !live && sessionEnded(),
            () => {},
          );
        const recheck = setInterval(() => void recheckSession(), SESSION_RECHECK_MS);
        const end = () => {
          clearInterval(heartbeat);
          clearInterval(refresh);
          clearInterval(recheck);
          unsubscribe();
          stopRevocations();
          open.delete(end);
          if (!res.writableEnded) res.end();
        };
        open.add(end);
        request.raw.on('close', end);
        // A revocation between the session lookup and the subscription above would otherwise wait for the recheck.
        void recheckSession();
      },
    );
  };
