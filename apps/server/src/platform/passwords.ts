import { hash, verify } from '@node-rs/argon2';
import { AppError } from './errors.js';

/** OWASP's argon2id minimum: 19 MiB, 2 passes, 1 lane (algorithm 2 is Argon2id; the enum is const-only). */
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** Hashes running at once (one per core) and waiting at most; beyond that a login flood gets 429. */
const MAX_RUNNING = 2;
const MAX_WAITING = 64;

let running = 0;
const waiting: (() => void)[] = [];

async function bounded<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_RUNNING) {
    if (waiting.length >= MAX_WAITING) throw new AppError('BUSY');
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export const hashPassword = (password: string): Promise<string> => bounded(() => hash(password, ARGON2));

let dummyHash: Promise<string> | undefined;

/** Verifies against a real hash, or a dummy one when the account is unknown so timing doesn't tell. */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  const target = passwordHash ?? (await (dummyHash ??= hash('not-a-real-password', ARGON2)));
  const ok = await bounded(() => verify(target, password).catch(() => false));
  return ok && passwordHash !== undefined;
}
