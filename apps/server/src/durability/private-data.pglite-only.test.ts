import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { PNG } from '../test/sample-files.js';
import { backupTool, killAllServers, startServer } from './server-process.js';
import { login } from './write-load.js';

// DATA_DIR holds password hashes, uploads and the database: no other account may read or change any of it
// (issue 48), after a start, an upload, a start on a tree an older release left open, and a restore.
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-private-'));
afterAll(async () => {
  await killAllServers();
  fs.rmSync(work, { recursive: true, force: true });
});

/** Every folder and file under root that group or others may use, with its mode (links aren't followed). */
function exposed(root: string): string[] {
  const found: string[] = [];
  const visit = (p: string) => {
    const st = fs.lstatSync(p);
    if (st.isSymbolicLink()) return;
    if (st.mode & 0o077) found.push(`${path.relative(root, p) || '.'} ${(st.mode & 0o777).toString(8)}`);
    if (st.isDirectory()) for (const name of fs.readdirSync(p)) visit(path.join(p, name));
  };
  visit(root);
  return found;
}

/** Asserts nothing under root is open to others, naming the first few that are. */
function expectPrivate(root: string) {
  const open = exposed(root);
  expect(open.length, `${open.length} open: ${open.slice(0, 5).join(', ')}`).toBe(0);
}

/** What a release before issue 48 left behind: folders 0777, files 0666. */
function openUp(p: string) {
  const st = fs.lstatSync(p);
  if (st.isSymbolicLink()) return;
  fs.chmodSync(p, st.isDirectory() ? 0o777 : 0o666);
  if (st.isDirectory()) for (const name of fs.readdirSync(p)) openUp(path.join(p, name));
}

it(
  'keeps DATA_DIR its account’s alone: on start, for uploads, on a restart over an open tree, on restore',
  {
    timeout: 240_000,
  },
  async () => {
    const dataDir = path.join(work, 'data');
    const env = {
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      ADMIN_EMAIL: 'owner@private.test',
      ADMIN_PASSWORD: 'private-data-48',
    };
    let server = await startServer(env);
    const api = await login(server.origin, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    const form = new FormData();
    form.append('document', new Blob([PNG], { type: 'image/png' }), 'still.png');
    const res = await fetch(`${server.origin}/api/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.token}` },
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { url } = (await res.json()) as { url: string };
    const uploaded = path.join(dataDir, 'files', url.replace(/^\/files\//, ''));
    expect(fs.statSync(uploaded).mode & 0o777).toBe(0o600);
    expectPrivate(dataDir);
    expect(await server.stop()).toBe(0);
    expectPrivate(dataDir);

    openUp(dataDir);
    server = await startServer(env);
    expectPrivate(dataDir);
    expect(await server.stop()).toBe(0);

    // With no server running the tool opens the database itself.
    const archive = path.join(work, 'private.tar.gz');
    const made = await backupTool(['backup', '--out', archive], env);
    expect(made.code, made.out).toBe(0);
    expectPrivate(dataDir);

    const restored = path.join(work, 'restored');
    const back = await backupTool(['restore', archive], { DATA_DIR: restored });
    expect(back.code, back.out).toBe(0);
    expect(fs.existsSync(path.join(restored, 'files', path.relative(path.join(dataDir, 'files'), uploaded)))).toBe(
      true,
    );
    expectPrivate(restored);
  },
);
