import { describe, expect, it } from 'vitest';
import {
  addressKind,
  addressRefusal,
  formatSignature,
  parseSignature,
  signedPayload,
  webhookUrlRefusal,
} from './integrations.js';

const rules = { ownOrigins: ['https://portal.example.com', 'http://127.0.0.1:3000'], allowLoopback: false };

describe('webhook URL rules', () => {
  it.each([
    ['https://hooks.example.com/cutroom', null],
    ['http://hooks.example.com:8080/in?x=1', null],
    ['ftp://hooks.example.com/', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['not a url', 'invalid'],
    ['https://user:pw@hooks.example.com/', 'credentials'],
    ['http://169.254.169.254/latest/meta-data/', 'link-local'],
    ['http://169.254.1.2/', 'link-local'],
    ['http://[fe80::1]/', 'link-local'],
    ['http://[febf::1]/', 'link-local'],
    ['http://[::ffff:169.254.169.254]/', 'link-local'],
    ['http://[fd00:ec2::254]/', 'metadata'],
    ['http://metadata.google.internal/computeMetadata/v1/', 'metadata'],
    ['http://METADATA.google.internal./', 'metadata'],
    ['http://100.100.100.200/', 'metadata'],
    ['https://portal.example.com/api/user', 'own-server'],
    ['https://PORTAL.example.com/api/admin/apiTokens', 'own-server'],
    ['http://127.0.0.1:3000/api/user', 'own-server'],
    ['http://127.0.0.1:4000/hook', 'loopback'],
    ['http://localhost:4000/hook', 'loopback'],
    ['http://[::1]:4000/hook', 'loopback'],
    ['http://0.0.0.0/', 'unspecified'],
    // The URL parser turns other spellings of an address into dotted form first.
    ['http://2852039166/', 'link-local'],
    ['http://0xa9.0xfe.0xa9.0xfe/', 'link-local'],
    ['http://0177.0.0.1:4000/', 'loopback'],
  ])('%s → %s', (url, refusal) => {
    expect(webhookUrlRefusal(url, rules)).toBe(refusal);
  });

  it('allows loopback receivers only when asked, and never the own server', () => {
    const open = { ...rules, allowLoopback: true };
    expect(webhookUrlRefusal('http://127.0.0.1:4000/hook', open)).toBeNull();
    expect(webhookUrlRefusal('http://localhost:4000/hook', open)).toBeNull();
    expect(webhookUrlRefusal('http://127.0.0.1:3000/api/user', open)).toBe('own-server');
    expect(webhookUrlRefusal('http://169.254.169.254/', open)).toBe('link-local');
  });
});

describe('resolved addresses', () => {
  it.each([
    ['93.184.216.34', 'other'],
    ['10.0.0.5', 'other'],
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['169.254.169.254', 'link-local'],
    ['fe80::abcd', 'link-local'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['2001:db8::1', 'other'],
    ['hooks.example.com', null],
    ['1:2:3:4:5:6:7:8:9', null],
    ['1::2::3', null],
  ])('%s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it('refuses what the saved URL would have been refused for, whatever DNS answers later', () => {
    expect(addressRefusal('169.254.169.254', true)).toBe('link-local');
    expect(addressRefusal('127.0.0.1', false)).toBe('loopback');
    expect(addressRefusal('127.0.0.1', true)).toBeNull();
    expect(addressRefusal('203.0.113.9', false)).toBeNull();
  });
});

describe('signature header', () => {
  it('signs the timestamp and the body joined by a dot, and reads its own header back', () => {
    expect(signedPayload(1700000000, '{"a":1}')).toBe('1700000000.{"a":1}');
    const hex = 'ab'.repeat(32);
    expect(parseSignature(formatSignature(1700000000, hex))).toEqual({ timestamp: 1700000000, signatures: [hex] });
  });

  it.each(['', 't=1', `v1=${'a'.repeat(64)}`, `t=abc,v1=${'a'.repeat(64)}`, 't=1,v1=xyz'])('refuses %j', (header) => {
    expect(parseSignature(header)).toBeNull();
  });
});
