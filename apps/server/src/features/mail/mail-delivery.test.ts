import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { mailOutbox, notifications, users } from '../../db/schema.js';
import { createMailer } from '../../platform/mail.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { insertCard, seedWithSessions } from '../../test/helpers.js';
import { queueDigests } from './digest.js';
import { queueNotificationMails } from './notification-mails.js';
import { MAX_ATTEMPTS, deliverDue, queueMail } from './outbox.js';
import { queueDueReminders } from './reminders.js';

/** A real SMTP server process on 127.0.0.1 that keeps what it receives; it can go down and come back on its port. */
function smtpSink() {
  const received: { to: string[]; raw: string }[] = [];
  let server: SMTPServer | undefined;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, session, done) {
          let raw = '';
          stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
          stream.on('end', () => {
            received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
            done();
          });
        },
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.server.address() as AddressInfo).port;
        resolve();
      });
    });
  const stop = () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  return { received, start, stop, url: () => `smtp://127.0.0.1:${port}` };
}

const smtp = smtpSink();
let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
const mailer = () =>
  createMailer({
    smtpUrl: smtp.url(),
    from: 'Cutroom <no-reply@cutroom.test>',
    outboxDir: '/nonexistent',
    log: t.app.log,
  });
const PUBLIC = 'http://localhost:3000';

beforeAll(async () => {
  await smtp.start();
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});
beforeEach(async () => {
  await t.database.db.delete(mailOutbox);
  smtp.received.length = 0;
});

const db = () => t.database.db;
const setPrefs = (id: number, prefs: object) =>
  db()
    .update(users)
    .set({ mailPreferences: sql`${users.mailPreferences} || ${JSON.stringify(prefs)}::jsonb` })
    .where(eq(users.id, id));
const emailOf = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!.useremail;
const outbox = () => db().select().from(mailOutbox);

/** A notification for the customer, written with its mail in one transaction, as the services do. */
async function notifyCustomer(type: 'card_movement' | 'card_comment', cardId: number) {
  await db().transaction(async (tx) => {
    const rows = await tx
      .insert(notifications)
      .values({ recipientId: a.customer.id, actorId: a.qa.id, cardId, type, data: 'Your card moved to Review' })
      .returning();
    await queueNotificationMails(tx, rows, PUBLIC);
  });
}

describe('mail of notifications, through a real SMTP server', () => {
  it('queues in the transaction and delivers readable HTML with a text part, the card link and the preferences link', async () => {
    await setPrefs(a.customer.id, { card_movement: 1, daily_digest: 0 });
    const card = await insertCard(db(), { clientId: a.customer.id, cardTitle: 'Gear review' });
    await notifyCustomer('card_movement', card.id);
    expect(await deliverDue(db(), mailer(), { idDomain: 'cutroom.test' })).toEqual({ sent: 1, failed: 0 });

    expect(smtp.received).toHaveLength(1);
    const { to, raw } = smtp.received[0]!;
    expect(to).toEqual([await emailOf(a.customer.id)]);
    // The subject travels Q-encoded because of its quotes: '"Gear review" moved'.
    expect(raw).toMatch(/^Subject: =\?UTF-8\?Q\?=22Gear_review=22_moved\?=$/m);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
    expect(raw.replace(/=\r?\n/g, '')).toContain(`${PUBLIC}/card-details/${card.id}`);
    expect(raw.replace(/=\r?\n/g, '')).toContain(`${PUBLIC}/profile?tab=3Dbasic#email-preferences`);
    expect(raw).toMatch(/^Message-ID: <outbox-\d+@cutroom\.test>/m);
    // Sent once: a second pass finds nothing due.
    expect(await deliverDue(db(), mailer())).toEqual({ sent: 0, failed: 0 });
  });

  it('follows the mail preferences: a kind turned off or the daily digest queues nothing now', async () => {
    const card = await insertCard(db(), { clientId: a.customer.id });
    await setPrefs(a.customer.id, { card_comment: 0, daily_digest: 0 });
    await notifyCustomer('card_comment', card.id);
    await setPrefs(a.customer.id, { card_comment: 1, daily_digest: 1 });
    await notifyCustomer('card_comment', card.id);
    expect(await outbox()).toEqual([]);
    await setPrefs(a.customer.id, { daily_digest: 0 });
  });

  it('also mails the assistant emails', async () => {
    await db()
      .update(users)
      .set({ secondaryEmail: 'helper-one@example.com, helper-two@example.com' })
      .where(eq(users.id, a.customer.id));
    const card = await insertCard(db(), { clientId: a.customer.id });
    await notifyCustomer('card_movement', card.id);
    await deliverDue(db(), mailer());
    expect(smtp.received.flatMap((m) => m.to).sort()).toEqual(
      [await emailOf(a.customer.id), 'helper-one@example.com', 'helper-two@example.com'].sort(),
    );
    await db().update(users).set({ secondaryEmail: null }).where(eq(users.id, a.customer.id));
  });

  it('queues nothing when the change rolls back', async () => {
    await db()
      .transaction(async (tx) => {
        await queueMail(tx, [{ to: 'x@example.com', subject: 'S', text: 'T', kind: 'test' }]);
        throw new Error('the change failed');
      })
      .catch(() => {});
    expect(await outbox()).toEqual([]);
  });
});

