import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process.js';

const run = promisify(execFile);
const BIN = '/usr/lib/postgresql/15/bin';
const RUNUSER = '/usr/sbin/runuser';
const isRoot = process.getuid?.() === 0;

/** Why a private cluster can't be made here, or undefined when it can. */
export function clusterSkipReason(): string | undefined {
  if (!fs.existsSync(path.join(BIN, 'initdb')) || !fs.existsSync(path.join(BIN, 'pg_ctl')))
    return `PostgreSQL 15 binaries not found in ${BIN}`;
  // initdb refuses to run as root, so root hands the cluster to the postgres OS user.
  if (isRoot && !fs.existsSync(RUNUSER)) return `running as root and ${RUNUSER} is missing`;
  if (isRoot) {
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    } catch {
      return 'running as root and there is no postgres OS user';
    }
  }
  return undefined;
}

const asOwner = (bin: string, args: string[]) =>
  isRoot ? run(RUNUSER, ['-u', 'postgres', '--', path.join(BIN, bin), ...args]) : run(path.join(BIN, bin), args);

export interface PrivateCluster {
  url: string;
  /** `pg_ctl stop -m immediate`: every backend dies at once, as in a crash; recovery replays the WAL. */
  crash(): Promise<void>;
  /** Starts again and resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it (if running) and removes its folder. */
  destroy(): Promise<void>;
}

/** A throwaway PostgreSQL 15 cluster of its own, trust auth, on 127.0.0.1 and a free port only. */
export async function createPrivateCluster(): Promise<PrivateCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-pgcluster-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=60 -c shared_buffers=16MB`;
  const start = async () => {
    await asOwner('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', '-t', '60', 'start']);
  };
  const crash = async () => {
    await asOwner('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
  };
  const destroy = async () => {
    if (fs.existsSync(path.join(data, 'postmaster.pid'))) await crash().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    if (isRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      fs.chownSync(dir, uid, gid);
    }
    // --no-sync only skips flushing the fresh cluster's files; commits later are fsynced as usual.
    await asOwner('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
    await start();
  } catch (e) {
    await destroy();
    throw e;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, crash, start, destroy };
}
