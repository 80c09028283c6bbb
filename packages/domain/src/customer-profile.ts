import { MSG, fill } from './messages.js';
import { splitLinks } from './card-fields.js';
import {
  EDITING_SOFTWARE,
  PHOTO_PREFERENCES,
  TEXT_PREFERENCES,
  TITLE_PREFERENCES,
  YES_NO,
  type Option,
} from './options.js';

/** Longest free text a profile detail may hold (a paragraph or two about the channel). */
export const PROFILE_TEXT_MAX = 2000;
/** Links kept pipe-separated in one column (spec 002 §3): previous thumbnails, description links. */
export const PROFILE_LINKS_MAX = 10;

type DetailKind = 'text' | 'textarea' | 'url' | 'links' | 'color' | 'select';
export interface DetailField {
  key: string;
  label: string;
  kind: DetailKind;
  /** A select's fixed choices (spec 002 §9); '' leaves it unchosen. */
  options?: readonly Option[];
  /** Which part of the Basic Info tab shows it: about the videos, or the YouTube helper's brief. */
  section: 'videos' | 'youtube';
  /** Required for customers with the YouTube helper plan (spec 002 §5); the message is '{label} is required'. */
  ytRequired?: boolean;
  placeholder?: string;
}

/** A customer's profile details (spec 002 §3), in the order the profile shows them. */
export const CUSTOMER_DETAIL_FIELDS = [
  {
    key: 'preferred_editing_software',
    label: 'Preferred editing software',
    kind: 'select',
    options: EDITING_SOFTWARE,
    section: 'videos',
  },
  { key: 'video_type', label: 'What kind of videos do you make?', kind: 'text', section: 'videos' },
  { key: 'about_video', label: 'What are your videos about?', kind: 'textarea', section: 'videos' },
  { key: 'social_media_link', label: 'Channel or social media link', kind: 'url', section: 'videos' },
  { key: 'video_style', label: 'Editing style you like', kind: 'textarea', section: 'videos' },
  { key: 'video_inspired', label: 'Channels that inspire you', kind: 'textarea', section: 'videos' },
  { key: 'video_info', label: 'What should every video have?', kind: 'textarea', section: 'videos' },
  { key: 'additional_video_info', label: 'Anything else the editors should know', kind: 'textarea', section: 'videos' },
  { key: 'channel_name', label: 'Channel Name', kind: 'text', section: 'youtube', ytRequired: true },
  {
    key: 'description_link',
    label: 'Description Link',
    kind: 'links',
    section: 'youtube',
    ytRequired: true,
    placeholder: 'A link to a description you like',
  },
  {
    key: 'prev_thumbnails_link',
    label: 'Previous thumbnails link',
    kind: 'links',
    section: 'youtube',
    placeholder: 'A link to thumbnails you used before',
  },
  { key: 'thumbnail_font', label: 'Thumbnail Font', kind: 'text', section: 'youtube', ytRequired: true },
  { key: 'thumbnail_main_color', label: 'Thumbnail Color', kind: 'color', section: 'youtube', ytRequired: true },
  { key: 'thumbnail_sub_color', label: 'Thumbnail secondary color', kind: 'color', section: 'youtube' },
  {
    key: 'photo_preference',
    label: 'Photo Preference',
    kind: 'select',
    options: PHOTO_PREFERENCES,
    section: 'youtube',
    ytRequired: true,
  },
  {
    key: 'text_preference',
    label: 'Thumbnail text preference',
    kind: 'select',
    options: TEXT_PREFERENCES,
    section: 'youtube',
  },
  {
    key: 'title_preference',
    label: 'Title preference',
    kind: 'select',
    options: TITLE_PREFERENCES,
    section: 'youtube',
  },
  { key: 'end_card_preference', label: 'End card preference', kind: 'select', options: YES_NO, section: 'youtube' },
  { key: 'public_video', label: 'Publish the video as public?', kind: 'select', options: YES_NO, section: 'youtube' },
  { key: 'keyword_list', label: 'Keywords', kind: 'textarea', section: 'youtube' },
  { key: 'additional_thumbnail_data', label: 'Anything else about thumbnails', kind: 'textarea', section: 'youtube' },
  { key: 'video_publishing_schedules', label: 'Publishing schedule', kind: 'textarea', section: 'youtube' },
] as const satisfies readonly DetailField[];

export type CustomerDetailKey = (typeof CUSTOMER_DETAIL_FIELDS)[number]['key'];
export const CUSTOMER_DETAIL_KEYS: CustomerDetailKey[] = CUSTOMER_DETAIL_FIELDS.map((f) => f.key);
export type CustomerDetails = Record<CustomerDetailKey, string | null>;

const YT_REQUIRED = CUSTOMER_DETAIL_FIELDS.filter((f) => 'ytRequired' in f && f.ytRequired);

/** Every empty required brief field with its message, for a form that shows them all at once. */
export function ytFieldErrors(details: Partial<Record<CustomerDetailKey, string | null>>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of YT_REQUIRED) {
    const value = f.kind === 'links' ? splitLinks(details[f.key])[0] : details[f.key]?.trim();
    if (!value) errors[f.key] = fill(MSG.fieldRequired, { label: f.label });
  }
  return errors;
}

/** Whether a helper customer's brief has every required field (the flag is_yt_fields_filled). */
export const ytBriefComplete = (details: Partial<Record<CustomerDetailKey, string | null>>) =>
  Object.keys(ytFieldErrors(details)).length === 0;
