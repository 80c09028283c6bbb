import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { EVENT_CURSOR_HEADER, TAB_HEADER } from '@cutroom/domain';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { aiToolboxRoutes } from './features/ai-toolbox/ai-toolbox.routes.js';
import { analyticsRoutes } from './features/analytics/analytics.routes.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { helpRoutes } from './features/help/help.routes.js';
import { guestLinkRoutes } from './features/guest-links/guest-links.routes.js';
import { captionRoutes } from './features/captions/captions.routes.js';
import { profilesRoutes } from './features/profiles/profiles.routes.js';
import { promisesRoutes } from './features/promises/promises.routes.js';
import { promiseDateHooks } from './features/promises/promises.service.js';
import { enterHelperBoard } from './features/yt-helper/yt-card.service.js';
import { uploadFileReaders } from './features/uploads/upload-delivery.js';
import { guestFileReaders } from './features/guest-links/guest-visit.service.js';
import type { StoredFileReaders } from './platform/stored-files.js';
import { uploadsRoutes } from './features/uploads/uploads.routes.js';
import { boardRoutes } from './features/board/board.routes.js';
import { cardDetailsRoutes } from './features/card-details/card-details.routes.js';
import { cardsRoutes } from './features/cards/cards.routes.js';
import { archiveRoutes } from './features/archive/archive.routes.js';
import { chatRoutes } from './features/chat/chat.routes.js';
import { markersRoutes } from './features/markers/markers.routes.js';
import { approvalsRoutes } from './features/approvals/approvals.routes.js';
import { reviewReportRoutes } from './features/review-report/review-report.routes.js';
import { inboxRoutes } from './features/inbox/inbox.routes.js';
import { integrationsRoutes } from './features/integrations/integrations.routes.js';
import { startWebhookWorker } from './features/integrations/webhook-delivery.js';
import { mediaFilesRoutes } from './features/media-pipeline/media-files.routes.js';
import { startMediaWorker } from './features/media-pipeline/media-worker.js';
import { mediaWorkerContext } from './features/media-pipeline/worker-context.js';
import { enqueueWebhookEvent } from './features/integrations/webhook-events.js';
import { eventsRoutes } from './features/events/events.routes.js';
import { healthRoutes } from './features/health/health.routes.js';
import { ytHelperRoutes } from './features/yt-helper/yt-helper.routes.js';
import { dashboardRoutes } from './features/dashboard/dashboard.routes.js';
import { dueCardsRoutes } from './features/due-cards/due-cards.routes.js';
import { exportCardsRoutes } from './features/export-cards/export-cards.routes.js';
import { ratingRoutes } from './features/rating/rating.routes.js';
import { revisionReasonsRoutes } from './features/revision-reasons/revision-reasons.routes.js';
import { leaveRoutes } from './features/leave/leave.routes.js';
import { mediaRoutes } from './features/media/media.routes.js';
import { notificationsRoutes } from './features/notifications/notifications.routes.js';
import { settingsRoutes } from './features/settings/settings.routes.js';
import { usersRoutes } from './features/users/users.routes.js';
import { workflowRoutes } from './features/workflow/workflow.routes.js';
import { forgetRevoked, registerAuth } from './platform/auth.js';
import { connectRedisCounters, memoryCounters } from './platform/attempt-limiter.js';
import type { AppContext } from './platform/context.js';
import { registerCompression } from './platform/compression.js';
import { AppError, answerFrameworkError, registerErrorHandling } from './platform/errors.js';
import { requestSerializer } from './platform/log-redaction.js';
import { registerBodyTimeout } from './platform/request-timeouts.js';
import { createMemoryBus, createRedisBus, runWithTab, type EventBus } from './platform/events.js';
import { createMailer, type Mailer } from './platform/mail.js';
import { registerOpenApi } from './platform/openapi.js';
import { registerSecurityHeaders } from './platform/security-headers.js';
import { createStorage } from './platform/storage.js';
import { bucketOrigins } from './platform/storage-multipart.js';
import { startMailWorker } from './features/mail/worker.js';
import { registerWebApp } from './platform/web-app.js';
import { SERVER_ROOT } from './platform/server-root.js';
import { registerMetrics } from './platform/metrics.js';

