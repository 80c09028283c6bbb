import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CUSTOMER_DETAIL_KEYS, MSG, fill } from '@cutroom/domain';
import type { UserView } from '@cutroom/domain/schemas';
import { mediaFiles, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, seedWithSessions } from '../../test/helpers.js';
import { MP3, PNG, multipartBody, uploadBody } from '../../test/sample-files.js';
import { gate, untilSomeoneWaitsOnALock } from '../../test/pg-locks.js';
import { ownUpload } from '../media/profile-files.js';
import { detailColumn } from '../users/profile-columns.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
});
afterAll(() => t.close());

type Who = keyof typeof a;
const send = (method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: bearer(typeof who === 'string' && who in a ? a[who as Who].token : who),
    payload,
  });
const profile = (who: string, payload: object) => send('POST', '/api/user/profile', who, payload);
const websiteUser = async (who: string) =>
  (await send('GET', '/api/getWebsiteUser', who)).json<{ data: UserView }>().data;
const rowOf = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const fileRow = async (url: string) =>
  (
    await t.database.db
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.key, url.slice('/files/'.length)))
  )[0];

let seq = 0;
/** A fresh customer (admin API) with a session token, so each test starts from its own account. */
async function freshCustomer(extra: object = {}) {
  const email = `own-profile-${++seq}-${Date.now()}@example.com`;
  const created = await send('POST', '/api/user', 'admin', {
    firstname: 'Own',
    lastname: `Profile${seq}`,
    email,
    password: 'first-password',
    customer_type: 'customer',
    ...extra,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ client_id: number }>().client_id;
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { useremail: email, password: 'first-password' },
  });
  return { id, token: login.json<{ access_token: string }>().access_token };
}
/** Sends a multipart body to POST /api/media and answers the stored file's url. */
const sendUpload = async (token: string, body: ReturnType<typeof multipartBody>) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/media',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ url: string }>().url;
};
const upload = (token: string, purpose: string, content = PNG) =>
  sendUpload(token, uploadBody('picture.png', 'image/png', content, purpose));

const BRIEF = {
  channel_name: 'Cooking with Ada',
  description_link: 'https://docs.example.com/description',
  thumbnail_font: 'Montserrat Black',
  thumbnail_main_color: '#ff6600',
  photo_preference: 'take_screenshots',
};

describe('detail columns', () => {
  it('every detail the spec names is a column of users', () => {
    const columns = Object.keys(users);
    expect(CUSTOMER_DETAIL_KEYS.filter((k) => !columns.includes(detailColumn(k)))).toEqual([]);
  });
});

