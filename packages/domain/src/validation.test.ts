import { describe, expect, it } from 'vitest';
import { isEmail, isTimeZone } from './validation.js';
import { emailField, urlField } from './schemas/fields.js';
import { isLink } from './links.js';
import { URL_MAX } from './constants.js';
import { sidebarFor, SIDEBAR_BY_ROLE } from './navigation.js';
import { ROLES } from './roles.js';
import { getCardsBody } from './schemas/board.js';

describe('email rule', () => {
  it.each(['a@b.co', 'first.last@example.com', 'x-y@mail.example.org', 'tag+box@example.io', 'a_b@ex-ample.travel'])(
    'accepts %s',
    (e) => expect(isEmail(e)).toBe(true),
  );
  it.each(['', 'plain', 'a@b', '@example.com', 'a..b@example.com', 'a@example.c', 'a b@example.com', 'a@@example.com'])(
    'rejects %s',
    (e) => expect(isEmail(e)).toBe(false),
  );
  it('answers adversarial input at once (a backtracking pattern would hang past the test timeout)', () => {
    expect(isEmail(`${'a.'.repeat(5000)}@${'b-'.repeat(5000)}!`)).toBe(false);
    expect(isEmail(`${'a'.repeat(60)}@${'b'.repeat(60)}`)).toBe(false);
  });
  it('normalises case and whitespace', () => {
    expect(emailField.parse('  Ada@Example.COM ')).toBe('ada@example.com');
  });
});

describe('time zones', () => {
  it('knows IANA zones only', () => {
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('sidebar', () => {
  it('gives every role a home link and only admin the settings', () => {
    for (const role of ROLES) {
      expect(SIDEBAR_BY_ROLE[role][0]).toBe('home');
      expect(sidebarFor(role).some((i) => i.path === '/settings')).toBe(role === 'admin');
    }
  });
  it('labels the users page My Team for leads', () => {
    expect(sidebarFor('team-lead').find((i) => i.path === '/users')?.label).toBe('My Team');
    expect(sidebarFor('admin').find((i) => i.path === '/users')?.label).toBe('Users');
  });
});

describe('board date range', () => {
  it('takes real calendar days only, and names the field otherwise', () => {
    const ok = (d: string) => getCardsBody.safeParse({ startDate: d }).success;
    expect(['2024-02-29', '2024-04-30', '2022-12-20'].map(ok)).toEqual([true, true, true]);
    expect(['2023-02-29', '2024-04-31', '2024-13-01', '6830-37-94', '2024-1-01'].map(ok)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(getCardsBody.safeParse({ endDate: '2024-02-30' }).error?.issues[0]?.path).toEqual(['endDate']);
  });
});

describe('isLink, the link rule without zod', () => {
  it('accepts exactly what urlField accepts', () => {
    const long = `https://example.com/${'a'.repeat(URL_MAX)}`;
    const cases = [
      'https://example.com/v.mp4',
      '  http://example.com  ',
      'HTTPS://EXAMPLE.COM',
      'ftp://example.com',
      'https://exa mple.com',
      'example.com',
      '',
      '   ',
      'https://',
      long,
      long.slice(0, URL_MAX),
    ];
    for (const value of cases) expect(isLink(value), value).toBe(urlField.safeParse(value).success);
    expect(cases.filter(isLink)).toHaveLength(4);
  });
});
