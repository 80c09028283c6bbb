import { describe, expect, it } from 'vitest';
import { decodeCardId } from './paths';

describe('times and addresses', () => {
  it('decodes card ids from plain, URI-encoded and base64 forms', () => {
    expect(decodeCardId('42')).toBe(42);
    expect(decodeCardId(encodeURIComponent('42'))).toBe(42);
    expect(decodeCardId(btoa('42'))).toBe(42);
    expect(decodeCardId('abc')).toBeNull();
    expect(decodeCardId('0')).toBeNull();
    expect(decodeCardId('99999999999')).toBeNull();
  });
});