describe('POST /api/user/profile and GET /api/getWebsiteUser', () => {
  it("saves a customer's details, assistant emails and mail choices; getWebsiteUser has them, /api/me stays lean", async () => {
    const c = await freshCustomer();
    const res = await profile(c.token, {
      video_type: 'Cooking tutorials',
      social_media_link: 'https://youtube.com/@ada',
      prev_thumbnails_link: 'https://a.example.com/1 | https://a.example.com/2',
      secondary_email: 'assistant@example.com, second@example.com',
      mailPreferences: { card_comment: 0 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.profileUpdated);
    const data = await websiteUser(c.token);
    expect(data.details).toMatchObject({
      video_type: 'Cooking tutorials',
      social_media_link: 'https://youtube.com/@ada',
      prev_thumbnails_link: 'https://a.example.com/1|https://a.example.com/2',
      channel_name: null,
    });
    expect(data.secondary_email).toBe('assistant@example.com, second@example.com');
    expect(data.mailPreferences).toEqual({ card_movement: 1, card_comment: 0, card_comment_tag: 1 });
    const me = (await send('GET', '/api/me', c.token)).json<UserView>();
    expect(me.details).toBeUndefined();

    // '' clears a detail; fields not sent keep their value.
    await profile(c.token, { video_type: '' });
    expect((await websiteUser(c.token)).details).toMatchObject({
      video_type: null,
      social_media_link: 'https://youtube.com/@ada',
    });
  });

  it('a saved channel_name reads back as a plain user field (spec 002 §3) in every single-user reply', async () => {
    const c = await freshCustomer();
    const saved = await profile(c.token, { channel_name: 'Ada Cooks', thumbnail_font: 'Impact' });
    expect(saved.json<{ user: UserView }>().user).toMatchObject({
      channel_name: 'Ada Cooks',
      thumbnail_font: 'Impact',
    });
    expect(await websiteUser(c.token)).toMatchObject({ channel_name: 'Ada Cooks', photo_preference: null });
    const byAdmin = (await send('GET', `/api/user/${c.id}`, 'admin')).json<UserView>();
    expect(byAdmin).toMatchObject({ channel_name: 'Ada Cooks', details: { channel_name: 'Ada Cooks' } });
    const put = await send('PUT', `/api/user/${c.id}`, 'admin', { channel_name: 'Ada Bakes' });
    expect(put.json<{ user: UserView }>().user.channel_name).toBe('Ada Bakes');
    // The session's user and the lists stay lean.
    expect((await send('GET', '/api/me', c.token)).json()).not.toHaveProperty('channel_name');
    const listed = await send('GET', `/api/customers?search=${encodeURIComponent(byAdmin.lastname)}`, 'admin');
    expect(listed.json<{ customers: UserView[] }>().customers[0]).not.toHaveProperty('channel_name');
  });

  it.each([
    [{ social_media_link: 'youtube.com/@ada' }, 'social_media_link', MSG.linkInvalid],
    [{ description_link: 'https://ok.example.com|ftp://bad' }, 'description_link', MSG.linkInvalid],
    [{ secondary_email: 'good@example.com, not-an-email' }, 'secondary_email', MSG.invalidAssistantEmail],
    [{ profile_img: 'https://elsewhere.example.com/me.png' }, 'profile_img', MSG.uploadFileAgain],
    [{ about_video: 'x'.repeat(2001) }, 'about_video', undefined],
  ])('refuses %j with a 400 naming the field, and changes nothing', async (body, field, message) => {
    const c = await freshCustomer();
    await profile(c.token, { firstname: 'Before' });
    const res = await profile(c.token, { ...body, firstname: 'After' });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    if (message) expect(res.json().error_message).toBe(message);
    expect((await rowOf(c.id)).firstname).toBe('Before');
  });

  it("takes '' or a listed value for the fixed-choice details (spec 002 §9), and keeps an older free-text value readable", async () => {
    const c = await freshCustomer();
    const choices = {
      preferred_editing_software: 'Adobe Premier Pro',
      text_preference: 'use_your_description',
      photo_preference: 'provide_photos',
      title_preference: 'A_combo_of_both',
      end_card_preference: 'yes',
      public_video: 'no',
    };
    expect((await profile(c.token, choices)).statusCode).toBe(200);
    expect(await websiteUser(c.token)).toMatchObject(choices);
    expect((await profile(c.token, { public_video: '' })).statusCode).toBe(200);
    expect((await websiteUser(c.token)).public_video).toBeNull();

    for (const [field, label] of [
      ['preferred_editing_software', 'Preferred editing software'],
      ['end_card_preference', 'End card preference'],
    ] as const) {
      const res = await profile(c.token, { [field]: 'Davinci', firstname: 'Changed' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field, error_message: fill(MSG.chooseListedOption, { label }) });
    }
    const byAdmin = await send('PUT', `/api/user/${c.id}`, 'admin', { title_preference: 'catchy' });
    expect(byAdmin.json()).toMatchObject({ field: 'title_preference' });
    expect((await rowOf(c.id)).firstname).not.toBe('Changed');

    // A value stored before the lists were enforced reads back, and saving other fields keeps it.
    await t.database.db.update(users).set({ photoPreference: 'Close-up, surprised' }).where(eq(users.id, c.id));
    expect((await profile(c.token, { channel_name: 'Kept' })).statusCode).toBe(200);
    expect(await websiteUser(c.token)).toMatchObject({ photo_preference: 'Close-up, surprised', channel_name: 'Kept' });
  });

  it("sets 'How did you find us?' on the profile; Affiliate and Other need the source", async () => {
    const c = await freshCustomer();
    const noSource = await profile(c.token, { referral: 'Other' });
    expect(noSource.statusCode).toBe(400);
    expect(noSource.json()).toMatchObject({ field: 'otherreferral', error_message: MSG.mentionSource });
    expect((await profile(c.token, { referral: 'Affiliate', otherreferral: 'Jo at VidCon' })).statusCode).toBe(200);
    expect(await websiteUser(c.token)).toMatchObject({ referral: 'Affiliate', otherreferral: 'Jo at VidCon' });
    // The source stays with a referral that takes one, and goes with one that doesn't.
    expect((await profile(c.token, { referral: 'Other' })).statusCode).toBe(200);
    expect(await websiteUser(c.token)).toMatchObject({ referral: 'Other', otherreferral: 'Jo at VidCon' });
    expect((await profile(c.token, { referral: 'Youtube' })).statusCode).toBe(200);
    expect(await websiteUser(c.token)).toMatchObject({ referral: 'Youtube', otherreferral: null });
    const unlisted = await profile(c.token, { referral: 'TikTok' });
    expect(unlisted.json()).toMatchObject({ field: 'referral' });
    const staff = await profile('qa', { referral: 'Google' });
    expect(staff.json()).toMatchObject({ field: 'referral', error_message: MSG.customersOnlySetting });
  });

  it('a customer cannot set money or access fields through the profile: they are ignored', async () => {
    const c = await freshCustomer({ subscription_type: 'single' });
    const res = await profile(c.token, {
      firstname: 'Sneaky',
      subscription_type: 'unlimited',
      request_limit: 99,
      done_video_limit: 4,
      has_youtube_helper: 1,
      client_type: 'admin',
      is_active_subscription: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await rowOf(c.id);
    expect(row).toMatchObject({
      firstname: 'Sneaky',
      subscriptionType: 'single',
      requestLimit: null,
      doneVideoLimit: 1,
      hasYoutubeHelper: false,
      clientType: 'customer',
    });
  });

  it('staff have no customer details: sending one is a 400', async () => {
    const res = await profile('qa', { channel_name: 'Mine' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'channel_name', error_message: MSG.customersOnlySetting });
  });

  it("the helper plan sends the customer to /profile until the brief's required fields are filled", async () => {
    const c = await freshCustomer();
    expect((await websiteUser(c.token)).is_yt_fields_filled).toBe(true);
    const on = await send('PUT', `/api/user/${c.id}`, 'admin', { has_youtube_helper: 1 });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().user.is_yt_fields_filled).toBe(false);

    // All but one required field: still not filled.
    const { photo_preference, ...most } = BRIEF;
    await profile(c.token, most);
    expect((await websiteUser(c.token)).is_yt_fields_filled).toBe(false);
    await profile(c.token, { photo_preference });
    expect((await websiteUser(c.token)).is_yt_fields_filled).toBe(true);
    // Emptying a required field takes it back.
    await profile(c.token, { channel_name: '' });
    expect((await websiteUser(c.token)).is_yt_fields_filled).toBe(false);
    // Without the plan the brief is not asked for.
    await send('PUT', `/api/user/${c.id}`, 'admin', { has_youtube_helper: 0 });
    expect((await websiteUser(c.token)).is_yt_fields_filled).toBe(true);
  });

  it("an admin edits a customer's details through PUT /api/user/:id; a team lead may not", async () => {
    const c = await freshCustomer({ assign_qa: [a.qa.id] });
    const byAdmin = await send('PUT', `/api/user/${c.id}`, 'admin', { channel_name: 'Set by admin' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().user.details.channel_name).toBe('Set by admin');
    const byLead = await send('PUT', `/api/user/${c.id}`, 'lead', { channel_name: 'Set by lead' });
    expect(byLead.statusCode).toBe(403);
    expect((await rowOf(c.id)).channelName).toBe('Set by admin');
  });

  it('hides the intro video once the customer says so', async () => {
    const c = await freshCustomer();
    expect((await websiteUser(c.token)).show_portal_video).toBe(true);
    await profile(c.token, { show_portal_video: false });
    expect((await websiteUser(c.token)).show_portal_video).toBe(false);
  });
});

describe('avatar', () => {
  it('sets an uploaded image as the avatar; a new one deletes the old file', async () => {
    const c = await freshCustomer();
    const first = await upload(c.token, 'avatar');
    const set = await profile(c.token, { profile_img: first });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ message: MSG.avatarUpdated, user: { profile_img: first } });

    const second = await upload(c.token, 'avatar');
    await profile(c.token, { profile_img: second });
    expect((await rowOf(c.id)).profileImg).toBe(second);
    expect(await fileRow(first)).toBeUndefined();
    expect((await send('GET', first, c.token)).statusCode).toBe(404);
    expect((await send('GET', second, c.token)).statusCode).toBe(200);

    // '' removes the avatar and its file.
    await profile(c.token, { profile_img: '' });
    expect((await rowOf(c.id)).profileImg).toBeNull();
    expect(await fileRow(second)).toBeUndefined();
  });

  it("refuses someone else's file and a file uploaded for another purpose", async () => {
    const c = await freshCustomer();
    const othersImage = await upload(a.customer2.token, 'avatar');
    const voice = await upload(c.token, 'voice_note', MP3);
    for (const url of [othersImage, voice]) {
      const res = await profile(c.token, { profile_img: url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'profile_img', error_message: MSG.uploadFileAgain });
    }
    expect((await rowOf(c.id)).profileImg).toBeNull();
    // Nobody's avatar was touched either.
    expect(await fileRow(othersImage)).toBeDefined();
  });
});

describe("the spec's upload (POST /api/media with name, document, clientID and no purpose)", () => {
  const specUpload = (token: string, clientId: number, content: Buffer, fileName: string, type: string) =>
    sendUpload(
      token,
      multipartBody([
        { field: 'name', content: fileName },
        { field: 'clientID', content: String(clientId) },
        { field: 'document', fileName, type, content },
      ]),
    );

  it('gives a url an image of which serves as the avatar and the thumbnail reference file', async () => {
    const c = await freshCustomer();
    const avatar = await specUpload(c.token, c.id, PNG, 'me.png', 'image/png');
    const set = await profile(c.token, { profile_img: avatar });
    expect(set.statusCode, set.body).toBe(200);
    expect((await rowOf(c.id)).profileImg).toBe(avatar);
    const reference = await specUpload(c.token, c.id, PNG, 'ref.png', 'image/png');
    const file = await send('POST', '/api/user/uploadThumbnailFile', c.token, {
      client_id: c.id,
      ref_thumbnails_file: reference,
    });
    expect(file.statusCode, file.body).toBe(200);
    expect((await rowOf(c.id)).refThumbnailsFile).toBe(reference);
  });

  it('deletes such an avatar through POST /api/delete/media like one uploaded for it', async () => {
    const c = await freshCustomer();
    const avatar = await specUpload(c.token, c.id, PNG, 'me.png', 'image/png');
    await profile(c.token, { profile_img: avatar });
    const res = await send('POST', '/api/delete/media', c.token, { url: avatar });
    expect(res.statusCode, res.body).toBe(200);
    expect((await rowOf(c.id)).profileImg).toBeNull();
    expect(await fileRow(avatar)).toBeUndefined();
  });

  it('refuses a sound file sent that way as an avatar, whatever type it was declared as', async () => {
    const c = await freshCustomer();
    const sound = await specUpload(c.token, c.id, MP3, 'me.png', 'image/png');
    const res = await profile(c.token, { profile_img: sound });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'profile_img', error_message: MSG.uploadFileAgain });
    expect((await rowOf(c.id)).profileImg).toBeNull();
  });
});

