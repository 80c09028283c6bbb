import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { backoffMs, claimNextJob, type JobTable } from '../../platform/job-queue.js';
import type { Mailer } from '../../platform/mail.js';

export interface QueuedMail {
  recipientId?: number | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is about (notification type, digest, reminder); for the operator and the tests. */
  kind: string;
  /** At most one mail per key, ever: a second queueing with the same key is dropped. */
  dedupeKey?: string;
}

const rowOf = (m: QueuedMail): typeof mailOutbox.$inferInsert => ({
  recipientId: m.recipientId ?? null,
  toAddress: m.to,
  subject: m.subject,
  text: m.text,
  html: m.html ?? null,
  kind: m.kind,
  dedupeKey: m.dedupeKey ?? null,
});

/** Writes mails to the outbox in the caller's transaction: they are sent only if the change commits. */
export async function queueMail(tx: Db, mails: readonly QueuedMail[]): Promise<void> {
  if (mails.length === 0) return;
  await tx.insert(mailOutbox).values(mails.map(rowOf)).onConflictDoNothing();
}

/** Retries wait 30 s, 1 min, 2 min … up to 1 h; after the last the row is marked failed and kept. */
export const MAX_ATTEMPTS = 8;
/**
 * How long a claimed row is hidden from other workers while its SMTP call runs. Each row is claimed
 * just before its own send, and one send ends within SMTP_TIMEOUTS.send, well inside this.
 */
export const CLAIM_MS = 120_000;
/** Waits before trying again to mark a mail sent that the SMTP server has taken. */
const MARK_RETRIES_MS = [250, 1_000, 3_000];

interface DeliverOptions {
  limit?: number;
  /** The clock for due and claim times (tests move it on); the current time when left out. */
  now?: Date;
  /** The host part of the Message-IDs (the portal's public host). */
  idDomain?: string;
  /** Only these rows (a mail the request wants sent now). */
  ids?: readonly number[];
  log?: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * Queues a mail and tries it at once, for mails a person is waiting for (verification, reset):
 * an SMTP outage leaves it queued for the worker instead of failing the request.
 */
export async function sendSoon(db: Db, mailer: Mailer, mail: QueuedMail, idDomain: string): Promise<void> {
  const [row] = await db.insert(mailOutbox).values(rowOf(mail)).onConflictDoNothing().returning({ id: mailOutbox.id });
  if (row) await deliverDue(db, mailer, { ids: [row.id], idDomain });
}

const OUTBOX: JobTable = {
  table: mailOutbox,
  id: mailOutbox.id,
  nextAttemptAt: mailOutbox.nextAttemptAt,
  attempts: mailOutbox.attempts,
  doneAt: mailOutbox.sentAt,
  failedAt: mailOutbox.failedAt,
};

/** Claims the next due row (the durable job queue's claim, shared with webhook deliveries) and reads it. */
async function claimNext(db: Db, now: Date | undefined, ids: readonly number[] | undefined, done: readonly number[]) {
  const id = await claimNextJob(db, OUTBOX, { now, ids, skip: done, claimMs: CLAIM_MS });
  if (id === undefined) return undefined;
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}

/** Records a mail the SMTP server took; a failed write is retried, never taken for a failed send. */
async function markSent(db: Db, id: number, log: DeliverOptions['log']) {
  for (let i = 0; ; i++) {
    try {
      await db.update(mailOutbox).set({ sentAt: new Date(), lastError: null }).where(eq(mailOutbox.id, id));
      return;
    } catch (err) {
      const wait = MARK_RETRIES_MS[i];
      if (wait === undefined) {
        // Left claimed: it may go again (same Message-ID) only once the claim runs out.
        log?.error({ err, id }, 'mail sent but not marked sent');
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/**
 * Sends up to `limit` due mails, one at a time, each claimed just before its send, then marked sent
 * or rescheduled. A crash after the SMTP server took a mail but before it was marked sent may send
 * it again once the claim runs out; each mail's stable Message-ID makes that one message to readers.
 */
export async function deliverDue(
  db: Db,
  mailer: Mailer,
  { limit = 20, now, idDomain = 'cutroom.local', ids, log }: DeliverOptions = {},
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  const done: number[] = [];
  while (done.length < limit) {
    const row = await claimNext(db, now, ids, done);
    if (!row) break;
    done.push(row.id);
    try {
      await mailer.send({
        to: row.toAddress,
        subject: row.subject,
        text: row.text,
        ...(row.html ? { html: row.html } : {}),
        messageId: `<outbox-${row.id}@${idDomain}>`,
      });
    } catch (e) {
      failed++;
      const lastError = e instanceof Error ? e.message.slice(0, 500) : String(e);
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      await db
        .update(mailOutbox)
        .set({
          lastError,
          ...(giveUp ? { failedAt: new Date() } : { nextAttemptAt: new Date(Date.now() + backoffMs(row.attempts)) }),
        })
        .where(eq(mailOutbox.id, row.id));
      continue;
    }
    sent++;
    await markSent(db, row.id, log);
  }
  return { sent, failed };
}

/** Mails a person waits for go out at once through the outbox: an SMTP outage queues them instead of failing the call. */
export const sendMail = (ctx: AppContext, kind: string, mail: Omit<QueuedMail, 'kind'>) =>
  sendSoon(ctx.db, ctx.mailer, { ...mail, kind }, new URL(ctx.config.publicUrl).hostname);
