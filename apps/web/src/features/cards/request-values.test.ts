import { describe, expect, it } from 'vitest';
import {
  detailsReady,
  emptyRequest,
  formPath,
  requestBody,
  validateRequest,
  type RequestContext,
} from './request-values';

const customer: RequestContext = { mode: 'create', withClient: false, showYtHelper: true, showSubtitles: true };

const filled = () => ({
  ...emptyRequest(),
  card_title: 'Launch',
  dropbox_link: 'https://x.example/raw',
  youtube_aspect_ratio: '16:9',
  video_purpose: 'podcast',
});

describe('request values', () => {
  it('drops empty link rows and maps a server error on a sent link back to its row', () => {
    const values = { ...filled(), hasYTHelper: true, video_thumb_ref: ['', 'https://a.example', '', 'bad link'] };
    const { body, linkRows } = requestBody(values, customer);
    expect(body.video_thumb_ref).toEqual(['https://a.example', 'bad link']);
    expect(formPath('video_thumb_ref.1', linkRows)).toBe('video_thumb_ref.3');
    expect(validateRequest(values, customer)).toHaveProperty(['video_thumb_ref.3']);
  });

  it('leaves the extras out when their box is not ticked', () => {
    const values = { ...filled(), video_thumb_ref: ['https://a.example'], repurpose_aspect: ['9:16'] };
    const { body } = requestBody(values, customer);
    expect(body).not.toHaveProperty('video_thumb_ref');
    expect(body).not.toHaveProperty('repurpose_aspect');
    expect(body).toMatchObject({ hasYTHelper: false, hasRepurpose: false });
  });

  it("leaves out extras the user can't see, so an edit keeps what the card has", () => {
    const values = { ...filled(), hasYTHelper: true, subtitles: true, video_thumb_ref: ['https://a.example'] };
    const { body } = requestBody(values, { ...customer, mode: 'edit', showYtHelper: false, showSubtitles: false });
    expect(body).not.toHaveProperty('hasYTHelper');
    expect(body).not.toHaveProperty('video_thumb_ref');
    expect(body).not.toHaveProperty('subtitles');
  });

  it('needs the customer for an admin, and the Other texts', () => {
    expect(detailsReady(filled(), false)).toBe(true);
    expect(detailsReady(filled(), true)).toBe(false);
    expect(detailsReady({ ...filled(), client_id: '7' }, true)).toBe(true);
    expect(detailsReady({ ...filled(), youtube_aspect_ratio: 'other' }, false)).toBe(false);
    expect(detailsReady({ ...filled(), youtube_aspect_ratio: 'other', custom_aspect_ratio: '21:9' }, false)).toBe(true);
    expect(validateRequest({ ...filled(), hasRepurpose: true }, customer)).toHaveProperty('repurpose_aspect');
  });
});