describe('POST /api/user/uploadThumbnailFile', () => {
  const setFile = (who: string, client_id: number, ref_thumbnails_file: string) =>
    send('POST', '/api/user/uploadThumbnailFile', who, { client_id, ref_thumbnails_file });

  it('replaces the reference file and deletes the old one; admin may set it for the customer', async () => {
    const c = await freshCustomer();
    const first = await upload(c.token, 'thumbnail');
    const res = await setFile(c.token, c.id, first);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: MSG.fileUpdated, ref_thumbnails_file: first });

    const byAdmin = await upload(a.admin.token, 'thumbnail');
    expect((await setFile('admin', c.id, byAdmin)).statusCode).toBe(200);
    expect((await rowOf(c.id)).refThumbnailsFile).toBe(byAdmin);
    expect(await fileRow(first)).toBeUndefined();
    expect((await websiteUser(c.token)).ref_thumbnails_file).toBe(byAdmin);
  });

  it("refuses an avatar upload, another user's file, and staff who may not edit the customer", async () => {
    const c = await freshCustomer({ assign_qa: [a.qa.id] });
    const avatar = await upload(c.token, 'avatar');
    expect((await setFile(c.token, c.id, avatar)).json().field).toBe('ref_thumbnails_file');
    const leads = await upload(a.lead.token, 'thumbnail');
    expect((await setFile('lead', c.id, leads)).statusCode).toBe(403);
    const own = await upload(c.token, 'thumbnail');
    expect((await setFile('customer2', c.id, own)).statusCode).toBe(404);
    expect((await rowOf(c.id)).refThumbnailsFile).toBeNull();
  });
});

