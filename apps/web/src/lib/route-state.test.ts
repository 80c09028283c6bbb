import { describe, expect, it } from 'vitest';
import { returnPath } from './route-state';

describe('route state', () => {
  it('returns only to a path of this site', () => {
    expect(returnPath({ from: { pathname: '/inbox', search: '?a=1', hash: '#x' } })).toBe('/inbox?a=1#x');
    expect(returnPath({ from: { pathname: '//evil.example' } })).toBe('/');
    expect(returnPath({ from: { pathname: 'https://evil.example' } })).toBe('/');
    expect(returnPath(undefined, '/home')).toBe('/home');
  });
});
