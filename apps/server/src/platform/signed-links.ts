import fs from 'node:fs';
import path from 'node:path';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.js';

const made = new WeakMap<Config, Promise<SignedLinks>>();

/**
 * Signed, expiring URLs of the portal's own file routes on local disk (upload parts, downloads), the
 * counterpart of S3's presigned URLs. The key is FILES_SIGNING_KEY, else one kept in DATA_DIR/files,
 * where the files it guards live too (instances sharing that folder share the key). One per config.
 */
export function signedLinks(config: Config): Promise<SignedLinks> {
  let links = made.get(config);
  if (!links) made.set(config, (links = makeLinks(config)));
  return links;
}

async function makeLinks(config: Config) {
  const secret = config.files?.signingKey ?? (await keptKey(path.join(config.dataDir, 'files', '.upload-signing-key')));
  const signature = (payload: string, expires: number) =>
    createHmac('sha256', secret).update(`${payload}\n${expires}`).digest('base64url');
  return {
    /** `?expires=…&sig=…` for a payload, valid `seconds` from now. */
    sign(payload: string, seconds: number, nowMs = Date.now()) {
      const expires = Math.floor(nowMs / 1000) + seconds;
      return { expires, query: `expires=${expires}&sig=${signature(payload, expires)}` };
    },
    valid(payload: string, expires: number, sig: string, nowMs = Date.now()): boolean {
      if (!Number.isSafeInteger(expires) || expires * 1000 <= nowMs) return false;
      const expected = Buffer.from(signature(payload, expires));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
export type SignedLinks = Awaited<ReturnType<typeof makeLinks>>;

/** A random key made once and kept (owner-only), so links survive a restart. */
async function keptKey(file: string): Promise<string> {
  const existing = await fs.promises.readFile(file, 'utf8').catch(() => '');
  if (existing.trim().length >= 32) return existing.trim();
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const key = randomBytes(32).toString('hex');
  try {
    await fs.promises.writeFile(file, key, { flag: 'wx', mode: 0o600 });
    return key;
  } catch {
    // Another instance wrote it first: use theirs.
    return (await fs.promises.readFile(file, 'utf8')).trim();
  }
}
