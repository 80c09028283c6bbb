import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { CAPTION_LIMITS, CAPTIONS_MSG, MSG, fill } from '@cutroom/domain';
import { API } from '@cutroom/domain/contract';
import { uploadCaptionFields } from '@cutroom/domain/schemas';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { serve } from '../../platform/routes.js';
import { openVisitCard, visitOf } from '../guest-links/public.js';
import {
  captionFile,
  editCue,
  listCaptions,
  listTracks,
  removeCaptions,
  searchCaptions,
  sendTrackFile,
  uploadCaptions,
} from './captions.service.js';
import { captionTracks } from '../../db/schema.js';
import { and, eq } from 'drizzle-orm';

/** The form's fields and its one file, in any order; a file past the size limit is refused, not cut. */
async function readCaptionForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError('VALIDATION', CAPTIONS_MSG.fileRequired, 'file');
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'field') fields[part.fieldname] = String(part.value);
    else if (part.fieldname !== 'file' || file) part.file.resume();
    else {
      file = await part.toBuffer().catch((e: unknown) => {
        if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(
            'VALIDATION',
            fill('A caption file can be at most {mb} MB', { mb: String(CAPTION_LIMITS.fileBytes / 1_000_000) }),
            'file',
          );
        throw new AppError('FILE_REFUSED', MSG.uploadInterrupted, 'file');
      });
    }
  }
  if (!file) throw new AppError('VALIDATION', CAPTIONS_MSG.fileRequired, 'file');
  const parsed = uploadCaptionFields.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError('VALIDATION', issue.message, String(issue.path[0] ?? 'file'));
  }
  return { fields: parsed.data, file };
}

/** Caption tracks and transcripts (issue 53), for the card's side and its guests. */
export const captionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: CAPTION_LIMITS.fileBytes, files: 1, fields: 5, fieldSize: 200 },
    });
    const routes = API.captions;

    serve(app, routes.list, ({ user, params, query }) => listCaptions(ctx, user, params.id, query));
    serve(
      app,
      routes.upload,
      async ({ user, params, request }) => {
        const { fields, file } = await readCaptionForm(request);
        return uploadCaptions(ctx, user, params.id, fields, file);
      },
      { config: { rateLimit: { max: 30, timeWindow: 60_000 }, uploadBody: true } },
    );
    serve(app, routes.search, ({ user, params, query }) => searchCaptions(ctx, user, params.id, query.q));
    serve(app, routes.vtt, ({ user, params, reply }) =>
      captionFile(ctx, user, params.id, params.caption_id, 'vtt', reply),
    );
    serve(app, routes.srt, ({ user, params, reply }) =>
      captionFile(ctx, user, params.id, params.caption_id, 'srt', reply),
    );
    serve(app, routes.editCue, ({ user, params, body }) =>
      editCue(ctx, user, params.id, params.caption_id, params.n, body),
    );
    serve(app, routes.remove, ({ user, params }) => removeCaptions(ctx, user, params.id, params.caption_id));

    // A guest reads the tracks of their visit's card while its videos may be watched, as the customer does.
    const perIp = { config: { rateLimit: { max: 240, timeWindow: 60_000 } } };
    serve(
      app,
      routes.guestList,
      async ({ request, query }) => {
        const { card } = await openVisitCard(ctx, await visitOf(ctx, request));
        return listTracks(ctx, card.id, 'guest', query);
      },
      perIp,
    );
    const guestFile = async (request: FastifyRequest, trackId: number) => {
      const { card } = await openVisitCard(ctx, await visitOf(ctx, request));
      const [track] = await ctx.db
        .select()
        .from(captionTracks)
        .where(and(eq(captionTracks.id, trackId), eq(captionTracks.cardId, card.id)))
        .limit(1);
      if (!track) throw new AppError('NOT_FOUND');
      return track;
    };
    serve(
      app,
      routes.guestVtt,
      async ({ request, params, reply }) =>
        sendTrackFile(ctx, await guestFile(request, params.caption_id), 'vtt', reply),
      perIp,
    );
    serve(
      app,
      routes.guestSrt,
      async ({ request, params, reply }) =>
        sendTrackFile(ctx, await guestFile(request, params.caption_id), 'srt', reply),
      perIp,
    );
  };
