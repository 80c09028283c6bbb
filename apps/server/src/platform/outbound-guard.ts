import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { networkInterfaces } from 'node:os';
import { WEBHOOK_URL_MESSAGES, addressKind, addressRefusal, type UrlRefusal } from '@cutroom/domain';
import type { Config } from '../config.js';

/**
 * The guard on every request this server makes to an address a user gave (webhooks, delivery links):
 * loopback, private, link-local and this server's own addresses are refused, checked when connecting.
 */
export interface Guard {
  allowLoopback: boolean;
  /** The port this server listens on. */
  ownPort: number;
}

/** This server's own addresses: its public URL and its port on loopback (its admin routes live there). */
export function ownOrigins(config: Pick<Config, 'publicUrl' | 'port'>): string[] {
  const local = ['localhost', '127.0.0.1', '[::1]'].flatMap((host) => [
    `http://${host}:${config.port}`,
    `https://${host}:${config.port}`,
  ]);
  return [new URL(config.publicUrl).origin, ...local];
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

/** A connection the guard refused; `refusal` says why. */
export class RefusedAddress extends Error {
  constructor(
    readonly host: string,
    readonly refusal: UrlRefusal,
  ) {
    super(`${host}: ${WEBHOOK_URL_MESSAGES[refusal]}`);
  }
}

/**
 * A lookup for http(s).request that resolves the host and refuses the connection when any address it
 * gives is forbidden (checked at every connection: a name may point elsewhere since it was saved).
 */
export const guardedLookup =
  (port: number, guard: Guard): LookupFunction =>
  (hostname, options, callback) => {
    resolveChecked(hostname, port, guard)
      .then(({ found, refused }) => {
        if (refused || found.length === 0) {
          callback(new RefusedAddress(hostname, refused?.refusal ?? 'invalid'), '', 4);
          return;
        }
        if (options.all) callback(null, found);
        else callback(null, found[0]!.address, found[0]!.family);
      })
      .catch((err: NodeJS.ErrnoException) => callback(err, '', 4));
  };

/** The port a URL connects to. */
export const portOf = (url: URL) => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

/** The refusal of an address written in the URL itself (it never goes through lookup), or null. */
export function literalRefusal(url: URL, guard: Guard): UrlRefusal | null {
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  return addressKind(literal) === null ? null : refusalOf(literal, portOf(url), guard);
}
