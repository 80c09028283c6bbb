import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, fill } from '@cutroom/domain';
import { announcements, holidays } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, seedWithSessions } from '../../test/helpers.js';
import { errorCodes, fireAtOnce, statusesOf, winners } from '../../api-wide/races/fire.js';

let t: TestApp;
let accounts: Awaited<ReturnType<typeof seedWithSessions>>;
beforeAll(async () => {
  t = await createTestApp();
  accounts = await seedWithSessions(t.database.db);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = (token: string | null, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const admin = (method: Method, url: string, payload?: object) => as(accounts.admin.token, method, url, payload);
const countRows = async () => ({
  holidays: (await t.database.db.select().from(holidays)).length,
  announcements: (await t.database.db.select().from(announcements)).length,
});
/** A date in New York's today, offset by days, as YYYY-MM-DD. */
const nyDay = (offset = 0) =>
  new Date(Date.now() + offset * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });

describe('holidays', () => {
  it('saves, lists newest first, refuses a second live holiday on a date, and frees it when deleted', async () => {
    const first = await admin('POST', '/api/portal/save-holiday', {
      holiday_title: 'New Year',
      holiday_date: '2031-01-01',
      holiday_status: 1,
      is_deleted: 0,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ message: MSG.holidaySaved, id: expect.any(Number) });
    await admin('POST', '/api/portal/save-holiday', { holiday_title: 'Later', holiday_date: '2031-12-25' });

    const before = await countRows();
    const again = await admin('POST', '/api/portal/save-holiday', {
      holiday_title: 'Again',
      holiday_date: '2031-01-01',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error_message: MSG.holidayDateExists, field: 'holiday_date' });
    expect(await countRows()).toEqual(before);

    const list = (await admin('GET', '/api/portal/get-holidays')).json<{ holidays: { holiday_date: string }[] }>();
    const dates = list.holidays.map((h) => h.holiday_date);
    expect(dates.indexOf('2031-12-25')).toBeLessThan(dates.indexOf('2031-01-01'));

    const id = first.json<{ id: number }>().id;
    const status = await admin('POST', '/api/portal/update-holiday', { id, holiday_status: false, is_deleted: 0 });
    expect(status.json()).toEqual({ success: true, message: MSG.holidayStatusUpdated });
    const nothing = await admin('POST', '/api/portal/update-holiday', { id, is_deleted: false });
    expect(nothing.statusCode).toBe(400);
    const deleted = await admin('POST', '/api/portal/update-holiday', { id, is_deleted: 1 });
    expect(deleted.json()).toEqual({ success: true, message: MSG.holidayDeleted });
    const after = (await admin('GET', '/api/portal/get-holidays')).json<{ holidays: { id: number }[] }>();
    expect(after.holidays.map((h) => h.id)).not.toContain(id);
    expect((await admin('POST', '/api/portal/update-holiday', { id, holiday_status: true })).statusCode).toBe(404);

    const reused = await admin('POST', '/api/portal/save-holiday', {
      holiday_title: 'Redo',
      holiday_date: '2031-01-01',
    });
    expect(reused.statusCode).toBe(201);
  });

  it('edits title and date; moving onto a taken date is refused and changes nothing', async () => {
    const a = (
      await admin('POST', '/api/portal/save-holiday', { holiday_title: 'A', holiday_date: '2032-03-01' })
    ).json<{
      id: number;
    }>().id;
    await admin('POST', '/api/portal/save-holiday', { holiday_title: 'B', holiday_date: '2032-03-02' });
    const edit = await admin('POST', '/api/portal/update-holiday', { id: a, holiday_title: 'A2' });
    expect(edit.json()).toEqual({ success: true, message: MSG.holidaySaved });
    const clash = await admin('POST', '/api/portal/update-holiday', { id: a, holiday_date: '2032-03-02' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json()).toMatchObject({ error_message: MSG.holidayDateExists, field: 'holiday_date' });
    const list = (await admin('GET', '/api/portal/get-holidays')).json<{
      holidays: { id: number; holiday_title: string; holiday_date: string }[];
    }>();
    expect(list.holidays.find((h) => h.id === a)).toMatchObject({ holiday_title: 'A2', holiday_date: '2032-03-01' });
  });

  it('takes a full ISO timestamp as its day: in its own offset, or in New York for UTC', async () => {
    const dayOf = async (holiday_date: string, title: string) => {
      const res = await admin('POST', '/api/portal/save-holiday', { holiday_title: title, holiday_date });
      expect(res.statusCode, res.body).toBe(201);
      const list = (await admin('GET', '/api/portal/get-holidays')).json<{
        holidays: { id: number; holiday_date: string }[];
      }>();
      return list.holidays.find((h) => h.id === res.json<{ id: number }>().id)?.holiday_date;
    };
    // 03:00 UTC on the 5th is still the 4th in New York.
    expect(await dayOf('2034-07-05T03:00:00.000Z', 'UTC evening')).toBe('2034-07-04');
    expect(await dayOf('2034-07-06T01:00:00+05:30', 'Offset')).toBe('2034-07-06');
    expect(await dayOf('2034-07-07T23:30:00', 'Wall clock')).toBe('2034-07-07');
    const taken = await admin('POST', '/api/portal/save-holiday', {
      holiday_title: 'Same day',
      holiday_date: '2034-07-04T12:00:00-04:00',
    });
    expect(taken.json()).toMatchObject({ field: 'holiday_date', error_message: MSG.holidayDateExists });
    const bad = await admin('POST', '/api/portal/save-holiday', {
      holiday_title: 'X',
      holiday_date: '2034-02-30T10:00:00Z',
    });
    expect(bad.json()).toMatchObject({ field: 'holiday_date', error_message: MSG.dateInvalid });
  });

  it('refuses bad input naming the field', async () => {
    const before = await countRows();
    const cases: [object, string][] = [
      [{ holiday_date: '2033-01-01' }, 'holiday_title'],
      [{ holiday_title: '  ', holiday_date: '2033-01-01' }, 'holiday_title'],
      [{ holiday_title: 'X', holiday_date: '2033-02-30' }, 'holiday_date'],
      [{ holiday_title: 'X' }, 'holiday_date'],
    ];
    for (const [payload, field] of cases) {
      const res = await admin('POST', '/api/portal/save-holiday', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const nothing = await admin('POST', '/api/portal/update-holiday', { id: 1 });
    expect(nothing.json()).toMatchObject({ error_message: MSG.sendSomethingToChange });
    expect((await admin('POST', '/api/portal/update-holiday', { id: 999_999, is_deleted: true })).statusCode).toBe(404);
    expect(await countRows()).toEqual(before);
  });

  it("is the admin's: other roles get 403, signed out 401", async () => {
    for (const key of ['lead', 'qa', 'editor', 'helperLead', 'helper', 'customer'] as const) {
      const res = await as(accounts[key].token, 'POST', '/api/portal/save-holiday', {
        holiday_title: 'X',
        holiday_date: '2034-01-01',
      });
      expect(res.statusCode, key).toBe(403);
      expect((await as(accounts[key].token, 'GET', '/api/portal/get-holidays')).statusCode, key).toBe(403);
    }
    expect((await as(null, 'GET', '/api/portal/get-holidays')).statusCode).toBe(401);
  });

  it('lets exactly one of many concurrent saves of one date win', async () => {
    const replies = await fireAtOnce(
      (i) => admin('POST', '/api/portal/save-holiday', { holiday_title: `Race ${i}`, holiday_date: '2035-07-04' }),
      10,
    );
    statusesOf(replies);
    expect(winners(replies)).toHaveLength(1);
    expect(errorCodes(replies)).toEqual({ VALIDATION: 9 });
    for (const r of replies.filter((x) => x.statusCode >= 400)) {
      expect(r.json().error_message).toBe(MSG.holidayDateExists);
    }
  });
});

describe('announcements', () => {
  const banner = {
    banner_heading: '<h2>Big <script>alert(1)</script>news</h2>',
    banner_text: '<p onclick="x()">We are <strong>closed</strong> on Friday</p>',
    startDate: nyDay(-1),
    endDate: nyDay(1),
  };

  it('creates with defaults and sanitized rich text, lists it, and shows it as the banner once enabled', async () => {
    const res = await admin('PUT', '/api/portal/settings/V2', banner);
    expect(res.statusCode).toBe(201);
    const id = res.json<{ id: number }>().id;
    expect(res.json()).toMatchObject({ message: MSG.settingsUpdated });
    const list = (await admin('GET', '/api/portal/settings/V2')).json<{ announcements: { id: number }[] }>();
    expect(list.announcements.find((a) => a.id === id)).toMatchObject({
      enable_banner: 0,
      banner_heading: '<h2>Big news</h2>',
      banner_text: '<p>We are <strong>closed</strong> on Friday</p>',
      banner_heading_style: 'h4',
      banner_text_style: '15px',
      banner_heading_color: '#ffffff',
      banner_font_style: 'none',
      banner_image: null,
    });
    const none = await as(accounts.customer.token, 'GET', '/api/portal/announcement/active');
    expect(none.json()).toEqual({ announcement: null });
    // The list is everyone's too (spec 002 §7), but a draft is the admin's alone.
    const customersList = () =>
      as(accounts.customer.token, 'GET', '/api/portal/settings/V2').then((r) =>
        r.json<{ announcements: { id: number }[] }>().announcements.map((a) => a.id),
      );
    expect(await customersList()).not.toContain(id);

    const on = await admin('POST', `/api/portal/update-settings/V2/${id}`, {
      enable_banner: 1,
      banner_heading_style: 'h2',
      banner_text_style: '18px',
      banner_heading_color: '#FF0000',
      banner_font_style: 'b',
      banner_image: 'https://example.com/banner.png',
      banner_image_style_height: 120,
      banner_image_style_width: 600,
    });
    expect(on.json()).toEqual({ success: true, message: MSG.settingsUpdated });
    for (const key of ['customer', 'qa', 'helper'] as const) {
      const active = await as(accounts[key].token, 'GET', '/api/portal/announcement/active');
      expect(active.json().announcement, key).toMatchObject({
        id,
        enable_banner: 1,
        banner_heading_style: 'h2',
        banner_text_style: '18px',
        banner_heading_color: '#ff0000',
        banner_font_style: 'b',
        banner_image_style_width: 600,
      });
    }
    expect((await as(null, 'GET', '/api/portal/announcement/active')).statusCode).toBe(401);
    expect(await customersList()).toContain(id);
    const future = await admin('PUT', '/api/portal/settings/V2', { ...banner, startDate: nyDay(3), endDate: nyDay(5) });
    const futureId = future.json<{ id: number }>().id;
    await admin('POST', `/api/portal/update-settings/V2/${futureId}`, { enable_banner: 1 });
    expect(await customersList()).not.toContain(futureId);
    await admin('DELETE', `/api/portal/settings/V2/${futureId}/deleteAnnouncment`);

    const off = await admin('POST', `/api/portal/update-settings/V2/${id}`, { enable_banner: 0 });
    expect(off.statusCode).toBe(200);
    expect((await admin('GET', '/api/portal/announcement/active')).json()).toEqual({ announcement: null });
  });

  it("takes the spec's {announcement: {…}} body as well as the flat one, on create and on edit", async () => {
    const res = await admin('PUT', '/api/portal/settings/V2', {
      announcement: { ...banner, enable_banner: 0, banner_heading_style: 'h3', banner_font_style: 'i' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ id: number }>().id;
    const edit = await admin('POST', `/api/portal/update-settings/V2/${id}`, {
      announcement: { banner_text_style: '17px' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const list = (await admin('GET', '/api/portal/settings/V2')).json<{ announcements: { id: number }[] }>();
    expect(list.announcements.find((a) => a.id === id)).toMatchObject({
      enable_banner: 0,
      banner_heading: '<h2>Big news</h2>',
      banner_heading_style: 'h3',
      banner_font_style: 'i',
      banner_text_style: '17px',
    });
    const empty = await admin('PUT', '/api/portal/settings/V2', { announcement: { ...banner, banner_text: '' } });
    expect(empty.json()).toMatchObject({
      field: 'banner_text',
      error_message: fill(MSG.fieldRequired, { label: 'Text' }),
    });
  });

  it('takes full ISO timestamps for its dates, as their day in New York or in their offset', async () => {
    const res = await admin('PUT', '/api/portal/settings/V2', {
      ...banner,
      startDate: '2035-03-02T04:59:59Z',
      endDate: '2035-03-09T00:00:00+09:00',
    });
    expect(res.statusCode, res.body).toBe(201);
    const list = (await admin('GET', '/api/portal/settings/V2')).json<{
      announcements: { id: number; startDate: string; endDate: string }[];
    }>();
    expect(list.announcements.find((a) => a.id === res.json<{ id: number }>().id)).toMatchObject({
      startDate: '2035-03-01',
      endDate: '2035-03-09',
    });
    const reversed = await admin('PUT', '/api/portal/settings/V2', {
      ...banner,
      startDate: '2035-03-10T12:00:00Z',
      endDate: '2035-03-09',
    });
    expect(reversed.json()).toMatchObject({ field: 'startDate', error_message: MSG.dateRangeReversed });
  });

  it('leaves out an enabled announcement whose dates do not include today', async () => {
    const res = await admin('PUT', '/api/portal/settings/V2', {
      ...banner,
      enable_banner: true,
      startDate: nyDay(2),
      endDate: nyDay(5),
    });
    expect(res.statusCode).toBe(201);
    const active = (await admin('GET', '/api/portal/announcement/active')).json<{
      announcement: { id: number } | null;
    }>();
    expect(active.announcement?.id).not.toBe(res.json<{ id: number }>().id);
  });

  it('refuses a start after the end (also against the stored end) and empty rich text, naming the field', async () => {
    const before = await countRows();
    const reversed = await admin('PUT', '/api/portal/settings/V2', {
      ...banner,
      startDate: '2030-05-02',
      endDate: '2030-05-01',
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ error_message: MSG.dateRangeReversed, field: 'startDate' });
    const empty = await admin('PUT', '/api/portal/settings/V2', {
      ...banner,
      banner_heading: '<p><script>x</script></p>',
    });
    expect(empty.json()).toMatchObject({
      field: 'banner_heading',
      error_message: fill(MSG.fieldRequired, { label: 'Heading' }),
    });
    const colour = await admin('PUT', '/api/portal/settings/V2', { ...banner, banner_heading_color: 'red' });
    expect(colour.json()).toMatchObject({ field: 'banner_heading_color', error_message: MSG.colourInvalid });
    expect(
      (await admin('PUT', '/api/portal/settings/V2', { ...banner, banner_heading_style: 'h7' })).json().field,
    ).toBe('banner_heading_style');
    expect(await countRows()).toEqual(before);

    const id = (
      await admin('PUT', '/api/portal/settings/V2', { ...banner, startDate: '2030-05-01', endDate: '2030-05-10' })
    ).json<{
      id: number;
    }>().id;
    const late = await admin('POST', `/api/portal/update-settings/V2/${id}`, { startDate: '2030-05-11' });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ error_message: MSG.dateRangeReversed, field: 'startDate' });
    const ok = await admin('POST', `/api/portal/update-settings/V2/${id}`, { startDate: '2030-05-10' });
    expect(ok.statusCode).toBe(200);
  });

  it('deletes; unknown ids are 404; other roles 403', async () => {
    const id = (await admin('PUT', '/api/portal/settings/V2', banner)).json<{ id: number }>().id;
    for (const key of ['lead', 'qa', 'customer'] as const) {
      expect(
        (await as(accounts[key].token, 'DELETE', `/api/portal/settings/V2/${id}/deleteAnnouncment`)).statusCode,
      ).toBe(403);
      expect((await as(accounts[key].token, 'PUT', '/api/portal/settings/V2', banner)).statusCode).toBe(403);
    }
    const del = await admin('DELETE', `/api/portal/settings/V2/${id}/deleteAnnouncment`);
    expect(del.json()).toEqual({ success: true, message: MSG.announcementDeleted });
    expect((await admin('DELETE', `/api/portal/settings/V2/${id}/deleteAnnouncment`)).statusCode).toBe(404);
    expect((await admin('POST', `/api/portal/update-settings/V2/${id}`, { enable_banner: 1 })).statusCode).toBe(404);
  });
});
