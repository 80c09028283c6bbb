import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Role } from '@cutroom/domain';
import type { Db } from '../db/client.js';
import { cards, users } from '../db/schema.js';
import { DEMO_ACCOUNTS, seedDemo } from '../features/seed/demo-seed.js';
import { createSession } from '../platform/auth.js';

export type DemoKey = (typeof DEMO_ACCOUNTS)[number]['key'];

/** The role of a demo account, as the seed gives it. */
export const demoRole = (key: DemoKey): Role => DEMO_ACCOUNTS.find((a) => a.key === key)!.role;

/** Seeds the demo workspace and returns each demo account's id and a live bearer token. */
export async function seedWithSessions(db: Db) {
  await seedDemo(db);
  const accounts = {} as Record<DemoKey, { id: number; email: string; token: string }>;
  for (const a of DEMO_ACCOUNTS) {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.useremail, a.email));
    accounts[a.key] = { id: row!.id, email: a.email, token: await createSession(db, row!.id, false, 'test') };
  }
  return accounts;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A guest's cookies, by name (a guest visit has no bearer token). */
export type Cookies = Record<string, string>;
/** A call as a user (their session token) or a guest (their cookies): `app.inject` with either. */
export const injectAs =
  (app: FastifyInstance) =>
  (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: string | Cookies, payload?: object) =>
    app.inject({
      method,
      url,
      ...(typeof auth === 'string' ? { headers: bearer(auth) } : { cookies: auth }),
      ...(payload ? { payload } : {}),
    });

/** Every file under a user's upload folder, so a refused upload can be shown to leave nothing. */
export function filesOf(dataDir: string, ownerId: number): string[] {
  const dir = path.join(dataDir, 'files', 'media', String(ownerId));
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

/** The newest mail written to the outbox for an address, as raw text. */
export function latestMail(dataDir: string, to: string): string {
  const dir = path.join(dataDir, 'mail');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.includes(to.replace(/[^\w.@-]/g, '_'))) : [];
  const newest = files.sort().at(-1);
  if (!newest) throw new Error(`no mail to ${to}`);
  return fs.readFileSync(path.join(dir, newest), 'utf8');
}

/** Pulls a token query parameter out of a mailed link (quoted-printable soft breaks removed). */
export function tokenFromMail(mail: string, pagePath: string): string {
  const flat = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = new RegExp(`${pagePath}\\?token=([\\w%-]+)`).exec(flat);
  if (!match?.[1]) throw new Error(`no ${pagePath} link in mail`);
  return decodeURIComponent(match[1]);
}

type CardInsert = typeof cards.$inferInsert;
let cardSeq = 0;

/** A card straight in the database, for tests that need one in a given state. */
export async function insertCard(db: Db, values: Partial<CardInsert> & { clientId: number }) {
  const [card] = await db
    .insert(cards)
    .values({
      cardTitle: `Test card ${++cardSeq} ${Math.random().toString(36).slice(2, 8)}`,
      dropboxLink: 'https://www.dropbox.com/sh/raw?dl=0',
      youtubeAspectRatio: '16:9',
      videoPurpose: 'podcast',
      ...values,
    })
    .returning();
  return card!;
}
