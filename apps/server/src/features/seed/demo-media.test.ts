import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TIMELINE_HOURS_FIRST, TIMELINE_HOURS_WITH_REVISION, allowedTargets, type CardStatus } from '@cutroom/domain';
import type { CardDetailReply, ChecklistReply, NoteView } from '@cutroom/domain/schemas';
import { loadConfig } from '../../config.js';
import { cardActivity, cardRatings, cards, mediaFiles } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, filesOf, seedWithSessions } from '../../test/helpers.js';
import { DEMO_ACCOUNTS } from './demo-seed.js';
import { DEMO_MEDIA_DIR, seedDemoMedia } from './demo-media.js';
import { DEMO_CLIPS, DEMO_WEEK } from './demo-week.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
let byTitle: Map<string, typeof cards.$inferSelect>;
beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
  // The storage of the app under test: local disk under its DATA_DIR.
  await seedDemoMedia(t.database.db, loadConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' }));
  byTitle = new Map((await t.database.db.select().from(cards)).map((c) => [c.cardTitle, c]));
});
afterAll(() => t.close());

const get = (token: string | null, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(token ? bearer(token) : {}), ...headers } });
const cardOf = async (token: string, title: string) =>
  (await get(token, `/api/card/${byTitle.get(title)!.id}`)).json<CardDetailReply>();
const notesOf = async (token: string, title: string, chat: 'customer' | 'team' = 'customer') => {
  const prefix = chat === 'team' ? `/api/card/${byTitle.get(title)!.id}/team` : `/api/card/${byTitle.get(title)!.id}`;
  return (await get(token, `${prefix}/commentsV2?limit=200`)).json<{ comments: { comments: NoteView[] } }>().comments
    .comments;
};

