import { WEBHOOK_URL_MESSAGES, webhookUrlRefusal } from '@cutroom/domain';
import type { Config } from '../../config.js';
import { AppError } from '../../platform/errors.js';

/** This server's own addresses: its public URL and its port on loopback (its admin routes live there). */
export function ownOrigins(config: Pick<Config, 'publicUrl' | 'port'>): string[] {
  const local = ['localhost', '127.0.0.1', '[::1]'].flatMap((host) => [
    `http://${host}:${config.port}`,
    `https://${host}:${config.port}`,
  ]);
  return [new URL(config.publicUrl).origin, ...local];
}

/** Refuses a webhook URL the rules forbid, naming the url field. */
export function assertWebhookUrl(config: Pick<Config, 'publicUrl' | 'port' | 'webhookAllowLoopback'>, url: string) {
  const refusal = webhookUrlRefusal(url, {
    ownOrigins: ownOrigins(config),
    allowLoopback: config.webhookAllowLoopback,
  });
  if (refusal) throw new AppError('VALIDATION', WEBHOOK_URL_MESSAGES[refusal], 'url');
}
