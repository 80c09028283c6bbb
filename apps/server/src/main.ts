import net from 'node:net';
import path from 'node:path';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { configOrExit, fail } from './platform/cli.js';
import { openDatabase } from './db/client.js';
import { bootstrapAdmin } from './features/seed/admin-bootstrap.js';
import { seedDemoMedia } from './features/seed/demo-media.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './features/seed/demo-seed.js';
import { pruneSessions } from './platform/auth.js';
import { answerDumpRequest } from './platform/backup.js';
import { DataDirLockedError, lockDataDir } from './platform/data-dir-lock.js';
import { bornPrivate, makePrivateOrWarn, privateChmodsUnder } from './platform/private-files.js';

/** The logins only on the start that seeded them (README); every start says where to go once it listens. */
function printWelcome(config: Config, seeded: boolean) {
  const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
  const rows = DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(width)}  ${a.role}`);
  const logins = seeded
    ? `\nDemo workspace ready. Every demo account uses the password "${DEMO_PASSWORD}":\n${rows.join('\n')}\n`
    : '';
  process.stdout.write(`${logins}\nOpen ${config.publicUrl} to log in. API docs: ${config.publicUrl}/api/docs\n\n`);
}

const portTaken = `Port %PORT% is already in use. Set PORT to another port.`;

/** A taken port found before the data folder is opened or seeded, not after (listen would say so only then). */
async function assertPortFree(port: number, host: string) {
  if (port === 0) return;
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(port, host, () => probe.close(() => resolve()));
  }).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'EADDRINUSE') fail(portTaken.replace('%PORT%', String(port)));
    throw e;
  });
}

async function main() {
  bornPrivate();
  const config = configOrExit();

  await assertPortFree(config.port, config.host);
  let releaseLock = () => {};
  if (!config.databaseUrl) {
    try {
      releaseLock = lockDataDir(config.dataDir);
    } catch (e) {
      if (e instanceof DataDirLockedError) fail(e.message);
      throw e;
    }
  }
  privateChmodsUnder(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'pg') },
  );
  // After the database opened: a tree an older release left open to other accounts is closed.
  makePrivateOrWarn(config.dataDir);

  // The demo seeds only an empty database, so it goes before the admin (who would make it non-empty).
  // Without SEED_DEMO, ADMIN_EMAIL on the embedded database reads as a real workspace: its published
  // demo passwords are not added to it.
  const demoByDefault = config.seedDemo === undefined && database.kind === 'pglite';
  const shouldSeed = config.seedDemo ?? (demoByDefault && !config.admin);
  const seeded = shouldSeed && (await seedDemo(database.db));
  // Only the start that seeded stores the clips; a demo missing them still starts, and says why.
  if (seeded)
    await seedDemoMedia(database.db, config).catch((e: unknown) =>
      process.stderr.write(`Demo videos not stored: ${e instanceof Error ? e.message : String(e)}\n`),
    );
  if (config.admin && (await bootstrapAdmin(database.db, config.admin))) {
    process.stdout.write(`Created admin account ${config.admin.email}\n`);
    if (demoByDefault)
      process.stdout.write(
        'ADMIN_EMAIL is set, so no demo workspace is seeded (SEED_DEMO=true seeds one beside it).\n',
      );
  } else if (config.admin && seeded) {
    process.stderr.write(
      `ADMIN_EMAIL ${config.admin.email} is a demo account: it keeps the demo password, not ADMIN_PASSWORD.\n`,
    );
  }
  await pruneSessions(database.db);
  const pruneTimer = setInterval(() => void pruneSessions(database.db).catch(() => {}), 3_600_000);
  pruneTimer.unref();

  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    let step = 'the server';
    const force = setTimeout(() => {
      app.log.error(`shutdown: ${step} still closing after 10 s, exiting anyway`);
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      step = 'the database';
      await database.close();
    } finally {
      releaseLock();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // `npm run backup` on the embedded database: only this process may read it while it serves.
  process.on('SIGUSR2', () => void answerDumpRequest(config, database, app.log));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (e) {
    releaseLock();
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'EADDRINUSE') fail(portTaken.replace('%PORT%', String(config.port)));
    throw e;
  }
  if (shouldSeed || demoByDefault) printWelcome(config, seeded);
}

await main();
