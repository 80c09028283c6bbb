import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_TOLERANCE_S, formatSignature, parseSignature, signedPayload } from '@cutroom/domain';

/** The hex HMAC-SHA256 of "<timestamp>.<body>" under the webhook's secret. */
export const webhookHmac = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(signedPayload(timestamp, body)).digest('hex');

/** The `Cutroom-Signature` header value for a body sent at `timestamp` (unix seconds). */
export const signWebhook = (secret: string, timestamp: number, body: string) =>
  formatSignature(timestamp, webhookHmac(secret, timestamp, body));

/**
 * What a receiver does with a delivery (docs/integrations.md shows the same steps): the header parses,
 * its time is within the tolerance, and one of its signatures matches, compared in constant time.
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | undefined,
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const parsed = header ? parseSignature(header) : null;
  if (!parsed || Math.abs(nowSeconds - parsed.timestamp) > WEBHOOK_TOLERANCE_S) return false;
  const expected = Buffer.from(webhookHmac(secret, parsed.timestamp, body), 'hex');
  return parsed.signatures.some((s) => timingSafeEqual(Buffer.from(s, 'hex'), expected));
}
