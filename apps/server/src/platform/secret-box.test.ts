import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBoxError, open, seal } from './secret-box.js';

const key = randomBytes(32);

describe('secret box', () => {
  it('opens what it sealed, with a new IV each time', () => {
    const a = seal(key, 'ya29.token-value', 'google:1:access');
    const b = seal(key, 'ya29.token-value', 'google:1:access');
    expect(a).not.toBe(b);
    expect(a).not.toContain('token-value');
    expect(open(key, a, 'google:1:access')).toBe('ya29.token-value');
    expect(open(key, b, 'google:1:access')).toBe('ya29.token-value');
  });

  it('refuses a changed value', () => {
    const sealed = seal(key, 'secret', 'ctx');
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1]! ^= 1;
    expect(() => open(key, `v1.${raw.toString('base64url')}`, 'ctx')).toThrow(SecretBoxError);
    expect(() => open(key, 'v1.AAAA', 'ctx')).toThrow(SecretBoxError);
    expect(() => open(key, 'plain text', 'ctx')).toThrow(SecretBoxError);
  });

  it('refuses another key or another context', () => {
    const sealed = seal(key, 'secret', 'google:1:refresh');
    expect(() => open(randomBytes(32), sealed, 'google:1:refresh')).toThrow(SecretBoxError);
    expect(() => open(key, sealed, 'google:2:refresh')).toThrow(SecretBoxError);
  });
});
