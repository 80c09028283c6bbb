import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cutroom/domain';
import type { AiSavedItem } from '@cutroom/domain/schemas';
import { bearer, seedWithSessions } from '../../test/helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
});
afterAll(() => t.close());

const save = (body: object, token = a.customer.token) =>
  t.app.inject({ method: 'POST', url: '/api/ai/save/toolbox-data', headers: bearer(token), payload: body });
const list = async (query: Record<string, string> = {}, token = a.customer.token) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/ai/get-saved-data', query, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: AiSavedItem[]; totalCount: number }>();
};

describe('the saved list', () => {
  it('saves a result for the caller, sanitized, and lists it newest first', async () => {
    const res = await save({
      title: 'Coffee ideas',
      toolType: 'ideas',
      audience_type: 'Beginners',
      category: 'Food',
      duration: 'long_duration_video',
      data: 'Idea one: 2 < 3 & more\nsecond line',
      userId: a.customer2.id,
    });
    expect(res.statusCode).toBe(201);
    const { message, id } = res.json<{ message: string; id: number }>();
    expect(message).toBe(MSG.aiSaved);
    const script = await save({
      title: 'Coffee script',
      toolType: 'script',
      duration: 'short_duration_video',
      data: '<p>Hook <strong>now</strong></p><img src=x onerror=alert(1)>',
    });
    expect(script.statusCode).toBe(201);

    const mine = await list();
    expect(mine.totalCount).toBe(2);
    expect(mine.data.map((i) => i.title)).toEqual(['Coffee script', 'Coffee ideas']);
    const ideas = mine.data.find((i) => i.id === id)!;
    // Plain text is escaped into a paragraph, markup is sanitized; a duration belongs to scripts only; userId was ignored.
    expect(ideas).toMatchObject({
      toolType: 'ideas',
      audience_type: 'Beginners',
      category: 'Food',
      duration: null,
      data: '<p>Idea one: 2 &lt; 3 &amp; more<br />second line</p>',
    });
    expect(mine.data[0]).toMatchObject({ duration: 'short_duration_video', data: '<p>Hook <strong>now</strong></p>' });
    expect((await list({}, a.customer2.token)).totalCount).toBe(0);
  });

  it('filters by tool type and title (literal % and _), pages 10 at a time, ignores userId', async () => {
    for (let i = 0; i < 12; i++) {
      expect(
        (await save({ title: `Title ${i} 100%_off`, toolType: 'title', data: `Option ${i}` }, a.admin.token))
          .statusCode,
      ).toBe(201);
    }
    await save({ title: 'Title 100 percent', toolType: 'title', data: 'x' }, a.admin.token);
    const first = await list({ tooltype: 'title', page: '1' }, a.admin.token);
    expect(first.totalCount).toBe(13);
    expect(first.data).toHaveLength(10);
    const second = await list({ tooltype: 'title', page: '2', fetch: '10' }, a.admin.token);
    expect(second.data).toHaveLength(3);
    expect((await list({ titleSearch: '100%_', tooltype: 'all' }, a.admin.token)).totalCount).toBe(12);
    expect((await list({ tooltype: 'ideas' }, a.admin.token)).totalCount).toBe(0);
    // Asking for another user's list gives one's own.
    const asked = await list({ userId: String(a.customer.id), userType: 'customer' }, a.admin.token);
    expect(asked.totalCount).toBe(13);
  });

  it('refuses bad input with 400 naming the field, saving nothing', async () => {
    const before = (await list()).totalCount;
    const cases: [object, string][] = [
      [{ toolType: 'ideas', data: 'x' }, 'title'],
      [{ title: 'T', toolType: 'poem', data: 'x' }, 'toolType'],
      [{ title: 'T', toolType: 'ideas' }, 'data'],
      [{ title: 'T', toolType: 'ideas', data: '<p> </p>' }, 'data'],
      [{ title: 'T', toolType: 'ideas', data: 'x'.repeat(50_001) }, 'data'],
      [{ title: 'T', toolType: 'script', duration: 'medium', data: 'x' }, 'duration'],
    ];
    for (const [body, field] of cases) {
      const res = await save(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ field });
    }
    const badPage = await t.app.inject({
      method: 'GET',
      url: '/api/ai/get-saved-data?page=0',
      headers: bearer(a.customer.token),
    });
    expect(badPage.statusCode).toBe(400);
    expect((await list()).totalCount).toBe(before);
  });

  it("updates and deletes only the caller's own item; another's answers 404", async () => {
    const { id } = (await save({ title: 'Mine', toolType: 'title', data: 'Old' })).json<{ id: number }>();
    const update = (body: object, token = a.customer.token, itemId = id) =>
      t.app.inject({
        method: 'POST',
        url: `/api/ai/update-saved-data/${itemId}`,
        headers: bearer(token),
        payload: body,
      });
    const remove = (token = a.customer.token) =>
      t.app.inject({ method: 'DELETE', url: `/api/ai/delete-saved-data/${id}`, headers: bearer(token) });

    for (const token of [a.customer2.token, a.admin.token]) {
      expect((await update({ id, data: 'Hijacked' }, token)).statusCode).toBe(404);
      expect((await remove(token)).statusCode).toBe(404);
    }
    expect((await update({ id: id + 1, data: 'New' })).json()).toMatchObject({ field: 'id' });
    expect((await update({ id, data: '' })).statusCode).toBe(400);
    expect((await update({ data: 'New' }, a.customer.token, 999_999)).statusCode).toBe(404);
    const ok = await update({ id, data: '<p>New <em>text</em></p><script>x</script>', userId: a.customer2.id });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: MSG.aiUpdated });
    const item = (await list({ titleSearch: 'Mine' })).data[0];
    expect(item?.data).toBe('<p>New <em>text</em></p>');
    expect(item && item.updated_at >= item.created_at).toBe(true);

    const gone = await remove();
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ message: MSG.aiDeleted });
    expect((await remove()).statusCode).toBe(404);
    expect((await list({ titleSearch: 'Mine' })).totalCount).toBe(0);
  });

  it('is closed to the roles without the toolbox (403)', async () => {
    for (const token of [a.editor.token, a.qa.token, a.lead.token, a.helper.token, a.helperLead.token]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/ai/get-saved-data', headers: bearer(token) });
      expect(res.statusCode).toBe(403);
    }
  });
});