describe('POST /api/delete/media', () => {
  const del = (who: string, url: string) => send('POST', '/api/delete/media', who, { url });

  it('the owner deletes their avatar: the file goes and the profile no longer shows it', async () => {
    const c = await freshCustomer();
    const url = await upload(c.token, 'avatar');
    await profile(c.token, { profile_img: url });
    expect((await del('customer2', url)).statusCode).toBe(404);
    expect((await del('qa', url)).statusCode).toBe(404);
    const res = await del(c.token, url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.fileRemoved);
    expect((await rowOf(c.id)).profileImg).toBeNull();
    expect(await fileRow(url)).toBeUndefined();
    expect((await del(c.token, url)).statusCode).toBe(404);
  });

  it("an admin clears a customer's reference file; a voice note can't be deleted here", async () => {
    const c = await freshCustomer();
    const url = await upload(c.token, 'thumbnail');
    await send('POST', '/api/user/uploadThumbnailFile', c.token, { client_id: c.id, ref_thumbnails_file: url });
    expect((await del('admin', url)).statusCode).toBe(200);
    expect((await rowOf(c.id)).refThumbnailsFile).toBeNull();

    const voice = await upload(c.token, 'voice_note', MP3);
    const refused = await del(c.token, voice);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_message).toBe(MSG.profileFileOnly);
    expect(await fileRow(voice)).toBeDefined();
  });
});

