import { randomBytes } from 'node:crypto';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type DeliveryState, INTEGRATION_MSG } from '@cutroom/domain';
import type { DeliveryView, WebhookView, createWebhookBody, updateWebhookBody } from '@cutroom/domain/schemas';
import { webhookAttempts, webhookDeliveries, webhooks } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { assertWebhookUrl } from './webhook-url.js';

/** The log keeps this many deliveries per webhook on screen. */
const LOG_PAGE = 50;

type Delivery = typeof webhookDeliveries.$inferSelect;
const stateOf = (d: Pick<Delivery, 'deliveredAt' | 'failedAt'>): DeliveryState =>
  d.deliveredAt ? 'delivered' : d.failedAt ? 'failed' : 'pending';

async function latestDeliveries(ctx: AppContext, ids: number[]) {
  if (ids.length === 0) return new Map<number, WebhookView['last_delivery']>();
  const rows = await ctx.db
    .selectDistinctOn([webhookDeliveries.webhookId], {
      webhookId: webhookDeliveries.webhookId,
      deliveredAt: webhookDeliveries.deliveredAt,
      failedAt: webhookDeliveries.failedAt,
      createdAt: webhookDeliveries.createdAt,
      statusCode: sql<
        number | null
      >`(select ${webhookAttempts.statusCode} from ${webhookAttempts} where ${webhookAttempts.deliveryId} = ${webhookDeliveries.id} order by ${webhookAttempts.id} desc limit 1)`,
    })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.webhookId, ids))
    .orderBy(webhookDeliveries.webhookId, desc(webhookDeliveries.id));
  return new Map(
    rows.map((r) => [r.webhookId, { state: stateOf(r), status_code: r.statusCode, at: r.createdAt.toISOString() }]),
  );
}

const viewOf = (w: typeof webhooks.$inferSelect, last: WebhookView['last_delivery'] = null): WebhookView => ({
  id: w.id,
  url: w.url,
  events: w.events,
  active: w.active,
  created_at: w.createdAt.toISOString(),
  updated_at: w.updatedAt.toISOString(),
  last_delivery: last,
});

export async function listWebhooks(ctx: AppContext) {
  const rows = await ctx.db.select().from(webhooks).orderBy(desc(webhooks.id));
  const last = await latestDeliveries(
    ctx,
    rows.map((r) => r.id),
  );
  return { webhooks: rows.map((w) => viewOf(w, last.get(w.id) ?? null)) };
}

/** 256 random bits the receiver shares; the prefix tells it apart from an API token in a config file. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

export async function createWebhook(ctx: AppContext, viewer: SessionUser, body: z.output<typeof createWebhookBody>) {
  await assertWebhookUrl(ctx.config, body.url);
  const secret = newSecret();
  const [row] = await ctx.db
    .insert(webhooks)
    .values({ url: body.url, events: body.events, active: body.active, secret, createdBy: viewer.id })
    .returning();
  return { message: INTEGRATION_MSG.webhookCreated, webhook_id: row!.id, secret, webhook: viewOf(row!) };
}

export async function updateWebhook(ctx: AppContext, id: number, body: z.output<typeof updateWebhookBody>) {
  if (body.url !== undefined) await assertWebhookUrl(ctx.config, body.url);
  const [row] = await ctx.db
    .update(webhooks)
    .set({
      ...(body.url !== undefined ? { url: body.url } : {}),
      ...(body.events !== undefined ? { events: body.events } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
      updatedAt: new Date(),
    })
    .where(eq(webhooks.id, id))
    .returning();
  if (!row) throw new AppError('NOT_FOUND');
  const last = await latestDeliveries(ctx, [id]);
  return { message: INTEGRATION_MSG.webhookUpdated, webhook: viewOf(row, last.get(id) ?? null) };
}

/** A new secret at once: pending deliveries and their retries are signed with it, as they sign when sent. */
export async function rotateWebhookSecret(ctx: AppContext, id: number) {
  const secret = newSecret();
  const [row] = await ctx.db
    .update(webhooks)
    .set({ secret, updatedAt: new Date() })
    .where(eq(webhooks.id, id))
    .returning({ id: webhooks.id });
  if (!row) throw new AppError('NOT_FOUND');
  return { message: INTEGRATION_MSG.webhookSecretRotated, secret };
}

export async function deleteWebhook(ctx: AppContext, id: number) {
  const [row] = await ctx.db.delete(webhooks).where(eq(webhooks.id, id)).returning({ id: webhooks.id });
  if (!row) throw new AppError('NOT_FOUND');
  return { message: INTEGRATION_MSG.webhookDeleted };
}

export async function listDeliveries(ctx: AppContext, webhookId: number) {
  const [hook] = await ctx.db.select({ id: webhooks.id }).from(webhooks).where(eq(webhooks.id, webhookId));
  if (!hook) throw new AppError('NOT_FOUND');
  const rows = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(LOG_PAGE);
  const attempts =
    rows.length === 0
      ? []
      : await ctx.db
          .select()
          .from(webhookAttempts)
          .where(
            inArray(
              webhookAttempts.deliveryId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(webhookAttempts.id);
  const deliveries: DeliveryView[] = rows.map((d) => {
    const state = stateOf(d);
    return {
      id: d.id,
      event_id: d.eventId,
      event_type: d.eventType,
      state,
      attempts: d.attempts,
      created_at: d.createdAt.toISOString(),
      next_attempt_at: state === 'pending' ? d.nextAttemptAt.toISOString() : null,
      replay_of: d.replayOf,
      payload: d.payload,
      attempts_log: attempts
        .filter((a) => a.deliveryId === d.id)
        .map((a) => ({
          at: a.attemptedAt.toISOString(),
          status_code: a.statusCode,
          duration_ms: a.durationMs,
          response_excerpt: a.responseExcerpt,
          error: a.error,
        })),
    };
  });
  return { deliveries };
}

/** A new delivery with the same event and bytes (receivers dedupe on the event id); it goes out on the next poll. */
export async function replayDelivery(ctx: AppContext, deliveryId: number) {
  const [original] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
  if (!original) throw new AppError('NOT_FOUND');
  const [row] = await ctx.db
    .insert(webhookDeliveries)
    .values({
      webhookId: original.webhookId,
      eventId: original.eventId,
      eventType: original.eventType,
      payload: original.payload,
      replayOf: original.id,
    })
    .returning({ id: webhookDeliveries.id });
  return { message: INTEGRATION_MSG.webhookReplayed, delivery_id: row!.id };
}
