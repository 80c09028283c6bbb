import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@cutroom/domain/contract';
import type { AppContext } from '../../platform/context.js';
import { FILES_CSP } from '../../platform/security-headers.js';
import { serve } from '../../platform/routes.js';
import { createMultipartStore } from '../../platform/storage-multipart.js';
import { signedLinks } from '../../platform/signed-links.js';
import {
  cancelUpload,
  completeUpload,
  downloadLink,
  downloadType,
  listUploads,
  partUrls,
  putPart,
  signedFile,
  startUpload,
  storedParts,
  sweepStaleUploads,
  uploadFolders,
  type UploadsDeps,
} from './uploads.service.js';

/** The upload page's routes (issue 16): a customer's folder, filled in parts straight to storage. */
export const uploadsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps: UploadsDeps = {
      ctx,
      store: await createMultipartStore(ctx.config),
      links: await signedLinks(ctx.config),
      log: app.log,
    };
    // Uploads abandoned in a closed tab: dropped at start and hourly (S3 also takes a lifecycle rule, docs/uploads.md).
    const sweep = () =>
      void sweepStaleUploads(deps).catch((err: unknown) => app.log.warn({ err }, 'sweeping stale uploads failed'));
    app.addHook('onReady', async () => sweep());
    const timer = setInterval(sweep, 3_600_000).unref();
    app.addHook('onClose', async () => clearInterval(timer));
    // A part's body is passed on as the raw stream (this plugin only): nothing is buffered whole.
    app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));

    serve(app, API.uploads.start, ({ user, body }) => startUpload(deps, user, body));
    serve(app, API.uploads.partUrls, ({ user, params, body }) => partUrls(deps, user, params.id, body.part_numbers));
    serve(
      app,
      API.uploads.putPart,
      ({ user, params, query, request }) =>
        putPart(deps, user, { id: params.id, n: params.n, expires: query.expires, sig: query.sig, body: request.body }),
      { config: { rateLimit: { max: 600, timeWindow: 60_000 }, uploadBody: true } },
    );
    serve(app, API.uploads.parts, ({ user, params }) => storedParts(deps, user, params.id));
    serve(app, API.uploads.complete, ({ user, params, body }) => completeUpload(deps, user, params.id, body));
    serve(app, API.uploads.cancel, ({ user, params }) => cancelUpload(deps, user, params.id));
    serve(app, API.uploads.folders, ({ user, query }) => uploadFolders(ctx, user, query));
    serve(app, API.uploads.list, ({ user, query, zone }) => listUploads(ctx, user, query, zone));
    serve(app, API.uploads.download, ({ user, params }) => downloadLink(deps, user, params.id));

    // Local disk's counterpart of an S3 presigned GET: the signed link alone lets its holder read the file.
    // Local disk's counterpart of an S3 presigned GET: the signed link alone lets its holder read the file.
    serve(app, API.uploads.signedFile, async ({ params, query, reply }) => {
      const { row, stream } = await signedFile(deps, params.id, query.expires, query.sig);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', FILES_CSP)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename="${row.fileName}"`)
        .header('content-type', downloadType(row.contentType))
        .header('content-length', String(row.bytes))
        .send(stream);
    });
  };
