import { lookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { networkInterfaces } from 'node:os';
import {
  INTEGRATION_MSG,
  WEBHOOK_URL_MESSAGES,
  addressKind,
  addressRefusal,
  fill,
  webhookUrlRefusal,
  type UrlRefusal,
} from '@cutroom/domain';
import type { Config } from '../../config.js';
import { AppError } from '../../platform/errors.js';

type UrlConfig = Pick<Config, 'publicUrl' | 'port' | 'webhookAllowLoopback'>;

/** This server's own addresses: its public URL and its port on loopback (its admin routes live there). */
export function ownOrigins(config: Pick<Config, 'publicUrl' | 'port'>): string[] {
  const local = ['localhost', '127.0.0.1', '[::1]'].flatMap((host) => [
    `http://${host}:${config.port}`,
    `https://${host}:${config.port}`,
  ]);
  return [new URL(config.publicUrl).origin, ...local];
}

export interface Guard {
  allowLoopback: boolean;
  /** The port this server listens on. */
  ownPort: number;
}

/** Addresses this machine answers on: with the server's port, any of them reaches its own routes. */
const ownAddresses = () =>
  new Set(
    Object.values(networkInterfaces())
      .flat()
      .map((i) => i?.address.toLowerCase())
      .filter((a): a is string => !!a),
  );

/** Why an address may not be called on this port: the forbidden kinds, or this very server. */
export function refusalOf(address: string, port: number, { allowLoopback, ownPort }: Guard): UrlRefusal | null {
  const refused = addressRefusal(address, allowLoopback);
  if (refused) return refused;
  const own = addressKind(address) === 'loopback' || ownAddresses().has(address.toLowerCase());
  return own && port === ownPort ? 'own-server' : null;
}

/** Every address a name resolves to, and the first one refused on this port with why (null when all pass). */
export async function resolveChecked(hostname: string, port: number, guard: Guard) {
  const found: LookupAddress[] = await lookup(hostname, { all: true });
  for (const { address } of found) {
    const refusal = refusalOf(address, port, guard);
    if (refusal) return { found, refused: { address, refusal } };
  }
  return { found, refused: null };
}

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
  const port = Number(target.port || (target.protocol === 'https:' ? 443 : 80));
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
