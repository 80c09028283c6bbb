import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies the defaults of DESIGN §2', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      redisUrl: undefined,
      s3: undefined,
      publicUrl: 'http://localhost:3000',
    });
    expect(c.dataDir.endsWith('/data')).toBe(true);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ PUBLIC_URL: 'localhost' }, 'PUBLIC_URL'],
    [{ ADMIN_EMAIL: 'a@b.co' }, 'ADMIN_EMAIL and ADMIN_PASSWORD'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1, proxy.example.com' }, 'TRUST_PROXY'],
    [{ STORAGE_QUOTA_MB: '0' }, 'STORAGE_QUOTA_MB'],
    [{ FILES_ORIGIN: 'https://files.example.com' }, 'FILES_SIGNING_KEY'],
    [{ FILES_ORIGIN: 'http://localhost:3000', FILES_SIGNING_KEY: 'k'.repeat(32) }, 'FILES_ORIGIN'],
    [{ UPLOAD_MAX_MB: '0' }, 'UPLOAD_MAX_MB'],
    [{ AI_BASE_URL: 'https://ai.example.com/v1' }, 'AI_MODEL'],
    [{ AI_BASE_URL: 'ai.example.com', AI_MODEL: 'm' }, 'AI_BASE_URL'],
    [{ AI_TIMEOUT_MS: '10' }, 'AI_TIMEOUT_MS'],
    [{ GOOGLE_CLIENT_ID: 'id' }, 'GOOGLE_CLIENT_SECRET and TOKEN_ENCRYPTION_KEY'],
    [{ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', TOKEN_ENCRYPTION_KEY: 'short' }, 'TOKEN_ENCRYPTION_KEY'],
  ])('stops with a message naming the variable for %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('leaves the AI toolbox and analytics unconfigured by default, and reads them when set', () => {
    const plain = loadConfig({});
    expect(plain.ai).toBeUndefined();
    expect(plain.google).toBeUndefined();
    expect(plain.uploads).toEqual({
      maxBytes: 20_480 * 1_048_576,
      types: ['video/*', 'application/mxf', 'audio/*', 'image/*', 'application/zip', 'application/pdf'],
    });
    const set = loadConfig({
      AI_BASE_URL: 'https://ai.example.com/v1/',
      AI_MODEL: 'small-model',
      AI_API_KEY: 'sk-test',
      GOOGLE_CLIENT_ID: 'client',
      GOOGLE_CLIENT_SECRET: 'secret',
      TOKEN_ENCRYPTION_KEY: 'ab'.repeat(32),
      UPLOAD_TYPES: ' Video/MP4 , audio/* ',
    });
    expect(set.ai).toEqual({
      baseUrl: 'https://ai.example.com/v1',
      apiKey: 'sk-test',
      model: 'small-model',
      timeoutMs: 60_000,
      dailyLimit: 50,
      // Transcription of delivered videos (issue 53): Whisper's model name and under its 25 MB a call.
      transcribeModel: 'whisper-1',
      transcribePartBytes: 24 * 1024 * 1024,
    });
    expect(set.google).toMatchObject({ clientId: 'client', tokenUrl: 'https://oauth2.googleapis.com/token' });
    expect(set.google?.encryptionKey).toHaveLength(32);
    expect(set.uploads.types).toEqual(['video/mp4', 'audio/*']);
  });

  it('trusts no proxy unless told, then only the listed addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,loopback,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'loopback',
      '::1',
      'fd00::/8',
    ]);
  });

  it('reads the S3, SMTP and admin settings', () => {
    const c = loadConfig({
      S3_BUCKET: 'media',
      SMTP_URL: 'smtp://mail:25',
      ADMIN_EMAIL: 'Boss@Example.com',
      ADMIN_PASSWORD: 'long-enough',
      PORT: '8080',
    });
    expect(c.s3).toMatchObject({ bucket: 'media', region: 'us-east-1' });
    expect(c.admin).toEqual({ email: 'boss@example.com', password: 'long-enough' });
    expect(c.publicUrl).toBe('http://localhost:8080');
  });
});