// PGlite runs one statement at a time, so the two requests can only interleave on PostgreSQL.
describe.runIf(process.env.TEST_DB === 'pg')('deleting a file while a profile save points at it (PostgreSQL)', () => {
  it('keeps the file the save made the avatar, instead of deleting it from under the profile', async () => {
    const c = await freshCustomer();
    const url = await upload(c.token, 'avatar');
    const release = gate();
    const started = gate();
    // The save as the profile service makes it: the upload held, the avatar set, not yet committed.
    const save = t.database.db.transaction(async (tx) => {
      await ownUpload(tx, c.id, url, ['avatar'], 'profile_img');
      await tx.update(users).set({ profileImg: url }).where(eq(users.id, c.id));
      started.open();
      await release.opened;
    });
    await started.opened;
    const removal = send('POST', '/api/delete/media', c.token, { url });
    try {
      await untilSomeoneWaitsOnALock(t.database.db);
    } finally {
      // Let the held transaction end either way, so a failure reads as itself and not as a hung test.
      release.open();
    }
    await save;
    expect((await removal).statusCode).toBe(200);
    expect((await rowOf(c.id)).profileImg).toBe(url);
    expect(await fileRow(url)).toBeDefined();
    expect((await send('GET', url, c.token)).statusCode).toBe(200);
  });
});
