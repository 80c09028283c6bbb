import { and, eq, sql } from 'drizzle-orm';
import type { WebhookEvent } from '@cutroom/domain';
import type { Db } from '../../db/client.js';
import { webhookDeliveries, webhooks } from '../../db/schema.js';
import type { AppEvent } from '../../platform/events.js';

/** One webhook event made from a live event: its id (the same on every instance), type and data. */
export interface WebhookMessage {
  id: string;
  type: WebhookEvent;
  data: Record<string, unknown>;
}

/** The webhook events a live event stands for: a move to completed_done is also card.completed; a decision, card.decision. */
export function webhookMessagesOf(event: AppEvent): WebhookMessage[] {
  const id = (type: WebhookEvent) => `${type}:${event.id}`;
  switch (event.type) {
    case 'card.created':
      return [{ id: id('card.created'), type: 'card.created', data: { card_id: event.cardId, ...event.data } }];
    case 'card.moved': {
      const moved: WebhookMessage = {
        id: id('card.moved'),
        type: 'card.moved',
        data: { card_id: event.cardId, ...event.data },
      };
      if (event.data.to !== 'completed_done') return [moved];
      return [
        moved,
        { id: id('card.completed'), type: 'card.completed', data: { card_id: event.cardId, by: event.data.by } },
      ];
    }
    case 'card.updated':
      if (!event.data.decision) return [];
      return [
        { id: id('card.decision'), type: 'card.decision', data: { card_id: event.cardId, ...event.data.decision } },
      ];
    case 'note.created':
      return [{ id: id('comment.added'), type: 'comment.added', data: { card_id: event.cardId, ...event.data } }];
    default:
      return [];
  }
}

/** The exact body a receiver gets (kept, so retries and replays send the same bytes). */
export const payloadOf = (m: WebhookMessage, at: Date) =>
  JSON.stringify({ id: m.id, type: m.type, created_at: at.toISOString(), data: m.data });

/**
 * Queues one delivery per active webhook listening to each message. Every instance hears every event
 * (Redis fan-out), so the unique (webhook, event) index keeps one row however many try.
 */
export async function enqueueWebhookEvent(db: Db, event: AppEvent, at = new Date()): Promise<number> {
  let queued = 0;
  for (const message of webhookMessagesOf(event)) {
    const targets = await db
      .select({ id: webhooks.id })
      .from(webhooks)
      .where(and(eq(webhooks.active, true), sql`${webhooks.events} @> ${JSON.stringify([message.type])}::jsonb`));
    if (targets.length === 0) continue;
    const payload = payloadOf(message, at);
    const rows = await db
      .insert(webhookDeliveries)
      .values(targets.map((t) => ({ webhookId: t.id, eventId: message.id, eventType: message.type, payload })))
      .onConflictDoNothing()
      .returning({ id: webhookDeliveries.id });
    queued += rows.length;
  }
  return queued;
}
