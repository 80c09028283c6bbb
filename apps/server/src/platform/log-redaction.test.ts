import { describe, expect, it } from 'vitest';
import { redactUrl, requestSerializer } from './log-redaction.js';

describe('log redaction', () => {
  it('hides OAuth codes and states and mailed tokens, keeping the rest of the URL', () => {
    expect(redactUrl('/oauth/google?code=4/abc&state=xyz&scope=s')).toBe(
      '/oauth/google?code=%5Bredacted%5D&state=%5Bredacted%5D&scope=s',
    );
    expect(redactUrl('/password-reset?token=secret')).not.toContain('secret');
    expect(redactUrl('/api/cards?page=2')).toBe('/api/cards?page=2');
    expect(redactUrl('/profile')).toBe('/profile');
  });

  it('serializes a request like Fastify does, with the URL redacted', () => {
    const logged = requestSerializer({ method: 'GET', url: '/oauth/google?code=c1', host: 'h', ip: '127.0.0.1' });
    expect(logged).toEqual({
      method: 'GET',
      url: '/oauth/google?code=%5Bredacted%5D',
      host: 'h',
      remoteAddress: '127.0.0.1',
      remotePort: undefined,
    });
  });
});
