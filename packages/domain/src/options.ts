/** Option lists stored as stable keys with labels (DESIGN §4: the union of both readings). */
export interface Option<K extends string = string> {
  value: K;
  label: string;
  /**
   * The key of another option this one means the same as (issue 18 merged the spec's two readings):
   * still accepted and shown under that option's label, never offered in a picker.
   */
  sameAs?: string;
}

const options = <const T extends readonly Option[]>(list: T) => list;
export type OptionValue<T extends readonly Option[]> = T[number]['value'];

export const ASPECT_RATIOS = options([
  { value: '16:9', label: 'Wide (16:9)' },
  { value: '1:1', label: 'Square (1:1)' },
  { value: '9:16', label: 'Vertical (9:16)' },
  { value: '4:5', label: 'In Feed (4:5)' },
  { value: 'other', label: 'Other' },
]);

export const VIDEO_PURPOSES = options([
  { value: 'youtube_content', label: 'Youtube Content', sameAs: 'social_media' },
  { value: 'social_media', label: 'Social media/Youtube Content' },
  { value: 'vertical_short_form', label: 'Vertical Content For TikTok/Shorts/Reels' },
  { value: 'podcast', label: 'Podcast' },
  { value: 'advertising', label: 'Advertising/Marketing' },
  { value: 'video_advertisement', label: 'Video Advertisement', sameAs: 'advertising' },
  { value: 'internal', label: 'Internal organization usage' },
  { value: 'wedding', label: 'Wedding video' },
  { value: 'tv_movie_film', label: 'TV/Movie/Film' },
  { value: 'other', label: 'Other' },
]);

export const REPURPOSE_SIZES = options([
  { value: '9:16', label: 'Vertical (9:16)' },
  { value: '1:1', label: 'Square (1:1)' },
  { value: '4:5', label: 'In Feed Vertical (4:5)' },
  { value: 'other', label: 'Other' },
]);

export const REFERRALS = options([
  { value: 'NA', label: 'NA' },
  { value: 'Google', label: 'Google' },
  { value: 'Google Search', label: 'Google Search', sameAs: 'Google' },
  { value: 'Youtube', label: 'Youtube' },
  { value: 'Linkedin', label: 'Linkedin' },
  { value: 'Facebook', label: 'Facebook' },
  { value: 'Affiliate', label: 'Affiliate' },
  { value: 'Other', label: 'Other' },
]);
/** The longest 'Please mention source' text, at signup and on the profile. */
export const REFERRAL_SOURCE_MAX = 200;
/** Referral choices that need the 'Please mention source' text. */
export const REFERRALS_WITH_SOURCE: readonly string[] = ['Affiliate', 'Other'];

export const SUBSCRIPTION_TYPES = options([
  { value: 'single', label: 'SINGLE' },
  { value: 'double', label: 'DOUBLE' },
  { value: 'weekly', label: 'WEEKLY' },
  { value: 'unlimited', label: 'UNLIMITED' },
  { value: 'custom', label: 'CUSTOM' },
]);
export type SubscriptionType = OptionValue<typeof SUBSCRIPTION_TYPES>;

/** The users list's filter (spec 002 §2): on leave today in New York, from the leave rows. */
export const USER_FILTERS = options([
  { value: 'all', label: 'All Users' },
  { value: 'onLeave', label: 'On Leave' },
  { value: 'working', label: 'Working' },
]);

/** Customer activity by days since the last login (spec 002 §4, thresholds in constants). */
export const CUSTOMER_ACTIVITY = options([
  { value: 'active', label: 'Active' },
  { value: 'inactive_14', label: 'Inactive for 14 days' },
  { value: 'inactive_30', label: 'Inactive' },
]);

export const EDITING_SOFTWARE = options([
  { value: 'NA', label: 'NA' },
  { value: 'FCPX', label: 'FCPX' },
  { value: 'Adobe Premier Pro', label: 'Adobe Premier Pro' },
]);

