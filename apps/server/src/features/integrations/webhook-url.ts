import { INTEGRATION_MSG, WEBHOOK_URL_MESSAGES, addressKind, fill, webhookUrlRefusal } from '@cutroom/domain';
import type { Config } from '../../config.js';
import { AppError } from '../../platform/errors.js';
import { ownOrigins, portOf, refusalOf, resolveChecked } from '../../platform/outbound-guard.js';

type UrlConfig = Pick<Config, 'publicUrl' | 'port' | 'webhookAllowLoopback'>;

/** A save waits no longer than this for DNS; an answer that late is left to the delivery's own check. */
const SAVE_LOOKUP_MS = 3_000;

/**
 * Refuses a webhook URL the rules forbid, naming the url field: first as written, then by the addresses
 * its name resolves to now, as delivery will (a name that doesn't resolve yet is left to delivery's retries).
 */
export async function assertWebhookUrl(config: UrlConfig, url: string) {
  const refusal = webhookUrlRefusal(url, {
    ownOrigins: ownOrigins(config),
    allowLoopback: config.webhookAllowLoopback,
  });
  if (refusal) throw new AppError('VALIDATION', WEBHOOK_URL_MESSAGES[refusal], 'url');
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const port = portOf(target);
  const guard = { allowLoopback: config.webhookAllowLoopback, ownPort: config.port };
  if (addressKind(host) !== null) {
    const literal = refusalOf(host, port, guard);
    if (literal) throw new AppError('VALIDATION', WEBHOOK_URL_MESSAGES[literal], 'url');
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), SAVE_LOOKUP_MS)));
  const checked = await Promise.race([resolveChecked(host, port, guard).catch(() => null), late]).finally(() =>
    clearTimeout(timer),
  );
  if (!checked?.refused) return;
  const { address, refusal: why } = checked.refused;
  throw new AppError(
    'VALIDATION',
    fill(INTEGRATION_MSG.webhookUrlResolvesTo, { host, address, reason: WEBHOOK_URL_MESSAGES[why] }),
    'url',
  );
}
