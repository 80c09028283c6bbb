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
  ADMIN_EMAIL: z.string().email({ error: 'must be an email address' }).optional(),
  ADMIN_PASSWORD: z.string().min(8, { error: 'must be at least 8 characters' }).optional(),
  SEED_DEMO: bool.optional(),
  PUBLIC_URL: url(['http', 'https']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
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
  admin: { email: string; password: string } | undefined;
  /** undefined = decide at start: seed when the embedded database is empty. */
  seedDemo: boolean | undefined;
  publicUrl: string;
  logLevel: Env['LOG_LEVEL'];
  webDist: string | undefined;
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
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD }
        : undefined,
    seedDemo: e.SEED_DEMO,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
  };
}
