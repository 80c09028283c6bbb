/** Business constants and limits (spec 000 §9, 001 §9, 002 §9). */
export const CARD_PAGE_SIZE = 10;
/** Infinite scroll stops when the first load brings fewer than this many cards. */
export const CARD_FIRST_LOAD_MIN = 8;
export const ALL_TABS_SHOW_MORE_ABOVE = 5;
export const TIMELINE_HOURS_WITH_REVISION = 24;
export const TIMELINE_HOURS_FIRST = 48;
export const MAX_REPURPOSE_SIZES = 2;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const DEFAULT_DONE_VIDEO_LIMIT = 1;
export const DONE_VIDEO_LIMIT_MAX = 4;
export const CUSTOM_SUBSCRIPTION_MIN = 1;
export const CUSTOM_SUBSCRIPTION_MAX = 100;
export const QA_SLOTS = 3;
export const QA_SLOTS_EXTRA = 4;
export const YT_HELPER_SLOTS = 2;
/** Upper bounds of admin-set numbers and the staff's notes on a customer. */
export const REQUEST_LIMIT_MAX = 1_000;
export const TEAM_NOTES_MAX = 10_000;
export const NOTIFICATION_POLL_MS = 30_000;
export const CHAT_POLL_MS = 15_000;
export const TOAST_MS = 3_000;
export const SIDEBAR_COLLAPSE_PX = 992;
export const MOBILE_PX = 768;
export const CLOCK_TIME_ZONE = 'America/New_York';
/** Set beside the HttpOnly session cookie, without its secret: the web app asks /api/me only when it is there. */
export const SIGNED_IN_HINT_COOKIE = 'cutroom_signed_in';
export const ADDITIONAL_INFO_CUT = 100;
export const TABLE_PAGE_SIZE = 10;
/** Largest page a list call takes (the View As and assign selects ask for 100). */
export const LIST_LIMIT_MAX = 100;
export const BILLING_PERIOD_DAYS = 30;
export const INACTIVE_DAYS = 30;
export const MIDDLE_ACTIVITY_DAYS = 14;
export const EARLIEST_DATE = '2022-12-20';

/** Requests a customer may create per billing period, by subscription (DESIGN §4); null = no limit. */
export const REQUESTS_PER_PERIOD = { single: 1, double: 2, weekly: 4, unlimited: null } as const;

/** Field bounds the server enforces and the forms mirror. */
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const TITLE_MAX = 200;
export const URL_MAX = 2048;

/** Largest upload through POST /api/media (voice notes, SRT files, thumbnails). */
export const MEDIA_MAX_BYTES = 50 * 1_048_576;

/**
 * Frame grabs (GET …/frame?t=): calls one user (or one guest visit) may make a minute, and how many grabbed
 * frames an asset keeps in storage, the oldest dropped first (a review report's 120 fit). The defaults of
 * MEDIA_FRAMES_PER_MINUTE and MEDIA_FRAME_CACHE.
 */
export const FRAME_GRABS = { perMinute: 120, cachedPerAsset: 200 } as const;

/** The last event of a stream whose session was logged out or revoked: the client signs out, not reconnects. */
export const SESSION_ENDED_EVENT = 'session.ended';

/** FAQ facts (spec 002 §9): New York cut-off hours, when a revision becomes a new credit, the captions plan. */
export const SUBMIT_CUTOFF_HOUR_NY = 20;
export const EDITOR_CUTOFF_HOUR_NY = 17;
export const LATE_REVISION_DAYS = 30;
/** Promise dates' capacity model: how many waiting cards one editor (or QA) starts a working day. */
export const FIRST_CUTS_STARTED_PER_DAY = 3;
export const CAPTIONS_PLAN_USD_PER_MONTH = 95;

/** The tab's record that its reader closed an announcement; an edited announcement shows again. */
export const announcementDismissKey = (a: { id: number; updated_at: string }) =>
  `dismissedAnnouncement:${a.id}:${a.updated_at}`;
/** The largest database id: ids are positive 32-bit integers, so none overflows a column. */
export const MAX_DB_ID = 2_147_483_647;
/** The card page's route pattern, for the web's router. */
export const CARD_DETAILS_ROUTE = '/card-details/:cardId';
/** Where a card opens: tiles, list rows, mail and notification links, every redirect to a card. */
export const cardDetailsPath = (cardId: number) => CARD_DETAILS_ROUTE.replace(':cardId', String(cardId));