/** The profile's time-zone choices (spec 002 §9); '' means the browser's zone. */
export const TIME_ZONES = options([
  { value: '', label: 'None (browser time zone)' },
  { value: 'America/New_York', label: 'Eastern' },
  { value: 'America/Chicago', label: 'Central' },
  { value: 'America/Denver', label: 'Mountain' },
  { value: 'America/Los_Angeles', label: 'California' },
  { value: 'Asia/Kolkata', label: 'India' },
  { value: 'Asia/Karachi', label: 'Pakistan' },
  { value: 'Asia/Manila', label: 'Philippines' },
]);

export const TEXT_PREFERENCES = options([
  { value: 'with_text', label: 'With text' },
  { value: 'without_any_text', label: 'Without any text' },
  { value: 'use_your_description', label: 'Use your description' },
]);
export const PHOTO_PREFERENCES = options([
  { value: 'provide_photos', label: 'I will provide photos' },
  { value: 'take_screenshots', label: 'Take screenshots from the video' },
]);
export const TITLE_PREFERENCES = options([
  { value: 'search_engine_optimised', label: 'Search engine optimised' },
  { value: 'clickbaity', label: 'Clickbaity' },
  { value: 'A_combo_of_both', label: 'A combo of both' },
]);
export const YES_NO = options([
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
]);

/** The key an option stands for: its own, or the one it means the same as. */
export const canonicalOf = (list: readonly Option[], value: string): string =>
  list.find((o) => o.value === value)?.sameAs ?? value;
/** Every stored value meaning what `value` means: a filter on one option matches the older keys kept readable. */
export const sameMeaningAs = (list: readonly Option[], value: string): string[] => {
  const canonical = canonicalOf(list, value);
  return [canonical, ...list.filter((o) => o.sameAs === canonical).map((o) => o.value)];
};
export const labelOf = (list: readonly Option[], value: string | null | undefined): string =>
  value == null ? '' : (list.find((o) => o.value === canonicalOf(list, value))?.label ?? value);
/** A plan as every screen shows it (spec 002 §4): 'WEEKLY', 'CUSTOM (6)'; null without a plan, each screen saying so its way. */
export const planLabel = (plan: {
  subscription_type?: string | null | undefined;
  custom_subscription?: number | null | undefined;
}): string | null => {
  if (!plan.subscription_type) return null;
  const label = labelOf(SUBSCRIPTION_TYPES, plan.subscription_type);
  return plan.subscription_type === 'custom' && plan.custom_subscription
    ? `${label} (${plan.custom_subscription})`
    : label;
};
/** What a picker offers: one option per meaning. */
export const choicesOf = (list: readonly Option[]): { value: string; label: string }[] =>
  list.filter((o) => !o.sameAs).map((o) => ({ value: o.value, label: o.label }));
export const valuesOf = <T extends readonly Option[]>(list: T) =>
  list.map((o) => o.value) as unknown as [OptionValue<T>, ...OptionValue<T>[]];

/** Narrows a free string (a form's value) to one of a list's keys. */
export const isOptionOf =
  <T extends readonly Option[]>(list: T) =>
  (value: string): value is OptionValue<T> =>
    list.some((o) => o.value === value);

/** The mails a user may turn off (spec 002 §3 mailPreferences, stored 0/1). */
export const MAIL_PREFERENCES = options([
  { value: 'card_movement', label: 'Card movement', hint: 'A card of yours moves to another status' },
  { value: 'card_comment', label: 'Card comments', hint: 'Someone comments in a chat you can see' },
  { value: 'card_comment_tag', label: 'Mentions in comments', hint: 'Someone mentions you with @' },
]);
export type MailPreferenceKey = (typeof MAIL_PREFERENCES)[number]['value'];

/** What a notification tells (spec 002 §3); each matches the mail preference of the same key. */
export const NOTIFICATION_TYPES = options([
  { value: 'card_movement', label: 'Card movement' },
  { value: 'card_comment', label: 'Card comment' },
  { value: 'card_comment_tag', label: 'Mention' },
]);
export type NotificationType = (typeof NOTIFICATION_TYPES)[number]['value'];

/** A support thread's state (spec 002 §4): staff resolve, a customer re-opens with a new message. */
export const INBOX_STATUSES = options([
  { value: 'ACTIVE', label: 'Active' },
  { value: 'RESOLVED', label: 'Archived' },
]);
export type InboxStatus = (typeof INBOX_STATUSES)[number]['value'];
