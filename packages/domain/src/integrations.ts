/** API tokens and webhooks (issue 20 part 3): the lists, limits and rules both sides share. */

/** Their user-facing texts: here rather than in MSG, so the login page's first download doesn't carry them. */
export const INTEGRATION_MSG = {
  apiTokenCreated: 'API token created. Copy it now: it is not shown again.',
  apiTokenRevoked: 'API token revoked',
  apiTokenScopeRequired: 'Choose at least one scope',
  apiTokenScopeTwice: 'A scope is listed twice: list each scope once',
  apiTokenScopeDenied: 'This API token may not call this route',
  webhookCreated: 'Webhook created. Copy its secret now: it is not shown again.',
  webhookUpdated: 'Webhook saved',
  webhookDeleted: 'Webhook deleted',
  webhookSecretRotated:
    'New signing secret made: deliveries are signed with it from now on, and the old one no longer verifies. Copy it now: it is not shown again.',
  webhookEventRequired: 'Choose at least one event',
  webhookReplayed: 'Delivery queued again',
  webhookUrlInvalid: 'Enter a full http:// or https:// address',
  webhookUrlScheme: 'The address must start with http:// or https://',
  webhookUrlCredentials: 'Leave the user name and password out of the address; the signature proves the sender',
  webhookUrlLinkLocal: 'Link-local addresses (169.254.x.x, fe80::) cannot receive webhooks',
  webhookUrlMetadata: 'Cloud metadata addresses cannot receive webhooks',
  webhookUrlOwnServer: "Webhooks cannot call this server's own address",
  webhookUrlLoopback: 'Loopback addresses (localhost, 127.0.0.1) cannot receive webhooks on this server',
  webhookUrlUnspecified: 'The address 0.0.0.0 / :: cannot receive webhooks',
  webhookUrlResolvesTo: '{host} resolves to {address}. {reason}',
} as const;

/** What an API token may do; each scope opens the routes listed for it in contract/integrations.ts. */
export const API_TOKEN_SCOPES = ['cards:read', 'cards:write', 'comments:read', 'comments:write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  'cards:read': 'Read cards (board, card details)',
  'cards:write': 'Create and move cards',
  'comments:read': 'Read chat comments',
  'comments:write': 'Post chat comments',
};
/** API tokens start with this, so the server tells them from session tokens without a lookup. */
export const API_TOKEN_PREFIX = 'ctr_';

/** What a webhook may listen to. card.completed = a card moved to completed_done (Mark complete); card.decision = a reviewer's decision (issue 52). */
export const WEBHOOK_EVENTS = [
  'card.created',
  'card.moved',
  'card.completed',
  'comment.added',
  'card.decision',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'card.created': 'Card created',
  'card.moved': 'Card moved',
  'card.completed': 'Card completed',
  'comment.added': 'Comment added',
  'card.decision': 'Reviewer decided (approved or asked for changes)',
};

export const WEBHOOK_LIMITS = {
  nameMax: 80,
  urlMax: 2000,
  /** Each delivery attempt gives up after this long. */
  timeoutMs: 10_000,
  /** Attempts before a delivery is marked failed (the mail outbox's number). */
  maxAttempts: 8,
  /** The part of a receiver's reply kept in the log. */
  excerptMax: 500,
} as const;

/** A delivery's state in the log. */
export const DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'cutroom-signature';
export const WEBHOOK_EVENT_HEADER = 'cutroom-event';
export const WEBHOOK_DELIVERY_HEADER = 'cutroom-delivery';
/** A receiver refuses signatures older than this (replay protection). */
export const WEBHOOK_TOLERANCE_S = 300;

/** What the HMAC covers: the timestamp, a dot, and the exact body bytes. */
export const signedPayload = (timestamp: number, body: string) => `${timestamp}.${body}`;
export const formatSignature = (timestamp: number, hex: string) => `t=${timestamp},v1=${hex}`;
export function parseSignature(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  return timestamp === undefined || signatures.length === 0 ? null : { timestamp, signatures };
}

/** Why a webhook URL is refused; null = allowed. */
export type UrlRefusal =
  'invalid' | 'scheme' | 'credentials' | 'link-local' | 'metadata' | 'own-server' | 'loopback' | 'unspecified';

