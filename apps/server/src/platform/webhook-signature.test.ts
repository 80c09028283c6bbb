import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhookSignature } from './webhook-signature.js';

const secret = 'whsec_test';
const body = '{"id":"evt_1","type":"card.created"}';

describe('webhook signatures', () => {
  it('is the HMAC-SHA256 of "<t>.<body>" in hex, as any receiver computes it', () => {
    const expected = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
    expect(signWebhook(secret, 1700000000, body)).toBe(`t=1700000000,v1=${expected}`);
  });

  it('verifies its own header and refuses a changed body, another secret, an old time or garbage', () => {
    const header = signWebhook(secret, 1700000000, body);
    expect(verifyWebhookSignature(secret, header, body, 1700000010)).toBe(true);
    expect(verifyWebhookSignature(secret, header, `${body} `, 1700000010)).toBe(false);
    expect(verifyWebhookSignature('another', header, body, 1700000010)).toBe(false);
    expect(verifyWebhookSignature(secret, header, body, 1700000000 + 301)).toBe(false);
    expect(verifyWebhookSignature(secret, 't=1700000000,v1=zz', body, 1700000000)).toBe(false);
    expect(verifyWebhookSignature(secret, undefined, body, 1700000000)).toBe(false);
  });
});
