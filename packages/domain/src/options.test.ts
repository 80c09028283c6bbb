import { describe, expect, it } from 'vitest';
import { createCardBody } from './schemas/cards.js';
import {
  REFERRALS,
  VIDEO_PURPOSES,
  canonicalOf,
  choicesOf,
  labelOf,
  sameMeaningAs,
  valuesOf,
  type Option,
} from './options.js';

describe('merged options (issue 18)', () => {
  it('offers one option per meaning, and every offered key is one the list accepts', () => {
    const purposes = choicesOf(VIDEO_PURPOSES).map((o) => o.label);
    expect(purposes).toContain('Social media/Youtube Content');
    expect(purposes).toContain('Advertising/Marketing');
    expect(purposes).not.toContain('Youtube Content');
    expect(purposes).not.toContain('Video Advertisement');
    expect(new Set(purposes).size).toBe(purposes.length);
    expect(choicesOf(REFERRALS).map((o) => o.value)).not.toContain('Google Search');
    for (const list of [VIDEO_PURPOSES, REFERRALS] as (readonly Option[])[])
      for (const o of list) if (o.sameAs) expect(choicesOf(list).map((c) => c.value)).toContain(o.sameAs);
  });

  it('still accepts and reads the older keys, under the label of the option they merged into', () => {
    expect(valuesOf(VIDEO_PURPOSES)).toContain('youtube_content');
    expect(labelOf(VIDEO_PURPOSES, 'youtube_content')).toBe('Social media/Youtube Content');
    expect(labelOf(VIDEO_PURPOSES, 'video_advertisement')).toBe('Advertising/Marketing');
    expect(labelOf(REFERRALS, 'Google Search')).toBe('Google');
    expect(labelOf(VIDEO_PURPOSES, 'podcast')).toBe('Podcast');
    expect(labelOf(VIDEO_PURPOSES, null)).toBe('');
    expect(labelOf(VIDEO_PURPOSES, 'gone')).toBe('gone');
    expect(canonicalOf(VIDEO_PURPOSES, 'youtube_content')).toBe('social_media');
    expect(canonicalOf(VIDEO_PURPOSES, 'wedding')).toBe('wedding');
    // A filter on either key of one meaning matches both.
    expect(sameMeaningAs(REFERRALS, 'Google')).toEqual(['Google', 'Google Search']);
    expect(sameMeaningAs(REFERRALS, 'Google Search')).toEqual(['Google', 'Google Search']);
    expect(sameMeaningAs(REFERRALS, 'Youtube')).toEqual(['Youtube']);
    const card = {
      card_title: 'A',
      dropbox_link: 'https://www.dropbox.com/sh/raw',
      youtube_aspect_ratio: '16:9',
      video_purpose: 'youtube_content',
    };
    expect(createCardBody.safeParse(card).success).toBe(true);
    expect(createCardBody.safeParse({ ...card, video_purpose: 'nope' }).success).toBe(false);
  });
});
