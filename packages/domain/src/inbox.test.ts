import { describe, expect, it } from 'vitest';
import {
  INBOX_ROLES,
  INBOX_STAFF_ROLES,
  changeMessageVerdict,
  messagePolicy,
  reopenVerdict,
  replyVerdict,
  resolveVerdict,
  threadPolicy,
  type InboxMessageFacts,
  type InboxThreadFacts,
} from './inbox.js';
import { MSG } from './messages.js';
import type { Role } from './roles.js';

const active: InboxThreadFacts = { customer_id: 7, status: 'ACTIVE' };
const resolved: InboxThreadFacts = { customer_id: 7, status: 'RESOLVED' };
const by = (author_id: number, author_role: Role, is_deleted = false): InboxMessageFacts => ({
  author_id,
  author_role,
  is_deleted,
});

describe('support inbox rules', () => {
  it('support staff are admin, team lead and QA (spec 002 §6); customers write too', () => {
    expect(INBOX_STAFF_ROLES).toEqual(['admin', 'team-lead', 'qa']);
    expect(INBOX_ROLES).toEqual(['customer', 'admin', 'team-lead', 'qa']);
  });

  it('only staff resolve; only the thread’s customer re-opens', () => {
    for (const role of INBOX_STAFF_ROLES) expect(resolveVerdict({ id: 1, role })).toBeNull();
    expect(resolveVerdict({ id: 7, role: 'customer' })).toMatchObject({ code: 'FORBIDDEN' });
    expect(reopenVerdict({ id: 7, role: 'customer' }, resolved)).toBeNull();
    expect(reopenVerdict({ id: 8, role: 'customer' }, resolved)).toMatchObject({ code: 'FORBIDDEN' });
    expect(reopenVerdict({ id: 1, role: 'admin' }, resolved)).toMatchObject({ code: 'FORBIDDEN' });
    expect(threadPolicy({ id: 7, role: 'customer' }, resolved)).toEqual({ reply: false, resolve: false, reopen: true });
    expect(threadPolicy({ id: 3, role: 'qa' }, active)).toEqual({ reply: true, resolve: true, reopen: false });
  });

  it('a resolved thread takes no reply', () => {
    expect(replyVerdict({ id: 7, role: 'customer' }, active)).toBeNull();
    expect(replyVerdict({ id: 7, role: 'customer' }, resolved)).toEqual({
      code: 'FORBIDDEN',
      message: MSG.inboxThreadResolved,
    });
  });

  it('edit and delete: the author, or an admin on a non-customer message; never deleted ones or in a resolved thread', () => {
    expect(changeMessageVerdict({ id: 7, role: 'customer' }, active, by(7, 'customer'))).toBeNull();
    expect(changeMessageVerdict({ id: 1, role: 'admin' }, active, by(7, 'customer'))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(changeMessageVerdict({ id: 1, role: 'admin' }, active, by(3, 'qa'))).toBeNull();
    expect(changeMessageVerdict({ id: 2, role: 'team-lead' }, active, by(3, 'qa'))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(changeMessageVerdict({ id: 3, role: 'qa' }, active, by(3, 'qa', true))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(changeMessageVerdict({ id: 3, role: 'qa' }, resolved, by(3, 'qa'))).toMatchObject({ code: 'FORBIDDEN' });
    expect(messagePolicy({ id: 7, role: 'customer' }, active, by(3, 'qa')).change).toBe(false);
  });
});