export const WEBHOOK_URL_MESSAGES: Record<UrlRefusal, string> = {
  invalid: INTEGRATION_MSG.webhookUrlInvalid,
  scheme: INTEGRATION_MSG.webhookUrlScheme,
  credentials: INTEGRATION_MSG.webhookUrlCredentials,
  'link-local': INTEGRATION_MSG.webhookUrlLinkLocal,
  metadata: INTEGRATION_MSG.webhookUrlMetadata,
  'own-server': INTEGRATION_MSG.webhookUrlOwnServer,
  loopback: INTEGRATION_MSG.webhookUrlLoopback,
  unspecified: INTEGRATION_MSG.webhookUrlUnspecified,
};

/** Hostnames that answer with cloud credentials. */
const METADATA_HOSTS = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.azure.com',
]);

/** Dotted-quad IPv4 only (what URL normalises any IPv4 form to). */
function ipv4(host: string): number[] | null {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  return parts.map(Number);
}

/** Eight 16-bit groups of an IPv6 address (with an embedded IPv4 tail), or null. */
function ipv6(host: string): number[] | null {
  const text = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (!text.includes(':')) return null;
  let groups = text;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail?.[1]) {
    const v4 = ipv4(tail[1]);
    if (!v4) return null;
    groups =
      text.slice(0, -tail[1].length) +
      `${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = groups.split('::');
  if (halves.length > 2) return null;
  const read = (s: string) => (s === '' ? [] : s.split(':'));
  const head = read(halves[0]!);
  const rest = halves.length === 2 ? read(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return all.map((g) => parseInt(g, 16));
}

/**
 * Where an IP address points, for the refusal rules: link-local (169.254/16, fe80::/10, which holds
 * the cloud metadata services), loopback, unspecified, or elsewhere. IPv4-mapped IPv6 counts as its IPv4.
 */
export function addressKind(address: string): 'link-local' | 'loopback' | 'unspecified' | 'metadata' | 'other' | null {
  const v4 = ipv4(address);
  const v6 = v4 ? null : ipv6(address);
  if (!v4 && !v6) return null;
  const mapped = v6 && v6.slice(0, 5).every((g) => g === 0) && v6[5] === 0xffff;
  const four = v4 ?? (mapped ? [v6[6]! >> 8, v6[6]! & 255, v6[7]! >> 8, v6[7]! & 255] : null);
  if (four) {
    if (four[0] === 169 && four[1] === 254) return 'link-local';
    if (four[0] === 127) return 'loopback';
    if (four[0] === 0) return 'unspecified';
    // Alibaba Cloud's metadata service.
    if (four.join('.') === '100.100.100.200') return 'metadata';
    return 'other';
  }
  const g = v6!;
  if ((g[0]! & 0xffc0) === 0xfe80) return 'link-local';
  if (g.slice(0, 7).every((x) => x === 0)) return g[7] === 1 ? 'loopback' : g[7] === 0 ? 'unspecified' : 'other';
  // AWS's IPv6 metadata endpoint fd00:ec2::254.
  if (g[0] === 0xfd00 && g[1] === 0x0ec2 && g.slice(2, 7).every((x) => x === 0) && g[7] === 0x254) return 'metadata';
  return 'other';
}

/** Whether a resolved address may receive a delivery (checked again at delivery time: DNS rebinding). */
export function addressRefusal(address: string, allowLoopback: boolean): UrlRefusal | null {
  const kind = addressKind(address);
  if (kind === null) return 'invalid';
  if (kind === 'link-local' || kind === 'metadata' || kind === 'unspecified') return kind;
  if (kind === 'loopback' && !allowLoopback) return 'loopback';
  return null;
}

/**
 * The rules a webhook URL is held to when saved: http(s), no user:password, not a metadata or
 * link-local host, not this server's own origin (its admin routes would act on its own data).
 */
export function webhookUrlRefusal(
  raw: string,
  { ownOrigins, allowLoopback }: { ownOrigins: readonly string[]; allowLoopback: boolean },
): UrlRefusal | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'scheme';
  if (url.username || url.password) return 'credentials';
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (!host) return 'invalid';
  if (ownOrigins.some((o) => sameOrigin(o, url))) return 'own-server';
  if (METADATA_HOSTS.has(host)) return 'metadata';
  if (addressKind(host.replace(/^\[|\]$/g, '')) !== null)
    return addressRefusal(host.replace(/^\[|\]$/g, ''), allowLoopback);
  if ((host === 'localhost' || host.endsWith('.localhost')) && !allowLoopback) return 'loopback';
  return null;
}

function sameOrigin(origin: string, url: URL): boolean {
  try {
    const own = new URL(origin);
    return (
      own.protocol === url.protocol &&
      own.hostname.toLowerCase() === url.hostname.toLowerCase() &&
      own.port === url.port
    );
  } catch {
    return false;
  }
}