describe('an SMTP outage', () => {
  it('keeps the mail, retries with backoff, and delivers it once when the server is back', async () => {
    await queueMail(db(), [{ to: 'someone@example.com', subject: 'Kept', text: 'Hello', kind: 'test' }]);
    await smtp.stop();
    expect(await deliverDue(db(), mailer())).toEqual({ sent: 0, failed: 1 });
    const [row] = await outbox();
    expect(row).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
    expect(row!.lastError).toBeTruthy();
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet: nothing is tried.
    expect(await deliverDue(db(), mailer())).toEqual({ sent: 0, failed: 0 });

    await smtp.start();
    const later = new Date(Date.now() + 60_000);
    expect(await deliverDue(db(), mailer(), { now: later })).toEqual({ sent: 1, failed: 0 });
    expect(await deliverDue(db(), mailer(), { now: new Date(Date.now() + 3_600_000) })).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received.map((m) => m.to)).toEqual([['someone@example.com']]);
  });

  it('gives up after the last attempt and keeps the row for the operator', async () => {
    await queueMail(db(), [{ to: 'nobody@example.com', subject: 'Doomed', text: 'x', kind: 'test' }]);
    await db()
      .update(mailOutbox)
      .set({ attempts: MAX_ATTEMPTS - 1 });
    await smtp.stop();
    await deliverDue(db(), mailer());
    await smtp.start();
    const [row] = await outbox();
    expect(row!.failedAt).not.toBeNull();
    expect(await deliverDue(db(), mailer(), { now: new Date(Date.now() + 7_200_000) })).toEqual({ sent: 0, failed: 0 });
  });
});

describe('several workers', () => {
  it('never send one mail twice, however their passes interleave', async () => {
    await queueMail(
      db(),
      Array.from({ length: 30 }, (_, i) => ({
        to: `bulk-${i}@example.com`,
        subject: `Bulk ${i}`,
        text: 'x',
        kind: 'test',
      })),
    );
    const results = await Promise.all(Array.from({ length: 4 }, () => deliverDue(db(), mailer(), { limit: 10 })));
    const again = await Promise.all(Array.from({ length: 4 }, () => deliverDue(db(), mailer(), { limit: 10 })));
    const sent = [...results, ...again].reduce((n, r) => n + r.sent, 0);
    expect(sent).toBe(30);
    const addresses = smtp.received.flatMap((m) => m.to);
    expect(addresses).toHaveLength(30);
    expect(new Set(addresses).size).toBe(30);
  });
});

