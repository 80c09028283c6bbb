import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '@cutroom/domain/contract';
import type { YtStatus } from '@cutroom/domain';
import { createTestApp, listenLocal, type TestApp } from '../../test/test-app.js';
import { bearer, demoRole, insertCard, seedWithSessions, type DemoKey } from '../../test/helpers.js';
import type { Db } from '../../db/client.js';
import {
  apiTokens,
  captionCues,
  captionTracks,
  cardNotes,
  cardRatings,
  cardVideos,
  customerUploads,
  guestLinks,
  inboxMessages,
  inboxThreads,
  mediaAssets,
  revisionReasons,
  webhookDeliveries,
  webhooks,
  type cards,
} from '../../db/schema.js';
import { createSession } from '../../platform/auth.js';
import { documentedRoute } from '../../platform/openapi.js';

/**
 * Walks every route of the OpenAPI document as anonymous, as each role, and as a second customer on
 * the first customer's data, against the table below. A route missing from the table fails.
 */
type Caller = 'anonymous' | 'admin' | 'lead' | 'qa' | 'editor' | 'helperLead' | 'helper' | 'customer' | 'otherCustomer';
const CALLERS: Caller[] = [
  'anonymous',
  'admin',
  'lead',
  'qa',
  'editor',
  'helperLead',
  'helper',
  'customer',
  'otherCustomer',
];
type Expect = Record<Caller, number>;
const roleOf = (caller: Exclude<Caller, 'anonymous'>) => demoRole(caller === 'otherCustomer' ? 'customer2' : caller);

interface Fixture {
  /** The first customer's id: the data a second customer must not see. */
  customerId: number;
  editorId: number;
  /**
   * A fresh card of the first customer per call, with QA and editor assigned and no YouTube helper,
   * so helpers and the other customer must get 404 and everyone's call starts from the same state.
   */
  card(values?: Partial<typeof cards.$inferInsert>): Promise<number>;
  /** The key of a file the first customer uploaded. */
  fileKey: string;
  ids: Record<Exclude<Caller, 'anonymous'>, number>;
  /** A fresh card (as above) with one note in a chat, written by `author`. */
  note(author: Exclude<Caller, 'anonymous'>, chat: 'customer' | 'team' | 'yt'): Promise<{ id: number; noteId: number }>;
}
interface Case {
  name?: string;
  params?: (f: Fixture) => Record<string, string | number> | Promise<Record<string, string | number>>;
  body?: (f: Fixture, params: Record<string, string | number>) => object;
  /** Static, or built from the fixture (a customer's id in the query). */
  query?: Record<string, string> | ((f: Fixture) => Record<string, string>);
  /** A non-JSON body (multipart uploads). */
  raw?: () => { payload: Buffer; headers: Record<string, string> };
  /** An endless stream: called over real HTTP and dropped once the status arrives. */
  stream?: boolean;
  expect: Expect;
}

const all = (status: number): Expect => Object.fromEntries(CALLERS.map((c) => [c, status])) as Expect;
const signedIn = (status: number): Expect => ({ ...all(status), anonymous: 401 });
const only = (allowed: Caller[], status: number, otherwise = 403): Expect =>
  Object.fromEntries(
    CALLERS.map((c) => [c, c === 'anonymous' ? 401 : allowed.includes(c) ? status : otherwise]),
  ) as Expect;
