import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cutroom/domain';
import { userLeaves } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, latestMail, seedWithSessions } from '../../test/helpers.js';

let t: TestApp;
let accounts: Awaited<ReturnType<typeof seedWithSessions>>;
beforeAll(async () => {
  t = await createTestApp();
  accounts = await seedWithSessions(t.database.db);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'DELETE';
const as = (token: string | null, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const admin = (method: Method, url: string, payload?: object) => as(accounts.admin.token, method, url, payload);
const leaveCount = async () => (await t.database.db.select().from(userLeaves)).length;
/** New York's today, offset by days, as YYYY-MM-DD. */
const nyDay = (offset = 0) =>
  new Date(Date.now() + offset * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
const history = (token: string, id: number) => as(token, 'GET', `/api/user/${id}/leave-history`);

describe('leave', () => {
  it('records a QA leave, mails the QA and their team lead, and shows it in the history as on leave today', async () => {
    const qa = accounts.qa.id;
    const res = await admin('POST', `/api/user/${qa}/update-leave`, {
      start: nyDay(-1),
      end: nyDay(2),
      reason: 'Family trip',
      notifyOptions: ['user', 'team_lead'],
      userId: qa,
      userName: 'Quinn Checker',
      userClientType: 'qa',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: MSG.leaveUpdated, leave_id: expect.any(Number) });
    for (const to of [accounts.qa.email, accounts.lead.email]) {
      const mail = latestMail(t.dataDir, to);
      expect(mail).toContain('Family trip');
      expect(mail).toContain(nyDay(-1));
    }
    for (const key of ['admin', 'lead', 'qa'] as const) {
      const seen = await history(accounts[key].token, qa);
      expect(seen.statusCode, key).toBe(200);
      expect(seen.json(), key).toMatchObject({
        is_on_leave: true,
        leaves: [
          {
            leave_id: res.json().leave_id,
            client_id: qa,
            start_date: nyDay(-1),
            end_date: nyDay(2),
            reason: 'Family trip',
          },
        ],
      });
    }
  });

  it('shows the same "on leave" on the user and in the On Leave filter as in the history', async () => {
    const user = await admin('GET', `/api/user/${accounts.qa.id}`);
    expect(user.json()).toMatchObject({ client_id: accounts.qa.id, is_on_leave: true });
    const away = await admin('GET', '/api/users?filter=onLeave&limit=100');
    expect(away.json().users.map((u: { client_id: number }) => u.client_id)).toContain(accounts.qa.id);
    const editor = await admin('GET', `/api/user/${accounts.editor.id}`);
    expect(editor.json()).toMatchObject({ is_on_leave: false });
  });

  it('hides the history of a user the caller may not see (404), and refuses the signed out (401)', async () => {
    for (const key of ['editor', 'helper', 'helperLead', 'customer', 'customer2'] as const) {
      expect((await history(accounts[key].token, accounts.qa.id)).statusCode, key).toBe(404);
    }
    expect((await as(null, 'GET', `/api/user/${accounts.qa.id}/leave-history`)).statusCode).toBe(401);
    expect((await history(accounts.admin.token, 999_999)).statusCode).toBe(404);
  });

  it('lets a team lead be told only themself; a past leave is not "on leave"', async () => {
    const lead = accounts.lead.id;
    const before = await leaveCount();
    const refused = await admin('POST', `/api/user/${lead}/update-leave`, {
      start: nyDay(-10),
      end: nyDay(-9),
      reason: 'Past',
      notifyOptions: ['team_lead'],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'notifyOptions', error_message: MSG.leaveNotifyNotOffered });
    expect(await leaveCount()).toBe(before);
    const ok = await admin('POST', `/api/user/${lead}/update-leave`, {
      start: nyDay(-10),
      end: nyDay(-10),
      reason: 'Past',
      notifyOptions: ['user'],
    });
    expect(ok.statusCode).toBe(201);
    expect(latestMail(t.dataDir, accounts.lead.email)).toContain('Past');
    expect((await history(accounts.lead.token, lead)).json()).toMatchObject({ is_on_leave: false });
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const before = await leaveCount();
    const url = `/api/user/${accounts.qa.id}/update-leave`;
    const reversed = await admin('POST', url, { start: '2030-02-02', end: '2030-02-01', reason: 'x' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ field: 'start', error_message: MSG.leaveDatesReversed });
    expect((await admin('POST', url, { start: '2030-02-02', end: '2030-02-03', reason: ' ' })).json().field).toBe(
      'reason',
    );
    expect((await admin('POST', url, { start: '2030-02-31', end: '2030-03-03', reason: 'x' })).json().field).toBe(
      'start',
    );
    expect(
      (await admin('POST', url, { start: '2030-02-01', end: '2030-02-03', reason: 'x', notifyOptions: ['boss'] }))
        .statusCode,
    ).toBe(400);
    const customer = await admin('POST', `/api/user/${accounts.customer.id}/update-leave`, {
      start: '2030-02-01',
      end: '2030-02-01',
      reason: 'x',
    });
    expect(customer.json()).toMatchObject({ field: 'id', error_message: MSG.leaveStaffOnly });
    expect(
      (await admin('POST', '/api/user/999999/update-leave', { start: '2030-02-01', end: '2030-02-01', reason: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(await leaveCount()).toBe(before);
  });

  it('takes full ISO timestamps as days (New York for UTC, else their own offset) and teamLead for team_lead', async () => {
    const res = await admin('POST', `/api/user/${accounts.qa.id}/update-leave`, {
      start: '2036-01-10T02:00:00.000Z',
      end: '2036-01-12T08:00:00+08:00',
      reason: 'Conference',
      notifyOptions: ['teamLead', 'user', 'team_lead'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const leaves = (await history(accounts.admin.token, accounts.qa.id)).json<{
      leaves: { leave_id: number; start_date: string; end_date: string }[];
    }>().leaves;
    expect(leaves.find((l) => l.leave_id === res.json().leave_id)).toMatchObject({
      start_date: '2036-01-09',
      end_date: '2036-01-12',
    });
    expect(latestMail(t.dataDir, accounts.lead.email)).toContain('2036-01-09');
    // Reversed once reduced to days: the 12th in Tokyo is after the 11th in New York.
    const reversed = await admin('POST', `/api/user/${accounts.qa.id}/update-leave`, {
      start: '2036-01-12T00:30:00+09:00',
      end: '2036-01-12T03:00:00Z',
      reason: 'x',
    });
    expect(reversed.json()).toMatchObject({ field: 'start', error: MSG.leaveDatesReversed });
  });

  it("carries each error's text under `error` too (spec 002 §7), beside {error_message, code}", async () => {
    const url = `/api/user/${accounts.qa.id}/update-leave`;
    const leave = { start: '2030-02-01', end: '2030-02-01', reason: 'x' };
    const replies = [
      await admin('POST', url, { ...leave, start: '2030-02-02' }),
      await admin('POST', url, { ...leave, reason: ' ' }),
      await admin('POST', `/api/user/${accounts.customer.id}/update-leave`, leave),
      await admin('POST', '/api/user/999999/update-leave', leave),
      await as(accounts.qa.token, 'POST', url, leave),
      await as(null, 'POST', url, leave),
    ];
    expect(replies.map((r) => r.statusCode)).toEqual([400, 400, 400, 404, 403, 401]);
    expect(replies[0]!.json()).toEqual({
      error_message: MSG.leaveDatesReversed,
      error: MSG.leaveDatesReversed,
      code: 'VALIDATION',
      field: 'start',
    });
    for (const reply of replies) {
      const body = reply.json<{ error_message: string; error: string; code: string }>();
      expect(body.error).toBe(body.error_message);
      expect(body.code).toEqual(expect.any(String));
    }
    // Only this route's contract asks for it.
    expect((await as(accounts.qa.token, 'DELETE', '/api/leave/1/delete-leave')).json()).not.toHaveProperty('error');
  });

  it('is added and deleted by admin only; deleting checks the user when given', async () => {
    const payload = { start: '2031-01-01', end: '2031-01-05', reason: 'Holiday' };
    for (const key of ['lead', 'qa', 'editor', 'helperLead', 'helper', 'customer'] as const) {
      expect(
        (await as(accounts[key].token, 'POST', `/api/user/${accounts.qa.id}/update-leave`, payload)).statusCode,
        key,
      ).toBe(403);
    }
    expect((await as(null, 'POST', `/api/user/${accounts.qa.id}/update-leave`, payload)).statusCode).toBe(401);
    const id = (await admin('POST', `/api/user/${accounts.editor.id}/update-leave`, payload)).json<{
      leave_id: number;
    }>().leave_id;
    for (const key of ['lead', 'qa', 'customer'] as const) {
      expect((await as(accounts[key].token, 'DELETE', `/api/leave/${id}/delete-leave`)).statusCode, key).toBe(403);
    }
    expect((await admin('DELETE', `/api/leave/${id}/delete-leave?client_id=${accounts.qa.id}`)).statusCode).toBe(404);
    const del = await admin('DELETE', `/api/leave/${id}/delete-leave?client_id=${accounts.editor.id}`);
    expect(del.json()).toEqual({ success: true, message: MSG.leaveDeleted });
    expect((await admin('DELETE', `/api/leave/${id}/delete-leave`)).statusCode).toBe(404);
  });
});