describe('reminders and digests (beyond the spec)', () => {
  it('mails the editor once when a card not yet in QA is due within 24 hours', async () => {
    const soon = new Date(Date.now() + 5 * 3_600_000);
    const due = await insertCard(db(), {
      clientId: a.customer.id,
      cardStatus: 'editing',
      assignedTo: a.editor.id,
      dueDate: soon,
    });
    const inQa = await insertCard(db(), {
      clientId: a.customer.id,
      cardStatus: 'qa',
      assignedTo: a.editor.id,
      dueDate: soon,
    });
    const notYet = await insertCard(db(), {
      clientId: a.customer.id,
      cardStatus: 'editing',
      assignedTo: a.editor.id,
      dueDate: new Date(Date.now() + 48 * 3_600_000),
    });
    await queueDueReminders(db(), PUBLIC);
    await queueDueReminders(db(), PUBLIC);
    // The demo cards of the seed may be due too; these three cards decide.
    const mine = [due.id, notYet.id, inQa.id];
    const rows = (await outbox()).filter(
      (r) => r.kind === 'due_reminder' && mine.some((id) => r.dedupeKey!.startsWith(`due:${id}:`)),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      recipientId: a.editor.id,
      dedupeKey: `due:${due.id}:${a.editor.id}:${soon.toISOString()}`,
    });
    expect(rows[0]!.text).toContain(`${PUBLIC}/card-details/${due.id}`);
  });

  it('sends a digest reader one mail a day with the kinds they want', async () => {
    await setPrefs(a.qa.id, { daily_digest: 1, card_comment: 1, card_movement: 0 });
    const card = await insertCard(db(), { clientId: a.customer.id });
    await db()
      .insert(notifications)
      .values([
        { recipientId: a.qa.id, cardId: card.id, type: 'card_comment', data: 'Cleo commented: more music' },
        { recipientId: a.qa.id, cardId: card.id, type: 'card_movement', data: 'Moved to QA' },
      ]);
    // 15:00 UTC is after 8 a.m. in New York whatever the season.
    const afternoon = new Date();
    afternoon.setUTCHours(15, 0, 0, 0);
    await queueDigests(db(), PUBLIC, afternoon);
    await queueDigests(db(), PUBLIC, afternoon);
    const digests = (await outbox()).filter((r) => r.kind === 'daily_digest');
    expect(digests).toHaveLength(1);
    expect(digests[0]!.text).toContain('Cleo commented: more music');
    expect(digests[0]!.text).not.toContain('Moved to QA');
    // Before 8 a.m. New York nothing goes out (08:00 UTC is 3 or 4 a.m. there).
    await db().delete(mailOutbox);
    const early = new Date(afternoon);
    early.setUTCHours(8, 0, 0, 0);
    expect(await queueDigests(db(), PUBLIC, early)).toBe(0);
    await setPrefs(a.qa.id, { daily_digest: 0 });
  });
});

describe('the worker in the app', () => {
  it('delivers queued mail on its own', async () => {
    const app = await createTestApp({ SMTP_URL: smtp.url(), MAIL_POLL_MS: '50' });
    try {
      await queueMail(app.database.db, [
        { to: 'worker@example.com', subject: 'From the worker', text: 'x', kind: 'test' },
      ]);
      await expect.poll(() => smtp.received.length, { timeout: 5_000 }).toBe(1);
      expect(smtp.received[0]!.to).toEqual(['worker@example.com']);
    } finally {
      await app.close();
    }
  });
});

describe('account mails', () => {
  it('sign-up during an SMTP outage still answers 201; the verification mail waits and arrives once', async () => {
    const app = await createTestApp({ SMTP_URL: smtp.url() });
    try {
      await smtp.stop();
      const email = `outage-${Date.now()}@example.com`;
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/signup',
        payload: { firstname: 'Otto', lastname: 'Outage', email, password: 'long-enough-pass' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const [row] = await app.database.db.select().from(mailOutbox);
      expect(row).toMatchObject({ kind: 'verify_email', toAddress: email, attempts: 1, sentAt: null });

      await smtp.start();
      const later = new Date(Date.now() + 60_000);
      expect(await deliverDue(app.database.db, mailer(), { now: later })).toEqual({ sent: 1, failed: 0 });
      expect(smtp.received.map((m) => m.to)).toEqual([[email]]);
      expect(smtp.received[0]!.raw).toContain('/verify-email?token=3D');
    } finally {
      await app.close();
    }
  });
});