describe('the demo media', () => {
  // Every demo card was due at the same minute, 18 hours from the seed (issue 33).
  it('gives each started card the due date its last start into Editing set, no two alike', async () => {
    const activity = await t.database.db.select().from(cardActivity);
    const dues: number[] = [];
    for (const week of DEMO_WEEK.filter((w) => w.moves.some((m) => m.to === 'editing'))) {
      const card = byTitle.get(week.title)!;
      const start = activity.filter((r) => r.cardId === card.id && r.toStatus === 'editing').at(-1)!;
      const hours = card.revisionNr > 0 ? TIMELINE_HOURS_WITH_REVISION : TIMELINE_HOURS_FIRST;
      expect(card.timeline, week.title).toBe(hours);
      expect(card.dueDate!.getTime() - start.createdAt.getTime(), week.title).toBe(hours * 3_600_000);
      dues.push(card.dueDate!.getTime());
    }
    expect(dues.length).toBeGreaterThan(5);
    expect(new Set(dues).size).toBe(dues.length);
  });

  it('keeps the committed clips small (the repo budget is 3 MB) and stores each as an upload of the editor', async () => {
    const sizes = Object.values(DEMO_CLIPS).map((f) => fs.statSync(path.join(DEMO_MEDIA_DIR, f)).size);
    expect(sizes.reduce((x, y) => x + y, 0)).toBeLessThan(3 * 1_048_576);
    const stored = filesOf(t.dataDir, a.editor.id);
    expect(stored).toHaveLength(Object.keys(DEMO_CLIPS).length);
    const rows = await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.ownerId, a.editor.id));
    expect(rows.map((r) => r.contentType)).toEqual(Object.values(DEMO_CLIPS).map(() => 'video/mp4'));
    expect(rows.map((r) => r.bytes).sort()).toEqual(sizes.sort());
  });

  it("serves a seeded version's video to its customer (ranges too); the other customer can't open the card", async () => {
    const card = await cardOf(a.customer.token, 'Gear review: budget microphones');
    expect(Object.keys(card.video_versions)).toEqual(['version-0', 'version-1']);
    const latest = card.video_versions['version-1']![0]!.video_url;
    expect(card.done_video_link).toBe(latest);
    expect(latest).toMatch(new RegExp(`^/files/media/${a.editor.id}/\\d+-[0-9a-f]{16}-review-16x9-v2\\.mp4$`));

    const whole = await get(a.customer.token, latest);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.equals(fs.readFileSync(path.join(DEMO_MEDIA_DIR, DEMO_CLIPS.v2)))).toBe(true);
    // An MP4 whose index comes first (+faststart) starts playing before the rest arrives.
    expect(whole.rawPayload.subarray(0, 200).includes('moov')).toBe(true);
    const part = await get(a.customer.token, latest, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);

    const other = await get(a.customer2.token, `/api/card/${byTitle.get('Gear review: budget microphones')!.id}`);
    expect(other.statusCode).toBe(404);
    expect((await get(null, latest)).statusCode).toBe(401);
  });

  it('puts the repurposed 9:16 cut on the repurpose card', async () => {
    const card = await cardOf(a.customer2.token, 'Conference keynote clips');
    const repurposed = card.repurpose_video_versions['version-0']![0]!.video_url;
    expect(repurposed).toMatch(/-repurpose-9x16\.mp4$/);
    expect((await get(a.customer2.token, repurposed)).statusCode).toBe(200);
  });

  it('leaves no placeholder link on a seeded version: every one plays from our storage', async () => {
    for (const week of DEMO_WEEK) {
      const card = await cardOf(a.admin.token, week.title);
      const urls = [...Object.values(card.video_versions), ...Object.values(card.repurpose_video_versions)]
        .flat()
        .map((v) => v.video_url);
      expect(urls, week.title).toHaveLength((week.done?.length ?? 0) + (week.repurpose?.length ?? 0));
      for (const url of urls) expect(url, week.title).toMatch(/^\/files\/media\//);
    }
  });

  it('gives comments timecodes and drawn annotations, over the version they were drawn on', async () => {
    const notes = await notesOf(a.customer.token, 'Gear review: budget microphones');
    const timed = notes.filter((n) => n.video_time !== null);
    expect(timed.length).toBeGreaterThanOrEqual(4);
    const drawn = notes.filter((n) => n.note_type === 'annotation');
    expect(drawn.map((n) => [n.video_time, n.annotation?.version])).toEqual([
      [8, 'version-0'],
      [10, 'version-1'],
    ]);
    expect(drawn.every((n) => n.note.startsWith(`@VT{${n.video_time}}`))).toBe(true);
    const reply = notes.find((n) => n.note_parent_id !== null);
    expect(reply?.parent?.note_id).toBe(drawn[0]!.note_id);
    // The team chat stays with the staff.
    expect(await notesOf(a.qa.token, 'Gear review: budget microphones', 'team')).toHaveLength(1);
    expect(
      (await get(a.customer.token, `/api/card/${byTitle.get('Interview with a luthier')!.id}/team/commentsV2`))
        .statusCode,
    ).not.toBe(200);
  });

  it("keeps the review rounds' checklists: fixed, set aside and one note still open on the card in review", async () => {
    const id = byTitle.get('Gear review: budget microphones')!.id;
    const list = (await get(a.qa.token, `/api/card/${id}/checklist`)).json<ChecklistReply>();
    expect(list).toMatchObject({ last_round: 1, open: 1 });
    expect(list.items.map((i) => [i.round, i.video_time, i.state])).toEqual([
      [1, 10, 'wont_fix'],
      [1, 21, 'open'],
      [0, 3, 'fixed'],
      [0, 8, 'fixed'],
    ]);
    expect((await cardOf(a.customer.token, 'Gear review: budget microphones')).open_fix_items).toBe(1);
    // Each version is dated by its own delivery, so version compare can tell which notes were made on which.
    const versions = (await cardOf(a.customer.token, 'Gear review: budget microphones')).video_versions;
    const [v0, v1] = ['version-0', 'version-1'].map((k) => Date.parse(versions[k]![0]!.created_at));
    expect((Date.now() - v0!) / 3_600_000).toBeCloseTo(122, 0);
    expect((Date.now() - v1!) / 3_600_000).toBeCloseTo(8, 0);
    // A request for repurposed cuts is no review note.
    expect((await cardOf(a.customer.token, 'Webinar cut-downs')).open_fix_items).toBe(0);
  });

  it('gives every seeded card its activity, from the request to the status it is seeded in, by moves the roles may make', async () => {
    const role = (id: number | null) => DEMO_ACCOUNTS.find((x) => a[x.key].id === id)!.role;
    for (const card of byTitle.values()) {
      const res = await get(a.admin.token, `/api/card-activity/${card.id}`);
      const entries = res
        .json<{ activity: { user_id: number; from_status: string | null; card_activity_status: string }[] }>()
        .activity.slice()
        .reverse();
      expect(entries[0], card.cardTitle).toMatchObject({ from_status: null, card_activity_status: 'video_request' });
      expect(entries.at(-1)!.card_activity_status, card.cardTitle).toBe(card.cardStatus);
      for (const e of entries.slice(1)) {
        const from = e.from_status as CardStatus;
        const to = e.card_activity_status as CardStatus;
        // Completing is the customer's Mark As Done, a call of its own.
        const allowed =
          to === 'completed_done' ? role(e.user_id) === 'customer' : allowedTargets(role(e.user_id), from).includes(to);
        expect(allowed, `${card.cardTitle}: ${role(e.user_id)} ${from} -> ${to}`).toBe(true);
      }
    }
  });

  it('rates the completed cards, and only those', async () => {
    const ratings = await t.database.db.select().from(cardRatings);
    const rated = ratings.map((r) => [...byTitle.values()].find((c) => c.id === r.cardId)!);
    expect(rated.length).toBeGreaterThanOrEqual(3);
    expect(rated.every((c) => c.cardStatus === 'completed_done')).toBe(true);
    const card = await cardOf(a.customer.token, 'Studio tour 2026');
    expect(card.done_at).not.toBeNull();
  });
});
