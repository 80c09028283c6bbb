// `npm run worker`: a media-pipeline worker on its own (issue 34), for other machines sharing PostgreSQL and
// storage with the API. Same environment as the server; MEDIA_CONCURRENCY sets its jobs at once.
import { pino } from 'pino';
import { configOrExit, fail } from './platform/cli.js';
import { openDatabase } from './db/client.js';
import { createMemoryBus, createRedisBus } from './platform/events.js';
import { createStorage } from './platform/storage.js';
import { startMediaWorker } from './features/media-pipeline/media-worker.js';
import { mediaWorkerContext } from './features/media-pipeline/worker-context.js';
import { bornPrivate } from './platform/private-files.js';

bornPrivate();
const config = configOrExit();
// The embedded database is one process's alone: a worker elsewhere needs the server's PostgreSQL.
if (!config.databaseUrl)
  fail(
    'npm run worker needs DATABASE_URL: the embedded database belongs to the server process, whose in-process worker runs the jobs.',
  );
if (config.media.concurrency === 0) fail('MEDIA_CONCURRENCY is 0: this worker would run no jobs.');

const log = pino({ level: config.logLevel });
const database = await openDatabase({ url: config.databaseUrl });
// Without Redis the API's listeners don't hear this worker; a reload still shows where each video stands.
const events = config.redisUrl ? await createRedisBus(config.redisUrl) : createMemoryBus();
const storage = await createStorage(config);
const media = await mediaWorkerContext({ db: database.db, storage, events, config, log });
const worker = startMediaWorker(media, config.media.concurrency, config.media.pollMs);
log.info({ concurrency: config.media.concurrency }, 'media worker started');

let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'media worker stopping');
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  await worker.stop();
  await events.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