const defaultWebDist = path.resolve(SERVER_ROOT, '../web/dist');

/** A policy the web app passes: Mantine writes inline styles; media may come from any https host. */
const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  mediaSrc: ["'self'", 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameSrc: ['https://drive.google.com'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};
/** With FILES_ORIGIN, images and media also come from there; with S3, the upload page PUTs parts to the bucket. */
const cspFor = (filesOrigin: string | undefined, s3: Config['s3']) => {
  const files = filesOrigin ? [filesOrigin] : [];
  return {
    ...CSP,
    imgSrc: [...CSP.imgSrc, ...files],
    mediaSrc: [...CSP.mediaSrc, ...files],
    connectSrc: [...CSP.connectSrc, ...bucketOrigins(s3)],
  };
};

export interface BuildOptions {
  config: Config;
  database: Database;
  mailer?: Mailer;
  /** Defaults to Redis pub/sub when REDIS_URL is set, else an in-process bus. */
  events?: EventBus;
  /** Where the log's lines go: stdout by default; a test reads them. */
  logStream?: { write(line: string): void };
}

/** The whole HTTP app without listening, so tests drive it with inject(). */
export async function buildApp({
  config,
  database,
  mailer,
  events,
  logStream,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Secrets in query strings (OAuth codes, mailed tokens) never reach the log.
    logger: {
      level: config.logLevel,
      serializers: { req: requestSerializer },
      ...(logStream && { stream: logStream }),
    },
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    // Forwarded headers only from configured proxies: anyone could otherwise pick their own address.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: 1_048_576,
    // Node answers 408 to a request not whole in this time (Fastify's default of 0 turns that off); every
    // body but a signed-in caller's upload has a shorter limit of its own (registerBodyTimeout).
    requestTimeout: config.timeouts.uploadMs,
    // A connection with no byte either way this long is closed (event streams send a heartbeat).
    connectionTimeout: config.timeouts.idleMs,
    // The router refuses over-long or malformed paths before any hook: answer those in our shape too.
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // An empty body sent as application/json is no body (clients add the header to body-less calls).
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    (body as string).trim() === '' ? done(null, undefined) : parseJson(request, body as string, done),
  );
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const bus = events ?? (config.redisUrl ? await createRedisBus(config.redisUrl) : createMemoryBus());
  app.addHook('onClose', () => bus.close());
  // Sessions ended on another instance stop working here at once, not when the cache entry expires.
  bus.onRevoke((revocation) => forgetRevoked(database.db, revocation));
  const counters = config.redisUrl ? await connectRedisCounters(config.redisUrl) : memoryCounters();
  app.addHook('onClose', () => counters.close());
  // Filled below: the features answering who may read a stored file need the whole context.
  const files = {} as StoredFileReaders;
  const ctx: AppContext = {
    db: database.db,
    planned: database.planned,
    config,
    events: bus,
    counters,
    storage: await createStorage(config),
    workPlan: promiseDateHooks(database.db),
    helperBoard: { cardReady: enterHelperBoard },
    files,
    mailer:
      mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: path.join(config.dataDir, 'mail'),
        log: app.log,
      }),
  };
  Object.assign(files, uploadFileReaders(ctx), guestFileReaders(ctx));

  registerErrorHandling(app);
  registerBodyTimeout(app, config.timeouts.bodyMs);
  const filesHost = config.files?.host;
  if (filesHost) {
    // The files origin serves signed file links and nothing else: no page, no API.
    app.addHook('onRequest', async (request) => {
      if (request.host === filesHost && !request.url.startsWith('/files/')) throw new AppError('NOT_FOUND');
    });
  }
  await app.register(cookie);
  registerCompression(app);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: { directives: cspFor(config.files?.origin, config.s3) },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
  });
  await app.register(rateLimit, { global: false });
  registerAuth(app, ctx.db, { secureCookie: config.publicUrl.startsWith('https:') });
  // Before the routes, so its timing hook sees every one of them.
  registerMetrics(app, database, config.metricsToken);
  // Events published while handling a call name the tab that made it, so that tab can skip them; the tab
  // learns where the event stream stood before the call read anything (see EVENT_CURSOR_HEADER).
  app.addHook('preHandler', (request, reply, done) => {
    const tab = request.headers[TAB_HEADER];
    if (tab !== undefined) reply.header(EVENT_CURSOR_HEADER, ctx.events.cursor());
    runWithTab(tab, done);
  });
  await registerOpenApi(app);

  await app.register(healthRoutes(ctx));
  await app.register(authRoutes(ctx));
  await app.register(usersRoutes(ctx));
  await app.register(profilesRoutes(ctx));
  await app.register(cardsRoutes(ctx));
  await app.register(archiveRoutes(ctx));
  await app.register(boardRoutes(ctx));
  await app.register(workflowRoutes(ctx));
  await app.register(ytHelperRoutes(ctx));
  await app.register(dashboardRoutes(ctx));
  await app.register(dueCardsRoutes(ctx));
  await app.register(exportCardsRoutes(ctx));
  await app.register(ratingRoutes(ctx));
  await app.register(cardDetailsRoutes(ctx));
  await app.register(chatRoutes(ctx));
  await app.register(markersRoutes(ctx));
  await app.register(approvalsRoutes(ctx));
  await app.register(reviewReportRoutes(ctx));
  await app.register(inboxRoutes(ctx));
  await app.register(eventsRoutes(ctx));
  await app.register(mediaRoutes(ctx, ctx.storage));
  await app.register(mediaFilesRoutes(ctx));
  await app.register(settingsRoutes(ctx));
  await app.register(leaveRoutes(ctx));
  await app.register(notificationsRoutes(ctx));
  await app.register(uploadsRoutes(ctx));
  await app.register(aiToolboxRoutes(ctx));
  await app.register(analyticsRoutes(ctx));
  await app.register(helpRoutes(ctx));
  await app.register(guestLinkRoutes(ctx));
  await app.register(captionRoutes(ctx));
  await app.register(revisionReasonsRoutes(ctx));
  await app.register(integrationsRoutes(ctx));
  // Card and comment events become webhook deliveries in the durable queue (one per webhook and event).
  const stopWebhookEvents = bus.subscribe((event) => {
    enqueueWebhookEvent(ctx.db, event).catch((err: unknown) => app.log.warn({ err }, 'webhook enqueue failed'));
  });
  app.addHook('onClose', async () => stopWebhookEvents());
  await app.register(promisesRoutes(ctx));

  if (config.mailPollMs > 0) {
    const worker = startMailWorker(ctx, app.log, config.mailPollMs);
    app.addHook('onClose', () => worker.stop());
    const webhookWorker = startWebhookWorker(ctx.db, config, app.log, config.mailPollMs);
    app.addHook('onClose', () => webhookWorker.stop());
  }

  if (config.media.concurrency > 0) {
    // This process transcodes too (the default); MEDIA_CONCURRENCY=0 leaves it to `npm run worker` elsewhere.
    const media = await mediaWorkerContext({ db: ctx.db, storage: ctx.storage, events: bus, config, log: app.log });
    const mediaWorker = startMediaWorker(media, config.media.concurrency, config.media.pollMs);
    app.addHook('onClose', () => mediaWorker.stop());
  }

  await registerWebApp(app, config.webDist ? path.resolve(config.webDist) : defaultWebDist, config.firstScreenMs);
  return app;
}
