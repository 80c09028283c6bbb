import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { mailOutbox, notifications, users } from '../../db/schema.js';
import { SMTP_TIMEOUTS, createMailer } from '../../platform/mail.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, insertCard, seedWithSessions } from '../../test/helpers.js';
import { queueDigests } from './digest.js';
import { queueNotificationMails } from './notification-mails.js';
import { CLAIM_MS, MAX_ATTEMPTS, deliverDue, queueMail } from './outbox.js';
import { queueDueReminders } from './reminders.js';

/** A real SMTP server process on 127.0.0.1 that keeps what it receives; it can go down and come back on its port. */
function smtpSink() {
  const received: { to: string[]; raw: string }[] = [];
  let server: SMTPServer | undefined;
  let port = 0;
  const hooks: { beforeAccept?: () => Promise<void> } = {};
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
            void (hooks.beforeAccept?.() ?? Promise.resolve()).then(() => done());
          });
        },
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.server.address() as AddressInfo).port;
        resolve();
      });
    });
  const stop = () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  return { received, hooks, start, stop, url: () => `smtp://127.0.0.1:${port}` };
}

/** A TCP server that takes connections and never says a word, as a hung SMTP server does. */
async function silentServer() {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
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

describe('a slow or hung SMTP server', () => {
  it('a send ends well inside the claim on its row, so no other instance takes the row meanwhile', () => {
    expect(SMTP_TIMEOUTS.connection + SMTP_TIMEOUTS.greeting).toBeLessThanOrEqual(SMTP_TIMEOUTS.send);
    expect(SMTP_TIMEOUTS.send * 2).toBeLessThanOrEqual(CLAIM_MS);
  });

  it('a server that never greets fails the send at the greeting timeout; the mail waits for its retry', async () => {
    const silent = await silentServer();
    try {
      await queueMail(db(), [{ to: 'hung@example.com', subject: 'Hung', text: 'x', kind: 'test' }]);
      const hung = createMailer({
        smtpUrl: silent.url,
        from: 'Cutroom <no-reply@cutroom.test>',
        outboxDir: '/nonexistent',
        log: t.app.log,
        timeouts: { greeting: 300 },
      });
      const started = Date.now();
      expect(await deliverDue(db(), hung)).toEqual({ sent: 0, failed: 1 });
      expect(Date.now() - started).toBeLessThan(5_000);
      const [row] = await outbox();
      expect(row).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
      expect(row!.lastError).toMatch(/greeting/i);
    } finally {
      await silent.close();
    }
  });

  it('a send that outlasts its deadline is given up and retried later', async () => {
    await queueMail(db(), [{ to: 'slow@example.com', subject: 'Slow', text: 'x', kind: 'test' }]);
    smtp.hooks.beforeAccept = () => new Promise((resolve) => setTimeout(resolve, 2_000));
    try {
      const slow = createMailer({
        smtpUrl: smtp.url(),
        from: 'Cutroom <no-reply@cutroom.test>',
        outboxDir: '/nonexistent',
        log: t.app.log,
        timeouts: { send: 500 },
      });
      expect(await deliverDue(db(), slow)).toEqual({ sent: 0, failed: 1 });
      const [row] = await outbox();
      expect(row).toMatchObject({ attempts: 1, sentAt: null });
      expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    } finally {
      smtp.hooks.beforeAccept = undefined;
    }
  });

  it('claims each row just before its own send: the rest of a batch stays free while one mail is sent', async () => {
    await queueMail(
      db(),
      ['first', 'second', 'third'].map((n) => ({ to: `${n}@example.com`, subject: n, text: 'x', kind: 'test' })),
    );
    const seen: { claimed: number; waiting: number }[] = [];
    smtp.hooks.beforeAccept = async () => {
      const rows = await outbox();
      const pending = rows.filter((r) => r.sentAt === null);
      seen.push({
        claimed: pending.filter((r) => r.attempts > 0).length,
        waiting: pending.filter((r) => r.attempts === 0).length,
      });
    };
    try {
      expect(await deliverDue(db(), mailer(), { limit: 3 })).toEqual({ sent: 3, failed: 0 });
    } finally {
      smtp.hooks.beforeAccept = undefined;
    }
    expect(seen).toEqual([
      { claimed: 1, waiting: 2 },
      { claimed: 1, waiting: 1 },
      { claimed: 1, waiting: 0 },
    ]);
  });

  it('a mail the server took is not sent again when marking it sent fails', async () => {
    // The first write of sent_at for this subject fails, as a dropped database connection would.
    for (const statement of [
      'create sequence mark_sent_failures',
      `create function fail_mark_sent() returns trigger language plpgsql as $$
      begin
        if new.sent_at is not null and old.sent_at is null and new.subject = 'Marked late'
          and nextval('mark_sent_failures') = 1 then raise exception 'database went away'; end if;
        return new;
      end $$`,
      'create trigger fail_mark_sent before update on mail_outbox for each row execute function fail_mark_sent()',
    ])
      await db().execute(sql.raw(statement));
    try {
      await queueMail(db(), [{ to: 'late@example.com', subject: 'Marked late', text: 'x', kind: 'test' }]);
      expect(await deliverDue(db(), mailer())).toEqual({ sent: 1, failed: 0 });
      const [row] = await outbox();
      expect(row).toMatchObject({ attempts: 1, lastError: null });
      expect(row!.sentAt).not.toBeNull();
      const inAnHour = new Date(Date.now() + 3_600_000);
      expect(await deliverDue(db(), mailer(), { now: inAnHour })).toEqual({ sent: 0, failed: 0 });
      expect(smtp.received.map((m) => m.to)).toEqual([['late@example.com']]);
    } finally {
      for (const statement of [
        'drop trigger fail_mark_sent on mail_outbox',
        'drop function fail_mark_sent()',
        'drop sequence mark_sent_failures',
      ])
        await db().execute(sql.raw(statement));
    }
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

describe('a mail a request wants sent now', () => {
  it('is not sent a second time while a worker that claimed it first is sending it', async () => {
    await queueMail(db(), [{ to: 'once@example.com', subject: 'Once', text: 'x', kind: 'test' }]);
    const [row] = await outbox();
    let release = () => {};
    smtp.hooks.beforeAccept = () => new Promise<void>((resolve) => (release = resolve));
    try {
      const worker = deliverDue(db(), mailer());
      await expect.poll(() => smtp.received.length).toBe(1);
      // The request's own try (sendSoon's) comes while the worker's send is under way.
      expect(await deliverDue(db(), mailer(), { ids: [row!.id] })).toEqual({ sent: 0, failed: 0 });
      release();
      expect(await worker).toEqual({ sent: 1, failed: 0 });
    } finally {
      smtp.hooks.beforeAccept = undefined;
      release();
    }
    expect(smtp.received.flatMap((m) => m.to)).toEqual(['once@example.com']);
    expect((await outbox())[0]!.attempts).toBe(1);
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
    // Like every notification mail, it says where to unsubscribe.
    expect(rows[0]!.text).toContain(`${PUBLIC}/profile?tab=basic#email-preferences`);
    expect(rows[0]!.html).toContain('Unsubscribe or change them');
  });

  it('sends a digest reader (and their assistants) one mail a day with the kinds they want', async () => {
    await setPrefs(a.qa.id, { daily_digest: 1, card_comment: 1, card_movement: 0 });
    await db().update(users).set({ secondaryEmail: 'assistant@example.com' }).where(eq(users.id, a.qa.id));
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
    expect(digests.map((d) => d.toAddress).sort()).toEqual(['assistant@example.com', await emailOf(a.qa.id)].sort());
    for (const digest of digests) {
      expect(digest.text).toContain('Cleo commented: more music');
      expect(digest.text).not.toContain('Moved to QA');
      expect(digest.text).toContain(`${PUBLIC}/profile?tab=basic#email-preferences`);
    }
    await db().update(users).set({ secondaryEmail: null }).where(eq(users.id, a.qa.id));
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

describe('a move during an SMTP outage', () => {
  it('answers 200, keeps the mail, and the worker delivers it once when the server is back', async () => {
    const app = await createTestApp({ SMTP_URL: smtp.url(), MAIL_POLL_MS: '50' });
    try {
      const appDb = app.database.db;
      const accounts = await seedWithSessions(appDb);
      await appDb
        .update(users)
        .set({ mailPreferences: { card_movement: 1, card_comment: 0, card_comment_tag: 0, daily_digest: 0 } })
        .where(eq(users.id, accounts.customer.id));
      const card = await insertCard(appDb, { clientId: accounts.customer.id, cardStatus: 'editing' });
      const customerMail = accounts.customer.email;
      const toCustomer = () => smtp.received.filter((m) => m.to.includes(customerMail));
      const rowOf = async () =>
        (await appDb.select().from(mailOutbox).where(eq(mailOutbox.toAddress, customerMail))).find(
          (r) => r.kind === 'card_movement' && r.text.includes(`/card-details/${card.id}`),
        );

      await smtp.stop();
      const moved = await app.app.inject({
        method: 'POST',
        url: `/api/card/${card.id}/move`,
        headers: bearer(accounts.admin.token),
        payload: { card_status: 'editing', newStatus: 'on_hold' },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      // The worker tries while the server is down: the mail stays queued with its error.
      await expect.poll(async () => (await rowOf())?.lastError ?? null, { timeout: 10_000 }).not.toBeNull();
      const failed = (await rowOf())!;
      expect(failed).toMatchObject({ sentAt: null, failedAt: null });
      expect(failed.attempts).toBeGreaterThan(0);
      expect(toCustomer()).toEqual([]);

      await smtp.start();
      // The backoff's wait has passed.
      await appDb.update(mailOutbox).set({ nextAttemptAt: new Date() }).where(eq(mailOutbox.id, failed.id));
      await expect.poll(() => toCustomer().length, { timeout: 10_000 }).toBe(1);
      await expect.poll(async () => (await rowOf())?.sentAt ?? null, { timeout: 5_000 }).not.toBeNull();
      // Several more passes of the worker send nothing again.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(toCustomer()).toHaveLength(1);
      expect(toCustomer()[0]!.raw.replace(/=\r?\n/g, '')).toContain(`/card-details/${card.id}`);
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
