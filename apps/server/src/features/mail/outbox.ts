import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
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
const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 3_600_000);
/** How long a claimed row is hidden from other workers while its SMTP call runs. */
const CLAIM_MS = 120_000;

interface DeliverOptions {
  limit?: number;
  now?: Date;
  /** The host part of the Message-IDs (the portal's public host). */
  idDomain?: string;
  /** Only these rows (a mail the request wants sent now). */
  ids?: readonly number[];
}

/**
 * Queues a mail and tries it at once, for mails a person is waiting for (verification, reset):
 * an SMTP outage leaves it queued for the worker instead of failing the request.
 */
export async function sendSoon(db: Db, mailer: Mailer, mail: QueuedMail, idDomain: string): Promise<void> {
  const [row] = await db.insert(mailOutbox).values(rowOf(mail)).onConflictDoNothing().returning({ id: mailOutbox.id });
  if (row) await deliverDue(db, mailer, { ids: [row.id], idDomain });
}

/**
 * Sends up to `limit` due mails. Each row is claimed by pushing its next attempt past the send
 * (FOR UPDATE SKIP LOCKED: two instances never claim one row), then marked sent, or rescheduled.
 * A crash after the SMTP server took a mail but before it was marked sent may send it again once;
 * the window is one SMTP call.
 */
export async function deliverDue(
  db: Db,
  mailer: Mailer,
  { limit = 20, now = new Date(), idDomain = 'cutroom.local', ids }: DeliverOptions = {},
): Promise<{ sent: number; failed: number }> {
  const claimed = await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(mailOutbox)
      .where(
        and(
          isNull(mailOutbox.sentAt),
          isNull(mailOutbox.failedAt),
          // Rows asked for by id were just written: the database's clock (microseconds) may be a hair
          // ahead of ours (milliseconds), so they go whatever their next attempt says.
          ids ? inArray(mailOutbox.id, [...ids]) : lte(mailOutbox.nextAttemptAt, now),
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return rows;
    await tx
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS), attempts: sql`${mailOutbox.attempts} + 1` })
      .where(
        sql`${mailOutbox.id} in (${sql.join(
          rows.map((r) => sql`${r.id}`),
          sql`, `,
        )})`,
      );
    return rows;
  });

  let sent = 0;
  let failed = 0;
  for (const row of claimed) {
    const attempts = row.attempts + 1;
    try {
      await mailer.send({
        to: row.toAddress,
        subject: row.subject,
        text: row.text,
        ...(row.html ? { html: row.html } : {}),
        messageId: `<outbox-${row.id}@${idDomain}>`,
      });
      await db.update(mailOutbox).set({ sentAt: new Date(), lastError: null }).where(eq(mailOutbox.id, row.id));
      sent++;
    } catch (e) {
      failed++;
      const lastError = e instanceof Error ? e.message.slice(0, 500) : String(e);
      const giveUp = attempts >= MAX_ATTEMPTS;
      await db
        .update(mailOutbox)
        .set({
          lastError,
          ...(giveUp ? { failedAt: new Date() } : { nextAttemptAt: new Date(Date.now() + backoffMs(attempts)) }),
        })
        .where(eq(mailOutbox.id, row.id));
    }
  }
  return { sent, failed };
}

/** Mails a person waits for go out at once through the outbox: an SMTP outage queues them instead of failing the call. */
export const sendMail = (ctx: AppContext, kind: string, mail: Omit<QueuedMail, 'kind'>) =>
  sendSoon(ctx.db, ctx.mailer, { ...mail, kind }, new URL(ctx.config.publicUrl).hostname);
