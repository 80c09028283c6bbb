import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const url = (protocols: string[]) =>
  z
    .string()
    .url({ error: 'must be a URL' })
    .refine((v) => protocols.some((p) => v.startsWith(`${p}:`)), {
      error: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    });

const PROXY_PRESETS = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyEntry = (entry: string) => {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return PROXY_PRESETS.includes(entry) && bits === undefined;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
};
/** Addresses whose X-Forwarded-For is believed; anyone else's header is ignored (the per-address limits rely on it). */
const trustProxy = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean),
  )
  .refine((entries) => entries.length > 0 && entries.every(isProxyEntry), {
    error: `must be a comma-separated list of proxy addresses or CIDR ranges (or ${PROXY_PRESETS.join(', ')})`,
  });

/** Every environment variable the server reads (DESIGN §2); nothing else touches process.env. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres', 'postgresql']).optional(),
  REDIS_URL: url(['redis', 'rediss']).optional(),
  S3_ENDPOINT: url(['http', 'https']).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  SMTP_URL: url(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().min(3).default('Cutroom <no-reply@cutroom.local>'),
  MAIL_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(2000),
  ADMIN_EMAIL: z.string().email({ error: 'must be an email address' }).optional(),
  ADMIN_PASSWORD: z.string().min(8, { error: 'must be at least 8 characters' }).optional(),
  SEED_DEMO: bool.optional(),
  PUBLIC_URL: url(['http', 'https']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: trustProxy.optional(),
  FILES_ORIGIN: url(['http', 'https']).optional(),
  FILES_SIGNING_KEY: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  STORAGE_QUOTA_MB: z.coerce.number().int().min(1).max(100_000_000).default(2048),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  s3: { endpoint?: string; bucket: string; region: string; accessKeyId?: string; secretAccessKey?: string } | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** How often the mail worker looks for due mail; 0 turns the worker off (tests drive it). */
  mailPollMs: number;
  admin: { email: string; password: string } | undefined;
  /** undefined = decide at start: seed when the embedded database is empty. */
  seedDemo: boolean | undefined;
  publicUrl: string;
  logLevel: Env['LOG_LEVEL'];
  webDist: string | undefined;
  /** Proxies whose forwarded headers are trusted; empty = the connection's own address is the client's. */
  trustProxy: string[];
  /** A separate origin user files are served from, with the key that signs links to it. */
  files: { origin: string; host: string; signingKey: string } | undefined;
  /** Uploads one user may keep in storage. */
  storageQuotaBytes: number;
  /** Tests use an in-memory database instead of DATA_DIR/pg. */
  inMemoryDb?: boolean;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blanksRemoved = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(blanksRemoved);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  if (e.FILES_ORIGIN && !e.FILES_SIGNING_KEY) {
    throw new ConfigError('Invalid configuration:\n  FILES_SIGNING_KEY must be set with FILES_ORIGIN');
  }
  if (e.FILES_ORIGIN && new URL(e.FILES_ORIGIN).host === new URL(publicUrl).host) {
    throw new ConfigError("Invalid configuration:\n  FILES_ORIGIN must be another host than PUBLIC_URL's");
  }
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailPollMs: e.MAIL_POLL_MS,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD }
        : undefined,
    seedDemo: e.SEED_DEMO,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    trustProxy: e.TRUST_PROXY ?? [],
    files:
      e.FILES_ORIGIN && e.FILES_SIGNING_KEY
        ? {
            origin: new URL(e.FILES_ORIGIN).origin,
            host: new URL(e.FILES_ORIGIN).host,
            signingKey: e.FILES_SIGNING_KEY,
          }
        : undefined,
    storageQuotaBytes: e.STORAGE_QUOTA_MB * 1_048_576,
  };
}
