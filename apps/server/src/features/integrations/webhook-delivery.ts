import http from 'node:http';
import https from 'node:https';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_LIMITS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_URL_MESSAGES,
  webhookUrlRefusal,
} from '@cutroom/domain';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { webhookAttempts, webhookDeliveries, webhooks } from '../../db/schema.js';
import { backoffMs, claimNextJob, startPolling, type JobTable } from '../../platform/job-queue.js';
import { signWebhook } from '../../platform/webhook-signature.js';
import { guardedLookup, literalRefusal, ownOrigins, portOf, type Guard } from '../../platform/outbound-guard.js';

const QUEUE: JobTable = {
  table: webhookDeliveries,
  id: webhookDeliveries.id,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  attempts: webhookDeliveries.attempts,
  doneAt: webhookDeliveries.deliveredAt,
  failedAt: webhookDeliveries.failedAt,
};
/** A claimed delivery stays hidden from other workers well past its own timeout. */
const CLAIM_MS = WEBHOOK_LIMITS.timeoutMs * 6;

interface Outcome {
  statusCode: number | null;
  excerpt: string;
  error: string | null;
  durationMs: number;
}

/** One POST, no redirects followed (a 3xx is a failed attempt), cut off after the timeout. */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  { timeoutMs = WEBHOOK_LIMITS.timeoutMs, ...guard }: Guard & { timeoutMs?: number },
): Promise<Outcome> {
  const started = Date.now();
  const done = (o: Omit<Outcome, 'durationMs'>): Outcome => ({ ...o, durationMs: Date.now() - started });
  return new Promise((resolve) => {
    const target = new URL(url);
    // An address written in the URL never goes through lookup: check it here.
    const refused = literalRefusal(target, guard);
    if (refused) return resolve(done({ statusCode: null, excerpt: '', error: WEBHOOK_URL_MESSAGES[refused] }));
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Cutroom-Webhooks/1', ...headers },
      lookup: guardedLookup(portOf(target), guard),
      signal: AbortSignal.timeout(timeoutMs),
    });
    request.on('response', (response) => {
      let excerpt = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        excerpt += chunk;
        if (excerpt.length >= WEBHOOK_LIMITS.excerptMax) response.destroy();
      });
      const finish = () =>
        resolve(
          done({
            statusCode: response.statusCode ?? null,
            excerpt: excerpt.slice(0, WEBHOOK_LIMITS.excerptMax),
            error: null,
          }),
        );
      response.on('end', finish);
      response.on('close', finish);
    });
    request.on('error', (err) => {
      const error =
        err.name === 'AbortError' || err.name === 'TimeoutError'
          ? `No answer within ${WEBHOOK_LIMITS.timeoutMs / 1000} s`
          : err.message.slice(0, WEBHOOK_LIMITS.excerptMax);
      resolve(done({ statusCode: null, excerpt: '', error }));
    });
    request.end(body);
  });
}

interface DeliverOptions {
  limit?: number;
  now?: Date;
  ids?: readonly number[];
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * Sends up to `limit` due deliveries, one at a time, each claimed just before its POST, then logged and
 * marked delivered (2xx) or rescheduled with the mail outbox's backoff; failed after the last attempt.
 */
export async function deliverDueWebhooks(
  db: Db,
  config: Pick<Config, 'publicUrl' | 'port' | 'webhookAllowLoopback'>,
  { limit = 20, now, ids }: DeliverOptions = {},
): Promise<{ delivered: number; failed: number }> {
  let delivered = 0;
  let failed = 0;
  const skip: number[] = [];
  while (skip.length < limit) {
    const id = await claimNextJob(db, QUEUE, { now, ids, skip, claimMs: CLAIM_MS });
    if (id === undefined) break;
    skip.push(id);
    const [row] = await db
      .select({ delivery: webhookDeliveries, url: webhooks.url, secret: webhooks.secret, active: webhooks.active })
      .from(webhookDeliveries)
      .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
      .where(eq(webhookDeliveries.id, id));
    if (!row) continue;
    const { delivery } = row;
    const allowLoopback = config.webhookAllowLoopback;
    const refusal = webhookUrlRefusal(row.url, { ownOrigins: ownOrigins(config), allowLoopback });
    const timestamp = Math.floor(Date.now() / 1000);
    const outcome: Outcome = !row.active
      ? { statusCode: null, excerpt: '', error: 'The webhook is turned off', durationMs: 0 }
      : refusal
        ? { statusCode: null, excerpt: '', error: WEBHOOK_URL_MESSAGES[refusal], durationMs: 0 }
        : await postWebhook(
            row.url,
            delivery.payload,
            {
              [WEBHOOK_SIGNATURE_HEADER]: signWebhook(row.secret, timestamp, delivery.payload),
              [WEBHOOK_EVENT_HEADER]: delivery.eventType,
              [WEBHOOK_DELIVERY_HEADER]: String(delivery.id),
            },
            { allowLoopback, ownPort: config.port },
          );
    const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    const error = ok ? null : (outcome.error ?? `HTTP ${outcome.statusCode}`);
    const giveUp = !ok && (delivery.attempts >= WEBHOOK_LIMITS.maxAttempts || !row.active || refusal !== null);
    await db.transaction(async (tx) => {
      await tx.insert(webhookAttempts).values({
        deliveryId: id,
        statusCode: outcome.statusCode,
        durationMs: outcome.durationMs,
        responseExcerpt: outcome.excerpt,
        error: outcome.error,
      });
      await tx
        .update(webhookDeliveries)
        .set(
          ok
            ? { deliveredAt: new Date(), lastError: null }
            : giveUp
              ? { failedAt: new Date(), lastError: error }
              : {
                  lastError: error,
                  nextAttemptAt: new Date((now ?? new Date()).getTime() + backoffMs(delivery.attempts)),
                },
        )
        .where(eq(webhookDeliveries.id, id));
    });
    if (ok) delivered++;
    else failed++;
  }
  return { delivered, failed };
}

const BATCH = 20;

/** Polls the deliveries as the mail worker polls the outbox; every instance runs one, the claims keep them apart. */
export function startWebhookWorker(db: Db, config: Config, log: FastifyBaseLogger, pollMs: number) {
  async function tick(stopped: () => boolean) {
    for (;;) {
      const { delivered, failed } = await deliverDueWebhooks(db, config, { limit: BATCH });
      if (failed > 0) log.warn({ delivered, failed }, 'webhook delivery failed; will retry');
      if (stopped() || delivered + failed < BATCH) break;
    }
  }
  return startPolling(tick, pollMs, (err) => log.warn({ err }, 'webhook worker tick failed'));
}
