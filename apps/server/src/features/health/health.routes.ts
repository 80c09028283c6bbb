import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { mediaToolsReport } from '../media-pipeline/public.js';

/** A media tool as /readyz reports it: its `-version` line, its FFmpeg release, and where it came from. */
const toolReport = z.object({
  version: z.string(),
  major: z.number().int().nullable(),
  source: z.enum(['env', 'system', 'npm']),
});

export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/healthz',
      {
        config: { access: 'public' },
        logLevel: 'warn',
        schema: {
          tags: ['health'],
          summary: 'The process is up',
          operationId: 'healthLive',
          response: { 200: z.object({ status: z.literal('ok') }) },
        },
      },
      async () => ({ status: 'ok' as const }),
    );

    app.get(
      '/readyz',
      {
        config: { access: 'public' },
        logLevel: 'warn',
        schema: {
          tags: ['health'],
          summary: 'The database answers; which ffmpeg and ffprobe the media pipeline runs',
          operationId: 'healthReady',
          response: {
            200: z.object({
              status: z.literal('ready'),
              // Null when this instance can't find or run them (an API-only instance may have none).
              media: z.object({ ffmpeg: toolReport, ffprobe: toolReport }).nullable(),
            }),
            503: z.object({ status: z.literal('unavailable') }),
          },
        },
      },
      async (request, reply) => {
        try {
          await ctx.db.execute(sql`select 1`);
          const media = await mediaToolsReport({
            ffmpeg: ctx.config.media.ffmpegPath,
            ffprobe: ctx.config.media.ffprobePath,
          });
          return { status: 'ready' as const, media };
        } catch (err) {
          request.log.error({ err }, 'database not ready');
          return reply.status(503).send({ status: 'unavailable' as const });
        }
      },
    );
  };
