import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { FRAME_GRABS, TRANSCRIBE_PART_BYTES } from '@cutroom/domain';

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
  WEBHOOK_ALLOW_LOOPBACK: bool.default(false),
  // Delivery links fetched from this machine (tests' fake Dropbox and Drive): off, as for webhooks.
  LINK_IMPORT_ALLOW_LOOPBACK: bool.default(false),
  ADMIN_EMAIL: z.string().email({ error: 'must be an email address' }).optional(),
  ADMIN_PASSWORD: z.string().min(8, { error: 'must be at least 8 characters' }).optional(),
  SEED_DEMO: bool.optional(),
  PUBLIC_URL: url(['http', 'https']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  // How long the server may take to draw the board's first screen before it sends the plain page; 0 = never draws.
  FIRST_SCREEN_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  TRUST_PROXY: trustProxy.optional(),
  FILES_ORIGIN: url(['http', 'https']).optional(),
  FILES_SIGNING_KEY: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  // One quota for media and the upload page (issue 33): room for five of the largest uploads by default.
  STORAGE_QUOTA_MB: z.coerce.number().int().min(1).max(100_000_000).default(102_400),
  UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(5_000_000).default(20_480),
  UPLOAD_TYPES: z.string().min(1).default('video/*,application/mxf,audio/*,image/*,application/zip,application/pdf'),
  REQUEST_BODY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  UPLOAD_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(86_400_000).default(900_000),
  IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  // The media pipeline (issue 34): jobs this process runs at once (0 = none: workers elsewhere), its tools.
  MEDIA_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(1),
  MEDIA_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(2000),
  MEDIA_TIMEOUT_MIN: z.coerce.number().int().min(1).max(1440).default(120),
  MEDIA_LEASE_S: z.coerce.number().int().min(2).max(3600).default(60),
  // The most memory one ffmpeg or ffprobe run may take (issue 48: a hostile file drove ffmpeg to 6 GB).
  MEDIA_MEMORY_MB: z.coerce.number().int().min(64).max(1_048_576).default(3072),
  // Frame grabs: calls a minute per user or guest visit, and grabbed frames kept per video.
  MEDIA_FRAMES_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(FRAME_GRABS.perMinute),
  MEDIA_FRAME_CACHE: z.coerce.number().int().min(1).max(1_000_000).default(FRAME_GRABS.cachedPerAsset),
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
  AI_BASE_URL: url(['http', 'https']).optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().min(1).optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  AI_DAILY_LIMIT: z.coerce.number().int().min(1).max(100_000).default(50),
  AI_TRANSCRIBE_MODEL: z.string().min(1).default('whisper-1'),
  AI_TRANSCRIBE_PART_BYTES: z.coerce.number().int().min(10_000).max(1_000_000_000).default(TRANSCRIBE_PART_BYTES),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_AUTH_URL: url(['http', 'https']).default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: url(['http', 'https']).default('https://oauth2.googleapis.com/token'),
  GOOGLE_REVOKE_URL: url(['http', 'https']).default('https://oauth2.googleapis.com/revoke'),
  YT_ANALYTICS_URL: url(['http', 'https']).default('https://youtubeanalytics.googleapis.com'),
  TOKEN_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, { error: 'must be 64 hexadecimal characters (a 256-bit key)' })
    .optional(),
  METRICS_TOKEN: z.string().min(24, { error: 'must be at least 24 characters' }).optional(),
  // Review reports (issue 48): drawn at once in this process, each in a thread of its own, and waiting at most.
  REPORT_THREADS: z.coerce.number().int().min(1).max(16).default(2),
  REPORT_QUEUE_MAX: z.coerce.number().int().min(0).max(1000).default(16),
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
  /** Webhooks may go to loopback addresses (a receiver on this machine: development, tests); never to this server's own port. */
  webhookAllowLoopback: boolean;
  admin: { email: string; password: string } | undefined;
  /** undefined = decide at start: seed when the embedded database is empty. */
  seedDemo: boolean | undefined;
  publicUrl: string;
  logLevel: Env['LOG_LEVEL'];
  /** The bearer token a Prometheus scrape of /metrics presents; without one the route does not exist. */
  metricsToken: string | null;
  webDist: string | undefined;
  /** The time the board's first screen may take to draw on the server (issue 36); 0 = the plain page always. */
  firstScreenMs: number;
  /** Proxies whose forwarded headers are trusted; empty = the connection's own address is the client's. */
  trustProxy: string[];
  /** A separate origin user files are served from, with the key that signs links to it. */
  files: { origin: string; host: string; signingKey: string } | undefined;
  /** Uploads one user may keep in storage. */
  storageQuotaBytes: number;
  /** The upload page's limits: the largest file, and the MIME types (`type/*` allowed) it takes. */
  uploads: { maxBytes: number; types: string[] };
  /**
   * How long a request may take to arrive: a JSON body whole (bodyMs), a streamed upload whole (uploadMs),
   * and any connection without a byte either way (idleMs).
   */
  timeouts: { bodyMs: number; uploadMs: number; idleMs: number };
  /** The media pipeline: jobs this process runs at once (0 = none), how often it looks, one job's limit, the tools. */
  media: {
    concurrency: number;
    pollMs: number;
    timeoutMs: number;
    /** How long a job's claim lasts unrenewed: how soon a dead worker's job comes back. */
    leaseMs: number;
    /** The most memory one ffmpeg or ffprobe run may take, in MiB. */
    memoryMb: number;
    /** Delivery links fetched into storage (issue 49): loopback only when allowed (tests). */
    linkImportAllowLoopback: boolean;
    /** Frame grabs one user (or guest visit) may ask for a minute; grabbed frames kept per asset. */
    framesPerMinute: number;
    frameCache: number;
    ffmpegPath?: string;
    ffprobePath?: string;
  };
  /** An OpenAI-compatible chat-completions endpoint for the AI toolbox; undefined = not configured. */
  ai:
    | {
        baseUrl: string;
        apiKey: string | undefined;
        model: string;
        timeoutMs: number;
        dailyLimit: number;
        /** Transcription of delivered videos (issue 53): its model and the most audio sent in one call. */
        transcribeModel: string;
        transcribePartBytes: number;
      }
    | undefined;
  /** Review reports drawn at once in this process (a render thread each), and how many more may wait. */
  reports: { threads: number; queueMax: number };
  /** Google OAuth for the YouTube analytics tab; undefined = not configured. */
  google:
    | {
        clientId: string;
        clientSecret: string;
        authUrl: string;
        tokenUrl: string;
        revokeUrl: string;
        analyticsUrl: string;
        /** AES-256-GCM key that encrypts stored tokens. */
        encryptionKey: Buffer;
      }
    | undefined;
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
  if (e.AI_BASE_URL && !e.AI_MODEL) {
    throw new ConfigError('Invalid configuration:\n  AI_MODEL must be set with AI_BASE_URL');
  }
  if (e.GOOGLE_CLIENT_ID && !(e.GOOGLE_CLIENT_SECRET && e.TOKEN_ENCRYPTION_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  GOOGLE_CLIENT_SECRET and TOKEN_ENCRYPTION_KEY must be set with GOOGLE_CLIENT_ID',
    );
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
    webhookAllowLoopback: e.WEBHOOK_ALLOW_LOOPBACK,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD }
        : undefined,
    seedDemo: e.SEED_DEMO,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN ?? null,
    webDist: e.WEB_DIST,
    firstScreenMs: e.FIRST_SCREEN_MS,
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
    uploads: {
      maxBytes: e.UPLOAD_MAX_MB * 1_048_576,
      types: e.UPLOAD_TYPES.split(',')
        .map((t) => t.trim().toLowerCase())
        .filter(Boolean),
    },
    timeouts: { bodyMs: e.REQUEST_BODY_TIMEOUT_MS, uploadMs: e.UPLOAD_REQUEST_TIMEOUT_MS, idleMs: e.IDLE_TIMEOUT_MS },
    media: {
      concurrency: e.MEDIA_CONCURRENCY,
      pollMs: e.MEDIA_POLL_MS,
      timeoutMs: e.MEDIA_TIMEOUT_MIN * 60_000,
      leaseMs: e.MEDIA_LEASE_S * 1000,
      memoryMb: e.MEDIA_MEMORY_MB,
      linkImportAllowLoopback: e.LINK_IMPORT_ALLOW_LOOPBACK,
      framesPerMinute: e.MEDIA_FRAMES_PER_MINUTE,
      frameCache: e.MEDIA_FRAME_CACHE,
      ffmpegPath: e.FFMPEG_PATH,
      ffprobePath: e.FFPROBE_PATH,
    },
    ai:
      e.AI_BASE_URL && e.AI_MODEL
        ? {
            baseUrl: e.AI_BASE_URL.replace(/\/$/, ''),
            apiKey: e.AI_API_KEY,
            model: e.AI_MODEL,
            timeoutMs: e.AI_TIMEOUT_MS,
            dailyLimit: e.AI_DAILY_LIMIT,
            transcribeModel: e.AI_TRANSCRIBE_MODEL,
            transcribePartBytes: e.AI_TRANSCRIBE_PART_BYTES,
          }
        : undefined,
    reports: { threads: e.REPORT_THREADS, queueMax: e.REPORT_QUEUE_MAX },
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET && e.TOKEN_ENCRYPTION_KEY
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            authUrl: e.GOOGLE_AUTH_URL,
            tokenUrl: e.GOOGLE_TOKEN_URL,
            revokeUrl: e.GOOGLE_REVOKE_URL,
            analyticsUrl: e.YT_ANALYTICS_URL.replace(/\/$/, ''),
            encryptionKey: Buffer.from(e.TOKEN_ENCRYPTION_KEY, 'hex'),
          }
        : undefined,
  };
}

/** Facts of the process rather than settings, read here too: the one place that reads process.env. */
export const processFacts = {
  /** Under Vitest (compiled replies are then checked against their schemas). */
  underVitest: process.env.VITEST !== undefined,
  /** The folders searched for programs (a system ffmpeg). */
  searchPath: () => process.env.PATH ?? '',
  /** The folder `npm run` was started in (npm runs scripts in the project's). */
  callerDir: () => process.env.INIT_CWD ?? process.cwd(),
};