const unique = () => `${randomBytes(5).toString('hex')}@example.com`;
function voiceNote() {
  const boundary = 'authzboundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="note.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), Buffer.from('ID3 test audio'), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
function captionFile() {
  const boundary = 'authzcaptions';
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const file = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.srt"\r\nContent-Type: application/x-subrip\r\n\r\n1\n00:00:00,000 --> 00:00:01,000\nHello\r\n`;
  return {
    payload: Buffer.from(field('video_version', '0') + field('language', 'en') + file + `--${boundary}--\r\n`),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
/** A caption track of one cue on a new card in Review (issue 53). */
async function captionOn(f: Fixture) {
  const id = await f.card({ cardStatus: 'done' });
  const [track] = await t.database.db
    .insert(captionTracks)
    .values({ cardId: id, videoVersion: 0, language: 'en', source: 'upload', status: 'ready', doneAt: new Date() })
    .returning();
  await t.database.db.insert(captionCues).values({ trackId: track!.id, n: 1, startMs: 0, endMs: 1000, text: 'Hello' });
  return { id, caption_id: track!.id };
}
const uniqueTitle = () => `Title ${randomBytes(5).toString('hex')}`;
/** Callers who see the first customer's card: the card's QA, editor, their lead, admin and the customer. */
const cardSeen = (status: number, overrides: Partial<Expect> = {}): Expect => ({
  anonymous: 401,
  admin: status,
  lead: status,
  qa: status,
  editor: status,
  customer: status,
  helperLead: 404,
  helper: 404,
  otherCustomer: 404,
  ...overrides,
});
const ownerOrAdmin = (status: number) => cardSeen(status, { lead: 403, qa: 403, editor: 403 });
const requestFields = {
  dropbox_link: 'https://www.dropbox.com/sh/raw?dl=0',
  youtube_aspect_ratio: '16:9',
  video_purpose: 'podcast',
};
/** A complete card with the helper, on the helper board in `status`, worked by `helperId`. */
const onHelperBoard = (status: YtStatus, helperId: number | null): Partial<typeof cards.$inferInsert> => ({
  cardStatus: 'completed_done',
  isComplete: true,
  hasYoutubeHelper: true,
  ytCardStatus: status,
  ytHelperId: helperId,
});
/** The first customer's card on the helper board, with the demo helper as its helper (or none: another's). */
const ytCard =
  (status: YtStatus, helper: 'demo' | 'none' = 'demo') =>
  async (f: Fixture) => ({ id: await f.card(onHelperBoard(status, helper === 'demo' ? f.ids.helper : null)) });
/** Who sees a helper card: those who see the card, the helper lead and the card's helper. */
const ytSeen = (status: number, overrides: Partial<Expect> = {}): Expect =>
  cardSeen(status, { helperLead: status, helper: status, ...overrides });
/** The same call on a card whose helper is not the demo helper: to them it does not exist (404). */
const othersYt = (params: Case['params'], body: Case['body'], expect: Expect): Case => ({
  name: "another helper's card",
  params,
  body,
  expect: { ...expect, helper: 404 },
});
/** A note by `author` in the helper chat of a card whose helper is not the demo helper. */
const othersYtNote = (author: Exclude<Caller, 'anonymous'>) => async (f: Fixture) => {
  const id = await f.card(onHelperBoard('inProgress', null));
  const [row] = await t.database.db
    .insert(cardNotes)
    .values({ cardId: id, chat: 'yt', note: 'A note', authorId: f.ids[author] })
    .returning();
  return { id, noteId: row!.id };
};
/** The helper description call (with and without its trailing slash): the card's viewers, not another helper. */
const ytDescriptionBody: Case['body'] = (_f, p) => ({
  data: { descriptions: '<p>New</p>' },
  specificConditions: { card_id: p.id },
});
const ytDescriptionCases: Case[] = [
  {
    params: ytCard('inProgress'),
    body: ytDescriptionBody,
    expect: ytSeen(403, { admin: 200, lead: 200, helperLead: 200, helper: 200 }),
  },
  othersYt(ytCard('inProgress', 'none'), ytDescriptionBody, ytSeen(403, { admin: 200, lead: 200, helperLead: 200 })),
];
const ytAssets = () => ({
  thumbnailLinkUrlArray: ['https://example.com/thumb-a.png', ''],
  snippetLink: 'https://example.com/snippet.mp4',
  unlistedLink: 'https://youtu.be/unlisted1',
  videoDescription: '<p>Chapters and links</p>',
});

const cardIn =
  (card_status: (typeof cards.$inferInsert)['cardStatus'], extra: Partial<typeof cards.$inferInsert> = {}) =>
  async (f: Fixture) => ({ id: await f.card({ cardStatus: card_status, ...extra }) });

/** A processed video delivered on the card: its scrub track is written from the row, so no file is needed. */
async function readyAsset(cardId: Promise<number>, cached: { frame?: number } = {}) {
  const [asset] = await t.database.db
    .insert(mediaAssets)
    .values({
      sourceKey: `media/1/${randomBytes(8).toString('hex')}-cut.mov`,
      status: 'ready',
      progress: 100,
      doneAt: new Date(),
      probe: {
        fpsNum: 25,
        fpsDen: 1,
        frameCount: 50,
        duration: 2,
        width: 320,
        height: 180,
        rotation: 0,
        videoCodec: 'prores',
        audioCodec: null,
        audioChannels: 0,
        interlaced: false,
      },
      outputs: {
        proxies: [],
        poster: 'derived/0/1/poster.jpg',
        sprites: ['derived/0/1/sprite-0.jpg'],
        thumb: { width: 160, height: 90, intervalS: 1, columns: 10, rows: 10, count: 2 },
        waveform: null,
      },
    })
    .returning({ id: mediaAssets.id });
  await t.database.db
    .insert(cardVideos)
    .values({ cardId: await cardId, kind: 'done', version: 0, videoUrl: 'https://example.com/x', assetId: asset!.id });
  if (cached.frame !== undefined) {
    // A frame grabbed before: the call reads it from storage.
    const dir = path.join(t.dataDir, 'files', 'derived', String(asset!.id), 'frames');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${cached.frame}.jpg`), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]));
  }
  return asset!.id;
}

// Support inbox: a fresh thread of the first customer with one message by `author`, per call.
async function supportThread(
  f: Fixture,
  status: 'ACTIVE' | 'RESOLVED' = 'ACTIVE',
  author: 'customer' | 'qa' = 'customer',
) {
  const [thread] = await t.database.db
    .insert(inboxThreads)
    .values({ customerId: f.customerId, title: 'Authz thread', status, createdBy: f.customerId })
    .returning({ id: inboxThreads.id });
  const [message] = await t.database.db
    .insert(inboxMessages)
    .values({ threadId: thread!.id, authorId: f.ids[author], body: '<p>Hello support</p>' })
    .returning({ id: inboxMessages.id });
  return { id: thread!.id, messageId: message!.id };
}
/** Inbox calls on the first customer's thread: support staff and the customer; another customer 404. */
const inboxSeen = (status: number, overrides: Partial<Expect> = {}): Expect => ({
  ...only(['admin', 'lead', 'qa', 'customer'], status),
  otherCustomer: 404,
  ...overrides,
});

/** Notifications: admin moves a fresh card of the first customer; its event id and the customer's notification. */
async function moveNotice(f: Fixture) {
  const id = await f.card({ cardStatus: 'editing' });
  const admin = bearer(await createSession(t.database.db, f.ids.admin, false, 'authz'));
  await t.app.inject({
    method: 'POST',
    url: `/api/card/${id}/move`,
    headers: admin,
    payload: { card_status: 'editing', newStatus: 'on_hold' },
  });
  const customer = bearer(await createSession(t.database.db, f.ids.customer, false, 'authz'));
  const latest = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: customer });
  const [notice] = latest.json<{ notifications: { id: number; notification_unique_id: string; card_id: number }[] }>()
    .notifications;
  if (notice?.card_id !== id) throw new Error('the move made no notification for the customer');
  return { eventId: notice.notification_unique_id, customerNotificationId: notice.id };
}

/** A fresh saved AI result of the first customer, per call (saved through the API, as the customer). */
async function savedAiItem(f: Fixture) {
  const headers = bearer(await createSession(t.database.db, f.ids.customer, false, 'authz'));
  const payload = { title: 'Authz idea', toolType: 'ideas', data: 'An idea' };
  const res = await t.app.inject({ method: 'POST', url: '/api/ai/save/toolbox-data', headers, payload });
  return { id: res.json<{ id: number }>().id };
}

const TABLE: Record<string, Case[]> = {
  'GET /healthz': [{ expect: all(200) }],
  'GET /readyz': [{ expect: all(200) }],
  'POST /api/signup': [
    {
      body: () => ({ firstname: 'A', lastname: 'B', email: unique(), password: 'long-enough-pass' }),
      expect: all(201),
    },
  ],
  'POST /api/verify-email-address': [{ body: () => ({ emailToken: 'not-a-real-token-at-all' }), expect: all(400) }],
  'POST /api/login': [{ body: () => ({ useremail: unique(), password: 'wrong-password' }), expect: all(401) }],
  'POST /api/logout': [{ expect: all(200) }],
  'GET /api/me': [{ expect: signedIn(200) }],
  'GET /api/getWebsiteUser': [{ expect: signedIn(200) }],
  'POST /api/user/password-reset': [{ body: () => ({ email: unique() }), expect: all(404) }],
  'POST /api/user/password-reset/confirm': [
    { body: () => ({ token: 'not-a-real-token-at-all', password: 'long-enough-pass' }), expect: all(400) },
  ],
  'PUT /api/change-password': [
    { name: 'own', body: () => ({ password: 'long-enough-pass' }), expect: signedIn(200) },
    {
      name: "the first customer's",
      body: (f) => ({ client_id: f.customerId, password: 'long-enough-pass' }),
      expect: { ...signedIn(404), admin: 200, customer: 200 },
    },
  ],
  'POST /api/user/profile': [{ body: () => ({ timezone: 'America/Chicago' }), expect: signedIn(200) }],
  'POST /api/user': [
    {
      body: () => ({
        firstname: 'N',
        lastname: 'U',
        email: unique(),
        password: 'long-enough-pass',
        customer_type: 'editor',
      }),
      expect: only(['admin'], 201),
    },
  ],
  'GET /api/user/{id}': [
    {
      name: "the first customer's",
      params: (f) => ({ id: f.customerId }),
      expect: { ...signedIn(200), editor: 404, otherCustomer: 404 },
    },
    {
      name: "the editor's",
      params: (f) => ({ id: f.editorId }),
      expect: { ...signedIn(404), admin: 200, lead: 200, editor: 200 },
    },
  ],
  'GET /api/users': [{ expect: only(['admin', 'lead', 'qa', 'helperLead'], 200) }],
  'GET /api/customers': [{ expect: only(['admin', 'lead', 'qa', 'helperLead', 'helper'], 200) }],
  'POST /api/card': [
    {
      body: (f) => ({ ...requestFields, card_title: uniqueTitle(), client_id: f.customerId }),
      expect: only(['admin', 'customer', 'otherCustomer'], 201),
    },
  ],
  'GET /api/card/{id}': [{ params: cardIn('editing'), expect: cardSeen(200) }],
  'GET /api/cardDetail/{id}': [{ params: cardIn('editing'), expect: cardSeen(200) }],
  'PUT /api/card/{id}': [
    {
      params: cardIn('video_request'),
      body: () => ({ ...requestFields, card_title: uniqueTitle() }),
      expect: ownerOrAdmin(200),
    },
  ],
  'PUT /api/card/{id}/updateCardDetail': [
    {
      params: cardIn('video_request'),
      body: () => ({ card_title: uniqueTitle() }),
      expect: cardSeen(403, { admin: 200 }),
    },
  ],
  'GET /api/cards/archive': [{ expect: signedIn(200) }],
  // Rating admin and Export Cards (rating/, export-cards/): the card lookup for staff who see the card.
  'POST /api/getCard': [
    {
      params: cardIn('editing'),
      body: (_f, p) => ({ card_id: p.id }),
      expect: cardSeen(200, { customer: 403, otherCustomer: 403 }),
    },
  ],
  'POST /api/rating/update': [
    {
      params: cardIn('completed_done', { isComplete: true }),
      body: (_f, p) => ({ cardId: p.id, cardType: 'done', rating: 4, ratingReason: 'Authz rating check' }),
      expect: only(['admin'], 200),
    },
  ],
  'POST /api/assignNewQA': [
    {
      name: "a rating credited to the lead, given to the card's QA",
      params: async (f) => {
        const id = await f.card({ cardStatus: 'completed_done', isComplete: true });
        await t.database.db
          .insert(cardRatings)
          .values({ cardId: id, cardType: 'done', rating: 3, ratedBy: f.customerId, assignedQaId: f.ids.lead });
        return { id };
      },
      body: (f, p) => ({ cardId: p.id, cardType: 'done', newQA: f.ids.qa, ratingReason: 'Authz QA check' }),
      expect: only(['admin'], 200),
    },
  ],
  'GET /api/rating/updated': [{ expect: only(['admin'], 200) }],
  'GET /api/rating/customer-rated': [{ expect: only(['admin'], 200) }],
  'GET /api/exportCards': [{ expect: only(['admin'], 200) }],
  'GET /api/exportCards/csv': [{ expect: only(['admin'], 200) }],
  'GET /api/dueCards': [
    { query: { date: '2027-01-05' }, expect: only(['admin', 'lead', 'qa', 'editor', 'helperLead'], 200) },
  ],
  'GET /api/get-cards-by-due-date': [
    { query: { dueDate: '2027-01-05' }, expect: only(['admin', 'lead', 'qa', 'editor', 'helperLead'], 200) },
  ],
  'GET /api/dueCards/export': [{ query: { date: '2027-01-05' }, expect: only(['admin'], 200) }],
  // Dashboards and profile figures (dashboard/): people and cards out of sight are 404.
  'GET /api/dashboard-data-V2': [{ expect: only(['admin', 'lead', 'qa', 'helperLead'], 200) }],
  'GET /api/art-dashboard-data': [{ expect: only(['admin', 'lead', 'qa', 'helperLead'], 200) }],
  'GET /api/client-dashboard-data': [
    { name: 'staff must name the customer', expect: { ...signedIn(400), customer: 200, otherCustomer: 200 } },
  ],
  'GET /api/user/{userId}/responseRateV2': [
    {
      params: (f) => ({ userId: f.ids.qa }),
      expect: { ...only(['admin', 'lead', 'qa'], 200), helperLead: 404, helper: 404 },
    },
  ],
  'GET /api/ythelper/user/{userId}/responseRate': [
    {
      params: (f) => ({ userId: f.ids.helper }),
      expect: { ...only(['admin', 'helperLead', 'helper'], 200), lead: 404, qa: 404 },
    },
  ],
  'GET /api/user/{userId}/csat': [
    {
      params: (f) => ({ userId: f.ids.qa }),
      expect: { ...only(['admin', 'lead', 'qa'], 200), helperLead: 404, helper: 404 },
    },
  ],
  'GET /api/card/{card_id}/exportComments': [
    {
      params: async (f) => ({ card_id: await f.card() }),
      expect: cardSeen(200, { customer: 403, otherCustomer: 403 }),
    },
  ],
  'GET /api/ythelper/card/{card_id}/exportComments': [
    {
      params: async (f) => ({ card_id: (await ytCard('inProgress')(f)).id }),
      expect: ytSeen(200, { customer: 403, otherCustomer: 403 }),
    },
  ],
  'GET /api/getCardsByTitle': [{ query: { title: 'demo' }, expect: signedIn(200) }],
  'POST /api/getCards': [{ body: () => ({}), expect: signedIn(200) }],
  'POST /api/getCardCounts': [{ body: () => ({}), expect: signedIn(200) }],
  'GET /api/requestAllowance': [{ expect: only(['admin', 'customer', 'otherCustomer'], 200) }],
  'POST /api/card/{id}/enableCardRepurpose': [
    {
      params: cardIn('done'),
      body: () => ({ repurpose_aspect: ['9:16'] }),
      expect: { ...only(['admin', 'customer'], 200), otherCustomer: 404 },
    },
  ],
  'POST /api/card/{id}/enableCardYtHelper': [
    {
      params: cardIn('editing'),
      body: () => ({}),
      expect: { ...only(['admin', 'customer'], 200), otherCustomer: 404 },
    },
  ],
  'POST /api/card/{id}/move': [
    {
      params: cardIn('editing'),
      body: () => ({ card_status: 'editing', newStatus: 'on_hold' }),
      expect: cardSeen(200),
    },
  ],
  'POST /api/card/{id}/timeline': [
    { params: cardIn('video_request'), body: () => ({ card_status: 'video_request' }), expect: cardSeen(200) },
  ],
  'POST /api/card/{id}/moveToQa': [
    {
      params: cardIn('editing'),
      body: () => ({ card_status: 'editing', done_video_link: 'https://example.com/draft.mp4' }),
      expect: cardSeen(200),
    },
  ],
  'POST /api/card/{id}/done': [
    {
      params: cardIn('qa'),
      body: () => ({ card_status: 'qa', done_link: 'https://example.com/final.mp4', content_id: 'SYNC-1' }),
      expect: cardSeen(200),
    },
  ],
  'POST /api/card/{id}/revision': [
    { params: cardIn('done'), body: () => ({ card_status: 'done' }), expect: cardSeen(200) },
  ],
  'POST /api/card/{id}/markComplete': [
    { params: cardIn('done'), body: () => ({ status: 1, cardSection: 'done' }), expect: ownerOrAdmin(200) },
  ],
  'POST /api/card/{id}/moveCardSub': [
    {
      params: cardIn('done', { hasRepurpose: true, repurposeAspect: '9:16' }),
      body: () => ({ status: 'repurpose_editing', from: 'done' }),
      expect: cardSeen(200, { qa: 403 }),
    },
  ],
  'POST /api/card/{id}/rate': [
    {
      params: cardIn('completed_done', { isComplete: true }),
      body: () => ({ rating: 5, card_type: 'done' }),
      expect: ownerOrAdmin(200),
    },
  ],
  'POST /api/cards/updateSort': [
    {
      params: cardIn('video_request'),
      body: (_f, p) => ({ cards: [{ card_id: p.id, sort: 3 }] }),
      expect: { ...only(['admin', 'customer'], 200), otherCustomer: 404 },
    },
  ],
  'POST /api/card/{id}/archive': [{ params: cardIn('done'), expect: ownerOrAdmin(200) }],
  'POST /api/card/{id}/unarchive': [
    { params: cardIn('done', { archivedAt: new Date() }), expect: only(['admin', 'lead'], 200) },
  ],
  'PUT /api/v2/card/{id}': [
    { params: cardIn('editing'), body: () => ({ paused: 1 }), expect: only(['admin', 'lead'], 200) },
  ],
  'GET /api/events': [{ stream: true, expect: signedIn(200) }],
  'POST /api/media': [{ raw: () => voiceNote(), expect: signedIn(201) }],
  'POST /api/user/uploadThumbnailFile': [
    {
      body: (f) => ({ ref_thumbnails_file: '', client_id: f.customerId }),
      expect: { ...signedIn(403), admin: 200, customer: 200, editor: 404, otherCustomer: 404 },
    },
  ],
  'POST /api/delete/media': [
    {
      name: "the first customer's voice note",
      body: (f) => ({ url: `/files/${f.fileKey}` }),
      expect: { ...signedIn(404), customer: 400 },
    },
  ],
  'GET /files/{path}': [{ params: (f) => ({ path: f.fileKey }), expect: signedIn(200) }],
  'GET /api/card/{id}/commentsV2': [{ params: cardIn('editing'), expect: cardSeen(200) }],
  'GET /api/card/{id}/comments': [{ params: cardIn('editing'), expect: cardSeen(200) }],
  'GET /api/card/{id}/team/commentsV2': [{ params: cardIn('editing'), expect: cardSeen(200, { customer: 404 }) }],
  'GET /api/card/{id}/markers': [
    { name: 'customer chat', params: cardIn('editing'), query: { format: 'edl' }, expect: cardSeen(200) },
    {
      name: 'team chat',
      params: cardIn('editing'),
      query: { format: 'fcpxml', chat: 'team' },
      expect: cardSeen(200, { customer: 404 }),
    },
  ],
  'GET /api/card/{id}/report.pdf': [
    { name: 'customer chat', params: cardIn('editing'), expect: cardSeen(200) },
    { name: 'team chat', params: cardIn('editing'), query: { chat: 'team' }, expect: cardSeen(200, { customer: 404 }) },
  ],
  'POST /api/card/{id}/comment': [
    { params: cardIn('editing'), body: () => ({ note: 'Looks great @Client' }), expect: cardSeen(201) },
  ],
  'POST /api/card/{id}/team/comment': [
    {
      params: cardIn('editing'),
      body: () => ({ note: 'Internal: check audio @Qa' }),
      expect: cardSeen(201, { customer: 404 }),
    },
  ],
  'POST /api/card/{id}/deleteComment': [
    {
      name: "the QA's note",
      params: (f) => f.note('qa', 'customer'),
      body: (_f, p) => ({ note_id: p.noteId }),
      expect: cardSeen(403, { admin: 200, qa: 200 }),
    },
  ],
  'POST /api/card/{id}/team/deleteComment': [
    {
      name: "the QA's note",
      params: (f) => f.note('qa', 'team'),
      body: (_f, p) => ({ note_id: p.noteId }),
      expect: cardSeen(403, { admin: 200, qa: 200, customer: 404 }),
    },
  ],
  'PUT /api/card/{id}/comment/{noteId}': [
    {
      name: "the customer's note",
      params: (f) => f.note('customer', 'customer'),
      body: () => ({ note: 'Edited' }),
      expect: cardSeen(403, { customer: 200 }),
    },
    {
      name: "the QA's note",
      params: (f) => f.note('qa', 'customer'),
      body: () => ({ note: 'Edited' }),
      expect: cardSeen(403, { admin: 200, qa: 200 }),
    },
  ],
  'POST /api/card/{id}/markCommentComplete': [
    {
      params: (f) => f.note('customer', 'customer'),
      body: (_f, p) => ({ note_id: p.noteId, status: 1 }),
      expect: cardSeen(200, { customer: 403 }),
    },
  ],
  'GET /api/card/{id}/checklist': [{ params: cardIn('editing'), expect: cardSeen(200) }],
  // Guest review links (issue 19): the card's side makes them; the guest calls answer only a live visit.
  'GET /api/card/{id}/guestLinks': [{ params: cardIn('done'), expect: cardSeen(200) }],
  'POST /api/card/{id}/guestLinks': [
    { params: cardIn('done'), body: () => ({ expires_in_days: 7 }), expect: cardSeen(201) },
  ],
  'POST /api/card/{id}/guestLinks/{linkId}/revoke': [
    {
      params: async (f) => {
        const id = await f.card({ cardStatus: 'done' });
        const [link] = await t.database.db
          .insert(guestLinks)
          .values({
            cardId: id,
            tokenHash: randomBytes(32).toString('hex'),
            createdBy: f.ids.customer,
            expiresAt: new Date(Date.now() + 86_400_000),
          })
          .returning();
        return { id, linkId: link!.id };
      },
      expect: cardSeen(200),
    },
  ],
  'POST /api/guest/open': [
    { body: () => ({ token: randomBytes(32).toString('base64url'), name: 'Ana' }), expect: all(404) },
  ],
  'GET /api/guest/review': [{ expect: all(401) }],
  'POST /api/guest/comment': [{ body: () => ({ note: 'A guess' }), expect: all(401) }],
  'POST /api/guest/decision': [{ body: () => ({ video_version: 0, decision: 'approved' }), expect: all(401) }],
  // Approval rounds (issue 52): only the card's customer decides (here on a card with nothing delivered yet).
  'POST /api/card/{id}/decision': [
    {
      params: cardIn('done'),
      body: () => ({ video_version: 0, decision: 'approved' }),
      expect: cardSeen(403, { customer: 400 }),
    },
  ],
  'POST /api/guest/watched': [{ body: () => ({ video_version: 0, ranges: [[0, 5]] }), expect: all(401) }],
  // Any who see the card report what they played; a card with nothing delivered has no version 0.
  'POST /api/card/{id}/watched': [
    { params: cardIn('done'), body: () => ({ video_version: 0, ranges: [[0, 5]] }), expect: cardSeen(400) },
  ],
  'PUT /api/card/{id}/approval': [{ params: cardIn('done'), body: () => ({ rule: 'all' }), expect: cardSeen(200) }],
  // Download control: whoever sees the card asks for a version's original (nothing delivered here: 400).
  'GET /api/card/{id}/download': [{ params: cardIn('done'), query: { video_version: '0' }, expect: cardSeen(400) }],
  'GET /api/guest/download': [{ query: { video_version: '0' }, expect: all(401) }],
  // Caption tracks (issue 53): whoever sees the card reads, adds, edits and removes; nothing delivered here: 400.
  'GET /api/card/{id}/captions': [{ params: cardIn('done'), expect: cardSeen(200) }],
  'POST /api/card/{id}/captions': [{ params: cardIn('done'), raw: captionFile, expect: cardSeen(400) }],
  'GET /api/card/{id}/captions/search': [{ params: cardIn('done'), query: { q: 'hello' }, expect: cardSeen(200) }],
  'GET /api/card/{id}/captions/{caption_id}/vtt': [{ params: captionOn, expect: cardSeen(200) }],
  'GET /api/card/{id}/captions/{caption_id}/srt': [{ params: captionOn, expect: cardSeen(200) }],
  'PUT /api/card/{id}/captions/{caption_id}/cues/{n}': [
    {
      params: async (f) => ({ ...(await captionOn(f)), n: 1 }),
      body: () => ({ text: 'Edited', start: 0, end: 1 }),
      expect: cardSeen(200),
    },
  ],
  'DELETE /api/card/{id}/captions/{caption_id}': [{ params: captionOn, expect: cardSeen(200) }],
  'GET /api/guest/captions': [{ expect: all(401) }],
  'GET /api/guest/captions/{caption_id}/vtt': [{ params: () => ({ caption_id: 1 }), expect: all(401) }],
  'GET /api/guest/captions/{caption_id}/srt': [{ params: () => ({ caption_id: 1 }), expect: all(401) }],
  'GET /api/card/{id}/watched': [{ params: cardIn('done'), query: { video_version: '0' }, expect: cardSeen(200) }],
  'GET /api/guest/watched': [{ query: { video_version: '0' }, expect: all(401) }],
  // Coverage strips are staff's; the customer is refused before the card is looked at.
  'GET /api/card/{id}/coverage': [
    {
      params: cardIn('done'),
      query: { video_version: '0' },
      expect: cardSeen(200, { customer: 403, otherCustomer: 403 }),
    },
  ],
  // The signature is the right to read: a made-up one reads nothing, whoever asks.
  'GET /api/download': [
    {
      query: { key: 'media/1/cut.mp4', name: 'cut.mp4', type: 'video/mp4', expires: '9999999999', sig: 'made-up' },
      expect: all(404),
    },
  ],
  'POST /api/guest/leave': [{ expect: all(200) }],
  'GET /api/guest/files/{path}': [{ params: (f) => ({ path: f.fileKey }), expect: all(401) }],
  // A watermarked link's copy (issue 52): nobody signed in reaches it, only the link's own visit.
  'GET /api/guest/copies/{copy_id}': [{ params: () => ({ copy_id: 1 }), expect: all(401) }],
  'GET /api/media/assets/{asset_id}/{file}': [
    {
      params: async (f) => ({ asset_id: await readyAsset(f.card({ cardStatus: 'qa' })), file: 'thumbnails.vtt' }),
      expect: cardSeen(200),
    },
  ],
  'GET /api/media/assets/{asset_id}/frame': [
    {
      params: async (f) => ({ asset_id: await readyAsset(f.card({ cardStatus: 'qa' }), { frame: 0 }) }),
      query: { t: '0' },
      expect: cardSeen(200),
    },
  ],
  'GET /api/guest/media/assets/{asset_id}/frame': [
    {
      params: async (f) => ({ asset_id: await readyAsset(f.card({ cardStatus: 'done' }), { frame: 0 }) }),
      query: { t: '0' },
      expect: all(401),
    },
  ],
  'GET /api/guest/media/assets/{asset_id}/{file}': [
    {
      params: async (f) => ({ asset_id: await readyAsset(f.card({ cardStatus: 'done' })), file: 'thumbnails.vtt' }),
      expect: all(401),
    },
  ],
  'POST /api/card/{id}/wontFix': [
    {
      params: (f) => f.note('customer', 'customer'),
      body: (_f, p) => ({ note_id: p.noteId, wont_fix: true, reason: 'Out of scope for this cut' }),
      expect: cardSeen(200, { customer: 403 }),
    },
  ],
  'POST /api/card/{id}/noteReaction': [
    {
      params: (f) => f.note('customer', 'customer'),
      body: (_f, p) => ({ note_id: p.noteId, status: 1 }),
      expect: cardSeen(403, { customer: 200 }),
    },
  ],
  'POST /api/ythelper/cards': [{ body: () => ({}), expect: signedIn(200) }],
  'POST /api/ythelper/card/{id}/move': [
    {
      params: ytCard('assigned'),
      body: () => ({ source: 'assigned', target: 'inProgress' }),
      expect: ytSeen(403, { admin: 200, helperLead: 200, helper: 200 }),
    },
    {
      name: "another helper's card",
      params: ytCard('assigned', 'none'),
      body: () => ({ source: 'assigned', target: 'inProgress' }),
      expect: ytSeen(403, { admin: 200, helperLead: 200, helper: 404 }),
    },
  ],
  'POST /api/ythelper/card/{id}/internalMove': [
    {
      params: ytCard('assigned'),
      body: () => ({ source: 'assigned', target: 'cancelled' }),
      expect: ytSeen(403, { admin: 200, helperLead: 200 }),
    },
    othersYt(
      ytCard('assigned', 'none'),
      () => ({ source: 'assigned', target: 'cancelled' }),
      ytSeen(403, { admin: 200, helperLead: 200 }),
    ),
  ],
  'POST /api/ythelper/card/{id}/done': [
    {
      params: ytCard('inProgress'),
      body: () => ({ source: 'inProgress', ...ytAssets() }),
      expect: ytSeen(403, { admin: 200, helperLead: 200, helper: 200 }),
    },
    othersYt(
      ytCard('inProgress', 'none'),
      () => ({ source: 'inProgress', ...ytAssets() }),
      ytSeen(403, { admin: 200, helperLead: 200 }),
    ),
  ],
  'POST /api/ythelper/card/{id}/doneSkip': [
    {
      params: ytCard('ytQA'),
      body: () => ({ source: 'ytQA', skip: true }),
      expect: ytSeen(403, { admin: 200, helperLead: 200 }),
    },
    othersYt(
      ytCard('ytQA', 'none'),
      () => ({ source: 'ytQA', skip: true }),
      ytSeen(403, { admin: 200, helperLead: 200 }),
    ),
  ],
  'POST /api/ythelper/card/{id}/markComplete': [
    {
      params: ytCard('inDone'),
      body: () => ({ status: 1, cardSection: 'ytHelper' }),
      expect: ytSeen(403, { admin: 200, helperLead: 200, helper: 200 }),
    },
    othersYt(
      ytCard('inDone', 'none'),
      () => ({ status: 1, cardSection: 'ytHelper' }),
      ytSeen(403, { admin: 200, helperLead: 200 }),
    ),
  ],
  'POST /api/ythelper/card/{id}/revision': [
    {
      params: ytCard('inDone'),
      body: () => ({ card_status: 'inDone' }),
      expect: ytSeen(403, { admin: 200, helperLead: 200, helper: 200 }),
    },
    othersYt(ytCard('inDone', 'none'), () => ({ card_status: 'inDone' }), ytSeen(403, { admin: 200, helperLead: 200 })),
  ],
  'POST /api/ythelper/card/assign': [
    {
      params: ytCard('assigned'),
      body: (f, p) => ({ card_id: p.id, assign_to: f.ids.helper }),
      expect: only(['admin', 'helperLead'], 200),
    },
  ],
  'POST /api/ythelper/card/updateDueDate': [
    {
      params: ytCard('inProgress'),
      body: (_f, p) => ({ card_id: p.id, due_date: '2027-01-10T17:00:00.000Z' }),
      expect: only(['admin', 'helperLead'], 200),
    },
  ],
  'POST /api/generic/update/vc_ythelper_card/': ytDescriptionCases,
  // The same call without the trailing slash.
  'POST /api/generic/update/vc_ythelper_card': ytDescriptionCases,
  'GET /api/ythelper/card/{id}/commentsV2': [
    { params: ytCard('inProgress'), expect: ytSeen(200) },
    othersYt(ytCard('inProgress', 'none'), undefined, ytSeen(200)),
  ],
  'POST /api/ythelper/card/{id}/comment': [
    { params: ytCard('inProgress'), body: () => ({ note: 'Thumbnail idea @YTHelper' }), expect: ytSeen(201) },
    othersYt(ytCard('inProgress', 'none'), () => ({ note: 'Thumbnail idea @YTHelper' }), ytSeen(201)),
  ],
  'POST /api/ythelper/card/{id}/deleteComment': [
    {
      name: "the QA's note",
      params: (f) => f.note('qa', 'yt'),
      body: (_f, p) => ({ note_id: p.noteId }),
      expect: ytSeen(403, { admin: 200, qa: 200 }),
    },
    othersYt(othersYtNote('qa'), (_f, p) => ({ note_id: p.noteId }), ytSeen(403, { admin: 200, qa: 200 })),
  ],
  'POST /api/ythelper/card/{id}/markCommentComplete': [
    {
      params: (f) => f.note('customer', 'yt'),
      body: (_f, p) => ({ note_id: p.noteId, status: 1 }),
      expect: ytSeen(200, { customer: 403 }),
    },
    othersYt(othersYtNote('customer'), (_f, p) => ({ note_id: p.noteId, status: 1 }), ytSeen(200, { customer: 403 })),
  ],
  'POST /api/ythelper/card/{id}/noteReaction': [
    {
      params: (f) => f.note('customer', 'yt'),
      body: (_f, p) => ({ note_id: p.noteId, status: 1 }),
      expect: ytSeen(403, { customer: 200 }),
    },
    othersYt(othersYtNote('customer'), (_f, p) => ({ note_id: p.noteId, status: 1 }), ytSeen(403, { customer: 200 })),
  ],
  'POST /api/card/assign': [
    {
      params: cardIn('editing'),
      body: (f, p) => ({ card_id: p.id, assign_to: f.editorId }),
      expect: only(['admin', 'lead'], 200),
    },
  ],
  'POST /api/card/updateDueDate': [
    {
      params: cardIn('editing'),
      body: (_f, p) => ({ card_id: p.id, due_date: '2030-01-02T15:00:00Z' }),
      expect: cardSeen(200, { customer: 403 }),
    },
  ],
  'POST /api/card/changeDoneVideo': [
    {
      params: cardIn('done'),
      body: (_f, p) => ({ card_id: p.id, done_video_link: 'https://example.com/fixed.mp4' }),
      expect: cardSeen(200, { customer: 403 }),
    },
  ],
  'POST /api/card/changeContentId': [
    {
      params: cardIn('done'),
      body: (_f, p) => ({ card_id: p.id, contentId: 'SYNC-1, SYNC-2' }),
      expect: cardSeen(200, { customer: 403 }),
    },
  ],
  'POST /api/card/{id}/srtFile': [
    {
      params: cardIn('done'),
      body: () => ({ srt_file: 'https://example.com/captions.srt' }),
      expect: cardSeen(403, { admin: 200, qa: 200 }),
    },
  ],
  'GET /api/add-card-event/{id}': [{ params: cardIn('editing'), query: { type: 'card_open' }, expect: cardSeen(200) }],
  'GET /api/card-activity/{id}': [
    { params: cardIn('editing'), expect: cardSeen(200, { customer: 403, otherCustomer: 403 }) },
  ],
  // ---- settings and leave (issue 12)
  'POST /api/portal/save-holiday': [
    {
      body: (() => {
        let day = 0;
        return () => ({
          holiday_title: 'Authz holiday',
          holiday_date: new Date(Date.UTC(2090, 0, 1) + day++ * 86_400_000).toISOString().slice(0, 10),
        });
      })(),
      expect: only(['admin'], 201),
    },
  ],
  'GET /api/portal/get-holidays': [{ expect: only(['admin'], 200) }],
  'POST /api/portal/update-holiday': [
    {
      params: (() => {
        let day = 0;
        return async () => {
          const made = await t.app.inject({
            method: 'POST',
            url: '/api/portal/save-holiday',
            headers: bearer(await createSession(t.database.db, userIds.admin, false, 'authz')),
            payload: {
              holiday_title: 'Authz edit',
              holiday_date: new Date(Date.UTC(2091, 0, 1) + day++ * 86_400_000).toISOString().slice(0, 10),
            },
          });
          return { hid: made.json<{ id: number }>().id };
        };
      })(),
      body: (_f, p) => ({ id: p.hid, holiday_status: false }),
      expect: only(['admin'], 200),
    },
  ],
  'GET /api/portal/settings/V2': [{ expect: signedIn(200) }],
  'GET /api/portal/announcement/active': [{ expect: signedIn(200) }],
  'PUT /api/portal/settings/V2': [
    {
      body: () => ({ banner_heading: 'Authz', banner_text: 'Text', startDate: '2090-01-01', endDate: '2090-01-02' }),
      expect: only(['admin'], 201),
    },
  ],
  'POST /api/portal/update-settings/V2/{id}': [
    {
      params: async () => {
        const made = await t.app.inject({
          method: 'PUT',
          url: '/api/portal/settings/V2',
          headers: bearer(await createSession(t.database.db, userIds.admin, false, 'authz')),
          payload: { banner_heading: 'Authz', banner_text: 'Text', startDate: '2090-01-01', endDate: '2090-01-02' },
        });
        return { id: made.json<{ id: number }>().id };
      },
      body: () => ({ enable_banner: 1 }),
      expect: only(['admin'], 200),
    },
  ],
  'DELETE /api/portal/settings/V2/{id}/deleteAnnouncment': [
    {
      params: async () => {
        const made = await t.app.inject({
          method: 'PUT',
          url: '/api/portal/settings/V2',
          headers: bearer(await createSession(t.database.db, userIds.admin, false, 'authz')),
          payload: { banner_heading: 'Authz', banner_text: 'Text', startDate: '2090-01-01', endDate: '2090-01-02' },
        });
        return { id: made.json<{ id: number }>().id };
      },
      expect: only(['admin'], 200),
    },
  ],
  'POST /api/user/{id}/update-leave': [
    {
      name: "the QA's",
      params: (f) => ({ id: f.ids.qa }),
      body: () => ({ start: '2090-03-01', end: '2090-03-02', reason: 'Authz leave' }),
      expect: only(['admin'], 201),
    },
  ],
  'GET /api/user/{id}/leave-history': [
    {
      name: "the QA's",
      params: (f) => ({ id: f.ids.qa }),
      expect: { ...signedIn(404), admin: 200, lead: 200, qa: 200 },
    },
  ],
  'DELETE /api/leave/{leaveId}/delete-leave': [
    {
      params: async (f) => {
        const made = await t.app.inject({
          method: 'POST',
          url: `/api/user/${f.ids.qa}/update-leave`,
          headers: bearer(await createSession(t.database.db, userIds.admin, false, 'authz')),
          payload: { start: '2090-04-01', end: '2090-04-02', reason: 'Authz leave' },
        });
        return { leaveId: made.json<{ leave_id: number }>().leave_id };
      },
      expect: only(['admin'], 200),
    },
  ],
  // ---- user administration (issue 12)
  'PUT /api/user/{id}': [
    {
      name: "the first customer's team notes",
      params: (f) => ({ id: f.customerId }),
      body: () => ({ team_notes: 'Authz note' }),
      expect: { ...signedIn(403), admin: 200, lead: 200, editor: 404, otherCustomer: 404 },
    },
    {
      name: "the first customer's helper plan",
      params: (f) => ({ id: f.customerId }),
      body: () => ({ has_youtube_helper: true }),
      expect: { ...signedIn(403), admin: 200, helperLead: 200, editor: 404, otherCustomer: 404 },
    },
    {
      name: "the first customer's plan",
      params: (f) => ({ id: f.customerId }),
      body: () => ({ subscription_type: 'weekly' }),
      expect: { ...signedIn(403), admin: 200, editor: 404, otherCustomer: 404 },
    },
  ],
  'DELETE /api/user/{id}': [
    {
      name: 'a fresh customer',
      params: async (f) => {
        const made = await t.app.inject({
          method: 'POST',
          url: '/api/user',
          headers: bearer(await createSession(t.database.db, userIds.admin, false, 'authz')),
          payload: {
            firstname: 'D',
            lastname: 'U',
            email: unique(),
            password: 'long-enough-pass',
            customer_type: 'customer',
            assign_qa: [f.ids.qa],
          },
        });
        return { id: made.json<{ client_id: number }>().client_id };
      },
      expect: only(['admin'], 200),
    },
  ],
  'POST /api/user/{id}/toggleUserSubscription': [
    {
      name: 'a fresh customer',
      params: async (f) => {
        const made = await t.app.inject({
          method: 'POST',
          url: '/api/user',
          headers: bearer(await createSession(t.database.db, userIds.admin, false, 'authz')),
          payload: {
            firstname: 'T',
            lastname: 'U',
            email: unique(),
            password: 'long-enough-pass',
            customer_type: 'customer',
            assign_qa: [f.ids.qa],
          },
        });
        return { id: made.json<{ client_id: number }>().client_id };
      },
      expect: only(['admin'], 200),
    },
  ],
  'POST /api/user/{id}/renewSubscription': [
    { name: "the first customer's", params: (f) => ({ id: f.customerId }), expect: only(['admin'], 200) },
  ],
  'GET /api/user/{id}/average-rating': [
    {
      name: "the first customer's",
      params: (f) => ({ id: f.customerId }),
      expect: { ...signedIn(200), editor: 404, otherCustomer: 404 },
    },
  ],
  'GET /api/user/{id}/customers': [
    {
      name: "the QA's",
      params: (f) => ({ id: f.ids.qa }),
      expect: { ...only(['admin', 'lead', 'qa'], 200), helperLead: 404, helper: 404 },
    },
  ],
  'POST /api/customers-cards-count': [
    { body: () => ({ customerType: 'weekly' }), expect: only(['admin', 'lead', 'qa', 'helperLead', 'helper'], 200) },
  ],
  'GET /api/exportCustomers': [{ query: { referral: 'Google' }, expect: only(['admin'], 200) }],
  // Notifications: everyone signed in reads, marks and deletes their own; another's is 404.
  'GET /api/notifications': [{ expect: signedIn(200) }],
  'GET /api/notifications/getCount': [{ expect: signedIn(200) }],
  'GET /api/notificationsV2': [
    { query: { group: 'today', notification_type: 'card_movement' }, expect: signedIn(200) },
  ],
  'POST /api/notifications/read': [
    { name: 'all own', body: () => ({}), expect: signedIn(200) },
    {
      name: "the first customer's",
      params: async (f) => ({ id: (await moveNotice(f)).customerNotificationId }),
      body: (_, p) => ({ resultIds: [p.id] }),
      expect: { ...signedIn(404), customer: 200 },
    },
  ],
  'DELETE /api/delete-notifications/3': [{ expect: signedIn(200) }],
  'GET /api/notifications/read-history/{uniqueId}': [
    {
      name: 'a move by admin of the first customer card',
      params: async (f) => ({ uniqueId: (await moveNotice(f)).eventId }),
      expect: { ...cardSeen(200), admin: 404 },
    },
  ],
  'GET /api/notifications/types': [{ expect: signedIn(200) }],
  // Support inbox
  'POST /api/inbox/create': [
    {
      name: "for the first customer (a customer's own id)",
      body: (f) => ({ title: 'Authz', latestMessage: '<p>Hi</p>', messageFor: f.customerId }),
      expect: inboxSeen(201),
    },
  ],
  'GET /api/inbox/list/{status}': [
    { params: () => ({ status: 'ACTIVE' }), expect: only(['admin', 'lead', 'qa', 'customer', 'otherCustomer'], 200) },
  ],
  'GET /api/inbox/chat/{id}': [{ params: (f) => supportThread(f), expect: inboxSeen(200) }],
  'POST /api/inbox/chat/send': [
    { params: (f) => supportThread(f), body: (_, p) => ({ chat_id: p.id, note: 'Reply' }), expect: inboxSeen(201) },
    {
      name: 'a resolved thread',
      params: (f) => supportThread(f, 'RESOLVED'),
      body: (_, p) => ({ chat_id: p.id, note: 'Reply' }),
      expect: inboxSeen(403),
    },
  ],
  'PUT /api/inbox/chat/editChat': [
    {
      name: "the customer's message",
      params: (f) => supportThread(f),
      body: (_, p) => ({ chatId: p.id, id: p.messageId, note: 'Edited' }),
      expect: inboxSeen(403, { customer: 200 }),
    },
    {
      name: "the QA's message",
      params: (f) => supportThread(f, 'ACTIVE', 'qa'),
      body: (_, p) => ({ chatId: p.id, id: p.messageId, note: 'Edited' }),
      expect: inboxSeen(403, { qa: 200, admin: 200 }),
    },
  ],
  'POST /api/inbox/chat/deleteChat': [
    {
      name: "the customer's message",
      params: (f) => supportThread(f),
      body: (_, p) => ({ chat_id: p.id, id: p.messageId }),
      expect: inboxSeen(403, { customer: 200 }),
    },
    {
      name: "the QA's message",
      params: (f) => supportThread(f, 'ACTIVE', 'qa'),
      body: (_, p) => ({ chat_id: p.id, id: p.messageId }),
      expect: inboxSeen(403, { qa: 200, admin: 200 }),
    },
  ],
  'PUT /api/inbox/handleStatus': [
    {
      name: 'resolve',
      params: (f) => supportThread(f),
      body: (_, p) => ({ id: p.id, status: 'RESOLVED' }),
      expect: inboxSeen(200, { customer: 403 }),
    },
    {
      name: 're-open with a message',
      params: (f) => supportThread(f, 'RESOLVED'),
      body: (_, p) => ({ id: p.id, status: 'ACTIVE', latestMessage: 'Again' }),
      expect: inboxSeen(403, { customer: 200 }),
    },
  ],
  'POST /api/inbox/seenMessages': [
    { params: (f) => supportThread(f), body: (_, p) => ({ chat_id: p.id }), expect: inboxSeen(200) },
  ],
  'POST /api/inbox/seenLatestMessage': [
    { params: (f) => supportThread(f), body: (_, p) => ({ id: p.id, seen: 1 }), expect: inboxSeen(200) },
  ],
  'GET /api/inbox/unseen': [{ expect: only(['admin', 'lead', 'qa', 'customer', 'otherCustomer'], 200) }],
  // ---- uploads (issue 16)
  'GET /api/uploads/folders': [{ expect: signedIn(200) }],
  // Folders: admin all, staff the customers they may open (the editor: those of their cards), a customer their own.
  'POST /api/uploads': [
    {
      body: (f) => ({ customer_id: f.customerId, file_name: 'a.png', size: 10, content_type: 'image/png' }),
      expect: { ...signedIn(201), otherCustomer: 404 },
    },
    {
      name: 'a type not allowed',
      body: (f) => ({ customer_id: f.customerId, file_name: 'a.html', size: 10, content_type: 'text/html' }),
      expect: { ...signedIn(400), otherCustomer: 404 },
    },
  ],
  'POST /api/uploads/{id}/part-urls': [
    {
      params: (f) => customerUpload(f, 'pending'),
      body: () => ({ part_numbers: [1] }),
      expect: { ...signedIn(200), otherCustomer: 404 },
    },
  ],
  'PUT /api/uploads/{id}/parts/{n}': [
    {
      name: 'a forged part URL',
      params: async (f) => ({ ...(await customerUpload(f, 'pending')), n: 1 }),
      query: { expires: '9999999999', sig: 'forged' },
      expect: { ...signedIn(403), otherCustomer: 404 },
    },
  ],
  'GET /api/uploads/{id}/parts': [
    { params: (f) => customerUpload(f, 'pending'), expect: { ...signedIn(200), otherCustomer: 404 } },
  ],
  'POST /api/uploads/{id}/complete': [
    {
      name: 'a part never sent',
      params: (f) => customerUpload(f, 'pending'),
      body: () => ({ parts: [{ part_number: 1, etag: 'x' }] }),
      expect: { ...signedIn(400), otherCustomer: 404 },
    },
  ],
  'DELETE /api/uploads/{id}': [
    { params: (f) => customerUpload(f, 'pending'), expect: { ...signedIn(200), otherCustomer: 404 } },
  ],
  'GET /api/uploads': [
    {
      name: "the first customer's folder",
      get query() {
        return { customer_id: String(fixture.customerId) };
      },
      expect: { ...signedIn(200), otherCustomer: 404 },
    },
    {
      name: 'no folder named: a customer gets their own',
      expect: { ...signedIn(400), customer: 200, otherCustomer: 200 },
    },
  ],
  'GET /api/uploads/{id}/download': [
    { params: (f) => customerUpload(f, 'complete'), expect: { ...signedIn(200), otherCustomer: 404 } },
  ],
  'GET /api/uploads/{id}/file': [
    {
      name: 'a forged link',
      params: (f) => customerUpload(f, 'complete'),
      query: { expires: '9999999999', sig: 'x' },
      expect: all(404),
    },
  ],

  // ---- AI toolbox (issue 16)
  'GET /api/ai/status': [{ expect: only(['admin', 'customer', 'otherCustomer'], 200) }],
  // This app has no AI endpoint: whoever gets past the checks hears 409 AI_NOT_CONFIGURED (ai-generate.test.ts streams).
  'GET /api/ai/toolbox-response': [
    { query: { title: 'Coffee', toolType: 'ideas' }, expect: only(['admin', 'customer', 'otherCustomer'], 409) },
  ],
  'POST /api/ai/save/toolbox-data': [
    {
      body: () => ({ title: 'Authz idea', toolType: 'ideas', data: 'An idea' }),
      expect: only(['admin', 'customer', 'otherCustomer'], 201),
    },
  ],
  'GET /api/ai/get-saved-data': [{ expect: only(['admin', 'customer', 'otherCustomer'], 200) }],
  'POST /api/ai/update-saved-data/{id}': [
    {
      name: "the first customer's item",
      params: (f) => savedAiItem(f),
      body: (_, p) => ({ id: p.id, data: 'Edited' }),
      expect: { ...only(['admin', 'customer', 'otherCustomer'], 404), customer: 200 },
    },
  ],
  'DELETE /api/ai/delete-saved-data/{id}': [
    {
      name: "the first customer's item",
      params: (f) => savedAiItem(f),
      expect: { ...only(['admin', 'customer', 'otherCustomer'], 404), customer: 200 },
    },
  ],

  // ---- YouTube analytics (issue 16)
  // This app has no Google credentials: whoever gets past the checks hears 409 ANALYTICS_NOT_CONFIGURED
  // (analytics.test.ts runs the connected paths against the loopback fake).
  'GET /api/yt-analytics/status': [
    {
      name: "the first customer's",
      query: (f) => ({ clientId: String(f.customerId) }),
      expect: { ...signedIn(200), editor: 404, otherCustomer: 404 },
    },
    { name: 'own (no clientId)', expect: only(['customer', 'otherCustomer'], 200, 400) },
  ],
  'GET /api/getYTAnalytics/{period}': [
    {
      name: "the first customer's",
      params: () => ({ period: '7days' }),
      query: (f) => ({ clientId: String(f.customerId) }),
      expect: { ...signedIn(409), editor: 404, otherCustomer: 404 },
    },
    { name: 'a period not offered', params: () => ({ period: '12months' }), expect: signedIn(400) },
  ],
  'GET /api/google-auth-url': [{ expect: only(['customer', 'otherCustomer'], 409) }],
  'POST /api/google-access-token': [
    { body: () => ({ code: '4/code', state: 'state' }), expect: only(['customer', 'otherCustomer'], 409) },
  ],
  'DELETE /api/delete-tokens': [{ expect: only(['customer', 'otherCustomer'], 200) }],

  // ---- help and handbook (issue 16)
  'GET /api/help': [{ expect: signedIn(200) }],
  'PUT /api/help': [{ body: () => ({ videos: [], faqs: [] }), expect: only(['admin'], 200) }],
  'GET /api/client-handbook': [{ expect: signedIn(200) }],
  'PUT /api/client-handbook': [{ body: () => ({ body: '<p>Authz handbook</p>' }), expect: only(['admin'], 200) }],

  // ---- revision reasons and first-pass approval (issue 20)
  'GET /api/revisionReasons': [{ expect: signedIn(200) }],
  'GET /api/revisionReasons/all': [{ expect: only(['admin'], 200) }],
  'POST /api/revisionReasons': [
    { body: () => ({ label: `Authz ${randomBytes(4).toString('hex')}` }), expect: only(['admin'], 201) },
  ],
  'PUT /api/revisionReasons/{key}': [
    { params: () => ({ key: 'other' }), body: () => ({ active: true }), expect: only(['admin'], 200) },
    {
      name: 'a key not in the list',
      params: () => ({ key: 'no_such_reason' }),
      body: () => ({ active: true }),
      expect: only(['admin'], 404),
    },
  ],
  'POST /api/revisionReasons/reorder': [
    {
      // The whole list as it is now, carried through params to the body (the order must name every key).
      params: async () => ({
        order: (await t.database.db.select({ key: revisionReasons.key }).from(revisionReasons))
          .map((r) => r.key)
          .join(','),
      }),
      body: (_, p) => ({ keys: String(p.order).split(',') }),
      expect: only(['admin'], 200),
    },
  ],
  'GET /api/dashboard/first-pass': [{ expect: only(['admin', 'lead'], 200) }],
  // API tokens and webhooks (issue 20): the admin's alone.
  'GET /api/admin/apiTokens': [{ expect: only(['admin'], 200) }],
  'POST /api/admin/apiTokens': [
    { body: () => ({ name: 'Authz token', scopes: ['cards:read'] }), expect: only(['admin'], 201) },
  ],
  'POST /api/admin/apiTokens/{id}/revoke': [{ params: apiTokenRow, expect: only(['admin'], 200) }],
  'GET /api/admin/webhooks': [{ expect: only(['admin'], 200) }],
  'POST /api/admin/webhooks': [{ body: () => ({ ...webhookFields }), expect: only(['admin'], 201) }],
  'PUT /api/admin/webhooks/{id}': [
    { params: webhookRow, body: () => ({ active: false }), expect: only(['admin'], 200) },
  ],
  'DELETE /api/admin/webhooks/{id}': [{ params: webhookRow, expect: only(['admin'], 200) }],
  'POST /api/admin/webhooks/{id}/rotateSecret': [{ params: webhookRow, expect: only(['admin'], 200) }],
  'GET /api/admin/webhooks/{id}/deliveries': [{ params: webhookRow, expect: only(['admin'], 200) }],
  'POST /api/admin/webhookDeliveries/{id}/replay': [{ params: deliveryRow, expect: only(['admin'], 201) }],
  // Promise dates (promises.routes.ts): a customer previews their own queue, whatever client_id says.
  'GET /api/request/promise': [
    { query: (f) => ({ client_id: String(f.customerId) }), expect: only(['admin', 'customer', 'otherCustomer'], 200) },
    { name: 'admin must name the customer', expect: { ...only(['customer', 'otherCustomer'], 200), admin: 400 } },
  ],
  'GET /api/dashboard/promise-hit-rate': [{ expect: signedIn(200) }],
};

/** An inactive webhook to a public address: nothing the other tests do is sent anywhere. */
const webhookFields = { url: 'https://hooks.example.com/authz', events: ['card.created'], active: false };
async function webhookRow() {
  const [row] = await t.database.db
    .insert(webhooks)
    .values({ ...webhookFields, events: ['card.created'], secret: randomBytes(16).toString('hex') })
    .returning();
  return { id: row!.id };
}
async function deliveryRow() {
  const { id: webhookId } = await webhookRow();
  const [row] = await t.database.db
    .insert(webhookDeliveries)
    .values({ webhookId, eventId: `authz:${randomBytes(4).toString('hex')}`, eventType: 'card.created', payload: '{}' })
    .returning();
  return { id: row!.id };
}
async function apiTokenRow(f: Fixture) {
  const [row] = await t.database.db
    .insert(apiTokens)
    .values({
      name: 'Authz',
      tokenHash: randomBytes(32).toString('hex'),
      prefix: 'ctr_authz',
      scopes: ['cards:read'],
      createdBy: f.ids.admin,
    })
    .returning();
  return { id: row!.id };
}

/** A file row of the first customer's folder (uploads, issue 16): unfinished (one 10-byte part) or finished. */
async function customerUpload(f: Fixture, status: 'pending' | 'complete') {
  const name = `authz-${randomBytes(6).toString('hex')}.png`;
  const [row] = await t.database.db
    .insert(customerUploads)
    .values({
      customerId: f.customerId,
      key: `uploads/${f.customerId}/${name}`,
      fileName: name,
      bytes: 10,
      contentType: 'image/png',
      status,
      storageUploadId: status === 'pending' ? randomBytes(16).toString('hex') : null,
      partSize: 10,
    })
    .returning();
  return { id: row!.id };
}

let t: TestApp;
let fixture: Fixture;
let userIds: Record<Exclude<Caller, 'anonymous'>, number>;
let routes: string[];
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  const accounts = await seedWithSessions(t.database.db);
  const key = (c: Exclude<Caller, 'anonymous'>): DemoKey => (c === 'otherCustomer' ? 'customer2' : c);
  userIds = Object.fromEntries(
    CALLERS.filter((c): c is Exclude<Caller, 'anonymous'> => c !== 'anonymous').map((c) => [c, accounts[key(c)].id]),
  ) as typeof userIds;
  const db: Db = t.database.db;
  const note = voiceNote();
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/media',
    headers: { ...bearer(accounts.customer.token), ...note.headers },
    payload: note.payload,
  });
  const cardFor = async (values: Partial<typeof cards.$inferInsert> = {}) =>
    (
      await insertCard(db, {
        clientId: accounts.customer.id,
        assignedQaId: accounts.qa.id,
        assignedTo: accounts.editor.id,
        ...values,
      })
    ).id;
  fixture = {
    ids: userIds,
    note: async (author, chat) => {
      const id = await cardFor(chat === 'yt' ? onHelperBoard('inProgress', userIds.helper) : { cardStatus: 'editing' });
      const [row] = await db
        .insert(cardNotes)
        // A customer's note in the customer chat is an item to fix, as if made while the video was in review.
        .values({
          cardId: id,
          chat,
          note: 'A note',
          authorId: userIds[author],
          fixRound: author === 'customer' && chat === 'customer' ? 0 : null,
        })
        .returning();
      return { id, noteId: row!.id };
    },
    fileKey: uploaded.json<{ key: string }>().key,
    customerId: accounts.customer.id,
    editorId: accounts.editor.id,
    card: cardFor,
  };
  baseUrl = await listenLocal(t.app);
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
    paths: Record<string, object>;
  }>();
  routes = Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.keys(ops)
      .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map((m) => `${m.toUpperCase()} ${p}`),
  );
});
afterAll(() => t.close());

describe('authorization table', () => {
  it('covers every route of the OpenAPI document, and only those', () => {
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.filter((r) => !(r in TABLE))).toEqual([]);
    expect(Object.keys(TABLE).filter((r) => !routes.includes(r))).toEqual([]);
  });

  it('agrees with the route contract: a caller whose role a route does not list gets 403 (or 401 signed out)', () => {
    const contract = allRoutes();
    expect(contract.length).toBeGreaterThan(40);
    for (const r of contract) {
      const key = documentedRoute(r);
      expect(routes, `${key} is registered`).toContain(key);
      const access = r.access;
      if (typeof access === 'string') continue;
      for (const c of TABLE[key] ?? []) {
        for (const caller of CALLERS.filter((x) => x !== 'anonymous')) {
          const role = roleOf(caller);
          if (!access.includes(role)) expect(c.expect[caller], `${key} as ${caller}`).toBe(403);
        }
        expect(c.expect.anonymous, `${key} signed out`).toBe(401);
      }
    }
  });

  for (const [route, cases] of Object.entries(TABLE)) {
    for (const c of cases) {
      it(`${route}${c.name ? ` (${c.name})` : ''}`, async () => {
        const [method, pathTemplate] = route.split(' ') as [string, string];
        const got: Partial<Expect> = {};
        for (const caller of CALLERS) {
          const params = (await c.params?.(fixture)) ?? {};
          const url = pathTemplate.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));
          // A fresh session per call, so a logout or password change can't affect the next caller.
          const headers =
            caller === 'anonymous' ? {} : bearer(await createSession(t.database.db, userIds[caller], false, 'authz'));
          if (c.stream) {
            const controller = new AbortController();
            const res = await fetch(`${baseUrl}${url}`, { headers, signal: controller.signal });
            got[caller] = res.status;
            controller.abort();
            continue;
          }
          const raw = c.raw?.();
          const res = await t.app.inject({
            method: method as 'GET',
            url,
            query: typeof c.query === 'function' ? c.query(fixture) : c.query,
            headers: { ...headers, ...raw?.headers },
            ...(raw ? { payload: raw.payload } : {}),
            ...(raw ? {} : c.body ? { payload: c.body(fixture, params) } : method === 'GET' ? {} : { payload: {} }),
          });
          got[caller] = res.statusCode;
          if (res.statusCode >= 400) expect(res.json(), `${caller}: error shape`).toHaveProperty('error_message');
        }
        expect(got).toEqual(c.expect);
      });
    }
  }
});
