import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM for secrets at rest (OAuth tokens): a random IV per value, and `context` (e.g. the
 * owner and the field) bound as associated data, so a value copied to another row does not open.
 */
export function seal(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

export class SecretBoxError extends Error {}

/** The plaintext of a sealed value; a changed value, another key or another context throws SecretBoxError. */
export function open(key: Buffer, sealed: string, context: string): string {
  const [version, data, ...rest] = sealed.split('.');
  if (version !== VERSION || !data || rest.length > 0) throw new SecretBoxError('not a sealed value');
  const raw = Buffer.from(data, 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretBoxError('sealed value too short');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretBoxError('sealed value refused');
  }
}
