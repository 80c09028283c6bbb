import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  AI_TOOL_TYPES,
  CARD_STATUSES,
  INBOX_STATUSES,
  NOTE_TYPES,
  NOTIFICATION_TYPES,
  RATED_PARTS,
  ROLES,
  YT_STATUSES,
  valuesOf,
  type ApiTokenScope,
  type WebhookEvent,
  type InboxStatus,
  type RatedPart,
  type NoteType,
  type NotificationType,
  type QcMeasures,
  type QcStretchKind,
  type LoudnessTargetKey,
  type ApprovalRule,
  type PlayedRange,
  type Decision,
  type DownloadPolicy,
  type GuestDownload,
  DEFAULT_DOWNLOAD_POLICY,
  DOWNLOAD_POLICIES,
  GUEST_DOWNLOADS,
  APPROVAL_RULES,
  DECISIONS,
  DEFAULT_APPROVAL_RULE,
  DEFAULT_LOUDNESS_TARGET,
  LOUDNESS_TARGET_KEYS,
  QC_STRETCH_KINDS,
} from '@cutroom/domain';
import {
  BANNER_DEFAULTS,
  BANNER_FONT_STYLES,
  BANNER_HEADING_STYLES,
  BANNER_TEXT_STYLES,
} from '@cutroom/domain/schemas';
import { inList } from './sql-lists.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Every User field of spec 002 §3 and 000 §3; lists that are relations live in their own tables. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    clientType: text('client_type').notNull().$type<(typeof ROLES)[number]>(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    useremail: text('useremail').notNull(),
    pendingEmail: text('pending_email'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    passwordHash: text('password_hash').notNull(),
    secondaryEmail: text('secondary_email'),
    dropboxEmail: text('dropbox_email'),
    assignedToLeadId: integer('assigned_to_lead_id'),
    billingDate: timestamp('billing_date', { withTimezone: true }),
    subscriptionType: text('subscription_type'),
    customSubscription: smallint('custom_subscription'),
    requestLimit: integer('request_limit'),
    extraQaSlot: boolean('extra_qa_slot').notNull().default(false),
    hasSubtitles: boolean('has_subtitles').notNull().default(false),
    hasYoutubeHelper: boolean('has_youtube_helper').notNull().default(false),
    doneVideoLimit: smallint('done_video_limit').notNull().default(1),
    teamNotes: text('team_notes'),
    /** Delivery QC holds this customer's cuts to it (issue 51); staff choose it on the profile. */
    /** The approval rule a new card of this customer starts with (issue 52); staff set it. */
    approvalRule: text('approval_rule').$type<ApprovalRule>().notNull().default(DEFAULT_APPROVAL_RULE),
    loudnessTarget: text('loudness_target').$type<LoudnessTargetKey>().notNull().default(DEFAULT_LOUDNESS_TARGET),
    /** Whether this customer's originals unlock only once a version is approved (issue 52); staff set it. */
    downloadPolicy: text('download_policy').$type<DownloadPolicy>().notNull().default(DEFAULT_DOWNLOAD_POLICY),
    preferredEditingSoftware: text('preferred_editing_software'),
    timezone: text('timezone').notNull().default(''),
    referral: text('referral'),
    otherreferral: text('otherreferral'),
    videoType: text('video_type'),
    aboutVideo: text('about_video'),
    socialMediaLink: text('social_media_link'),
    videoStyle: text('video_style'),
    videoInspired: text('video_inspired'),
    videoInfo: text('video_info'),
    additionalVideoInfo: text('additional_video_info'),
    channelName: text('channel_name'),
    prevThumbnailsLink: text('prev_thumbnails_link'),
    descriptionLink: text('description_link'),
    refThumbnailsFile: text('ref_thumbnails_file'),
    thumbnailFont: text('thumbnail_font'),
    thumbnailMainColor: text('thumbnail_main_color'),
    thumbnailSubColor: text('thumbnail_sub_color'),
    photoPreference: text('photo_preference'),
    textPreference: text('text_preference'),
    titlePreference: text('title_preference'),
    endCardPreference: text('end_card_preference'),
    publicVideo: text('public_video'),
    keywordList: text('keyword_list'),
    additionalThumbnailData: text('additional_thumbnail_data'),
    videoPublishingSchedules: text('video_publishing_schedules'),
    ytAnalyticsData: jsonb('yt_analytics_data'),
    ytAccessToken: text('yt_access_token'),
    mailPreferences: jsonb('mail_preferences')
      .$type<{ card_movement: 0 | 1; card_comment: 0 | 1; card_comment_tag: 0 | 1; daily_digest?: 0 | 1 }>()
      .notNull()
      .default({ card_movement: 1, card_comment: 1, card_comment_tag: 1 }),
    lastLoginTime: timestamp('last_login_time', { withTimezone: true }),
    isActiveSubscription: boolean('is_active_subscription').notNull().default(true),
    isProfileCompleted: boolean('is_profile_completed').notNull().default(false),
    isYtFieldsFilled: boolean('is_yt_fields_filled').notNull().default(true),
    isTemporaryPassword: boolean('is_temporary_password').notNull().default(false),
    isOnLeave: boolean('is_on_leave').notNull().default(false),
    isDeleted: boolean('is_deleted').notNull().default(false),
    showPortalVideo: boolean('show_portal_video').notNull().default(true),
    profileImg: text('profile_img'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.useremail})`),
    index('users_type_idx').on(t.clientType),
    index('users_lead_idx').on(t.assignedToLeadId),
    // The customers list in name order (and its late pages) without sorting every customer. The columns
    // after id (unique, so they never change the order) let the list's total and counters read this index
    // alone when no filter needs more: Drizzle has no INCLUDE.
    index('users_customers_list_idx').on(
      t.clientType,
      t.isDeleted,
      t.firstname,
      t.id,
      t.isActiveSubscription,
      t.subscriptionType,
      t.customSubscription,
      t.requestLimit,
    ),
    check('users_client_type_check', inList('client_type', ROLES)),
    check('users_loudness_target_check', inList('loudness_target', LOUDNESS_TARGET_KEYS)),
    check('users_approval_rule_check', inList('approval_rule', APPROVAL_RULES)),
    check('users_download_policy_check', inList('download_policy', DOWNLOAD_POLICIES)),
  ],
);

/** A customer's QA slots (3, or 4 with the extra slot). */
export const customerQas = pgTable(
  'customer_qas',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    qaId: integer('qa_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slot: smallint('slot').notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.slot] }), index('customer_qas_qa_idx').on(t.qaId)],
);

/** A customer's YouTube helpers (2 slots). */
export const customerYtHelpers = pgTable(
  'customer_yt_helpers',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    helperId: integer('helper_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slot: smallint('slot').notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.slot] }), index('customer_yt_helpers_helper_idx').on(t.helperId)],
);

/** Opaque session tokens, stored as SHA-256 hashes, with idle and absolute expiry. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull().default(false),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Every stored upload, so each user's share of storage is known (the per-user quota) and files have an owner. */
export const mediaFiles = pgTable(
  'media_files',
  {
    key: text('key').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bytes: integer('bytes').notNull(),
    contentType: text('content_type').notNull(),
    purpose: text('purpose').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('media_files_owner_idx').on(t.ownerId)],
);

/** What ffprobe found in a stored video (issue 34); fps as the source's rational, sizes after rotation. */
export interface MediaProbe {
  fpsNum: number;
  fpsDen: number;
  frameCount: number | null;
  duration: number;
  width: number;
  height: number;
  rotation: number;
  videoCodec: string;
  audioCodec: string | null;
  audioChannels: number;
  interlaced: boolean;
}

/** The storage keys the pipeline wrote for one video (all under derived/<asset>/<attempt>/). */
export interface MediaOutputs {
  proxies: { height: number; width: number; key: string }[];
  poster: string;
  sprites: string[];
  /** Scrub thumbnails' size and spacing, to write the WebVTT track from. */
  thumb: { width: number; height: number; intervalS: number; columns: number; rows: number; count: number };
  waveform: string | null;
}

/**
 * A stored video and its media-pipeline job (a durable queue row, as webhook deliveries are): one per
 * storage key, however many cards deliver it. Jobs are claimed with a lease that the worker renews.
 */
export const mediaAssets = pgTable(
  'media_assets',
  {
    id: serial('id').primaryKey(),
    sourceKey: text('source_key').notNull().unique(),
    /** A delivery link not ours (Dropbox, Drive, any https): the job first fetches it to sourceKey (issue 49). */
    sourceUrl: text('source_url'),
    /** When the link's file was stored at sourceKey; null while it is still to be fetched. */
    importedAt: timestamp('imported_at', { withTimezone: true }),
    /** The customer whose STORAGE_QUOTA_MB a fetched link's file counts against, and its bytes (declared, then stored). */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    sourceBytes: bigint('source_bytes', { mode: 'number' }),
    status: text('status').$type<'queued' | 'processing' | 'ready' | 'failed'>().notNull().default('queued'),
    progress: smallint('progress').notNull().default(0),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    probe: jsonb('probe').$type<MediaProbe>(),
    outputs: jsonb('outputs').$type<MediaOutputs>(),
    /** Delivery QC's measures of the source (issue 51): loudness and the stretches found; null until measured. */
    qc: jsonb('qc').$type<QcMeasures>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('media_assets_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
  ],
);

/** The frames grabbed into storage (derived/<asset>/frames/<n>.jpg): the cache's index, which keeps the newest few. */
export const mediaFrames = pgTable(
  'media_frames',
  {
    assetId: integer('asset_id')
      .notNull()
      .references(() => mediaAssets.id, { onDelete: 'cascade' }),
    frame: integer('frame').notNull(),
    grabbedAt: timestamp('grabbed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.assetId, t.frame] })],
);

/** One-time tokens mailed to users: email verification and password reset. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull().$type<'verify_email' | 'password_reset'>(),
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('user_tokens_hash_unique').on(t.tokenHash), index('user_tokens_user_idx').on(t.userId)],
);

/** Every Card field of spec 000 §3 and 001 §3 that is stored; names, counts and ratings are joined. */
export const cards = pgTable(
  'cards',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id),
    cardTitle: text('card_title').notNull(),
    cardStatus: text('card_status').notNull().default('video_request').$type<(typeof CARD_STATUSES)[number]>(),
    repurposeStatus: text('repurpose_status'),
    ytCardStatus: text('yt_card_status'),
    isComplete: boolean('is_complete').notNull().default(false),
    /** Whose approval completes the card (issue 52): any reviewer's, or every approver's. */
    approvalRule: text('approval_rule').$type<ApprovalRule>().notNull().default(DEFAULT_APPROVAL_RULE),
    isRepurposeComplete: boolean('is_repurpose_complete').notNull().default(false),
    ytIsComplete: boolean('yt_is_complete').notNull().default(false),
    paused: boolean('paused').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    dropboxLink: text('dropbox_link').notNull(),
    youtubeAspectRatio: text('youtube_aspect_ratio').notNull(),
    customAspectRatio: text('custom_aspect_ratio'),
    videoPurpose: text('video_purpose').notNull(),
    otherVideoPurpose: text('other_video_purpose'),
    additionalInfo: text('additional_info'),
    specialInstructions: text('special_instructions'),
    voiceNote: text('voice_note'),
    hasYoutubeHelper: boolean('has_youtube_helper').notNull().default(false),
    videoThumbDesc: text('video_thumb_desc'),
    videoThumbRef: text('video_thumb_ref'),
    videoOptimizationDesc: text('video_optimization_desc'),
    affiliateLinks: text('affiliate_links'),
    subtitles: boolean('subtitles').notNull().default(false),
    hasEndCard: boolean('has_end_card').notNull().default(false),
    hasRepurpose: boolean('has_repurpose').notNull().default(false),
    repurposeAspect: text('repurpose_aspect'),
    repurposeHeadline: text('repurpose_headline'),
    callToAction: text('call_to_action'),
    repurposeAdditionalInfo: text('repurpose_additional_info'),
    doneVideoLink: text('done_video_link'),
    contentId: text('content_id'),
    noContentId: boolean('no_content_id').notNull().default(false),
    unlistedVideoLink: text('unlisted_video_link'),
    thumbnailsLink: text('thumbnails_link'),
    ytSnippetLink: text('yt_snippet_link'),
    srtFile: text('srt_file'),
    repurposeDoneLink: text('repurpose_done_link'),
    ytCardDescription: text('yt_card_description'),
    doneVideoLimit: smallint('done_video_limit').notNull().default(1),
    dueDate: timestamp('due_date', { withTimezone: true }),
    ytDueDate: timestamp('yt_due_date', { withTimezone: true }),
    timeline: smallint('timeline'),
    ytTimeline: smallint('yt_timeline'),
    revisionNr: integer('revision_nr').notNull().default(0),
    repurposeRevisionNr: integer('repurpose_revision_nr').notNull().default(0),
    ytCardRevision: integer('yt_card_revision').notNull().default(0),
    assignedQaId: integer('assigned_qa_id').references(() => users.id),
    assignedTo: integer('assigned_to').references(() => users.id),
    ytHelperId: integer('yt_helper_id').references(() => users.id),
    ytAssignedTime: timestamp('yt_assigned_time', { withTimezone: true }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** Promise dates (docs/promise-dates.md): told at creation, kept up to date, and the first cut's arrival. */
    promisedAt: timestamp('promised_at', { withTimezone: true }),
    expectedAt: timestamp('expected_at', { withTimezone: true }),
    firstDeliveredAt: timestamp('first_delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('cards_status_check', inList('card_status', CARD_STATUSES)),
    check('cards_approval_rule_check', inList('approval_rule', APPROVAL_RULES)),
    check('cards_yt_status_check', sql`yt_card_status is null or ${inList('yt_card_status', YT_STATUSES)}`),
    // Board columns: status then last change, unarchived only. Plain ASC so a backward scan serves
    // ORDER BY … DESC (NULLS FIRST); video requests keep their manual order in the queue index.
    index('cards_board_idx')
      .on(t.cardStatus, t.updatedAt, t.id)
      .where(sql`archived_at is null`),
    index('cards_queue_idx')
      .on(t.cardStatus, t.sort, t.id)
      .where(sql`archived_at is null`),
    index('cards_client_board_idx')
      .on(t.clientId, t.cardStatus, t.updatedAt, t.id)
      .where(sql`archived_at is null`),
    index('cards_editor_board_idx')
      .on(t.assignedTo, t.cardStatus, t.updatedAt, t.id)
      .where(sql`archived_at is null`),
    index('cards_qa_idx').on(t.assignedQaId, t.cardStatus),
    index('cards_helper_idx').on(t.ytHelperId, t.cardStatus),
    // The helper board's columns, as the normal board's: everyone's, a helper's own, a customer's own.
    index('cards_yt_board_idx')
      .on(t.ytCardStatus, t.updatedAt, t.id)
      .where(sql`archived_at is null and yt_card_status is not null`),
    index('cards_yt_helper_board_idx')
      .on(t.ytHelperId, t.ytCardStatus, t.updatedAt, t.id)
      .where(sql`archived_at is null and yt_card_status is not null`),
    index('cards_yt_client_board_idx')
      .on(t.clientId, t.ytCardStatus, t.updatedAt, t.id)
      .where(sql`archived_at is null and yt_card_status is not null`),
    // With client_id, the customers list's "requests in the last 30 days" counter reads the index alone.
    index('cards_created_idx').on(t.createdAt, t.clientId),
    index('cards_due_idx').on(t.dueDate),
    // Cards By Date on the helper due date.
    index('cards_yt_due_idx').on(t.ytDueDate),
    // Recomputing promise dates clears the cards that left the queue: only those with a date are looked at.
    index('cards_expected_idx')
      .on(t.expectedAt)
      .where(sql`expected_at is not null`),
    // The dashboard's hit rate reads cards first delivered in a range.
    index('cards_first_delivered_idx')
      .on(t.firstDeliveredAt)
      .where(sql`first_delivered_at is not null`),
    index('cards_archived_idx')
      .on(t.archivedAt)
      .where(sql`archived_at is not null`),
    // One title per customer, case-insensitive: the database settles races the service check can't.
    uniqueIndex('cards_client_title_unique').on(t.clientId, sql`lower(${t.cardTitle})`),
  ],
);

/**
 * Which QA may see which unarchived card, with the card's board order keys: the QA board walks one
 * index here instead of filtering every card of a column. Kept by triggers (migration 0001) from
 * `cards` and `customer_qas`: a QA sees the cards of customers whose slots hold them and the cards
 * assigned to them, as visibleCardsWhere says.
 */
export const cardQaAccess = pgTable(
  'card_qa_access',
  {
    qaId: integer('qa_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    cardStatus: text('card_status').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    sort: integer('sort').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.qaId, t.cardId] }),
    index('card_qa_access_board_idx').on(t.qaId, t.cardStatus, t.updatedAt, t.cardId),
    index('card_qa_access_queue_idx').on(t.qaId, t.cardStatus, t.sort, t.cardId),
    index('card_qa_access_card_idx').on(t.cardId),
  ],
);

/**
 * Whose cards a counter row counts (DESIGN §4): everyone's (admin, id 0), a customer's (client_id;
 * a team lead sums their customers), an editor's (assigned_to), a helper's (yt_helper_id), and the
 * helper lead's (id 0: cards with the helper or a helper).
 */
export const CARD_COUNT_SCOPES = ['all', 'customer', 'editor', 'helper', 'helper-lead'] as const;

/**
 * Unarchived cards per status per visibility scope, so the board's counts read a few rows however
 * many cards there are. Kept by statement triggers on `cards` (migration 0010), in the writing
 * transaction, whichever path writes.
 */
export const cardCounts = pgTable(
  'card_counts',
  {
    scope: text('scope').notNull().$type<(typeof CARD_COUNT_SCOPES)[number]>(),
    scopeId: integer('scope_id').notNull(),
    cardStatus: text('card_status').notNull().$type<(typeof CARD_STATUSES)[number]>(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.scopeId, t.cardStatus] }),
    check('card_counts_scope_check', inList('scope', CARD_COUNT_SCOPES)),
  ],
);

/** Delivered videos: one row per link, grouped by kind (done / repurpose) and version. */
export const cardVideos = pgTable(
  'card_videos',
  {
    id: serial('id').primaryKey(),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().$type<'done' | 'repurpose'>(),
    version: integer('version').notNull(),
    position: smallint('position').notNull().default(0),
    videoUrl: text('video_url').notNull(),
    videoType: text('video_type'),
    audioVideoType: text('audio_video_type'),
    parentLinkId: integer('parent_link_id'),
    /** The stored file behind video_url, when it is ours (issue 34); links elsewhere have none. */
    assetId: integer('asset_id').references(() => mediaAssets.id, { onDelete: 'set null' }),
    /** When delivery QC's findings became team notes (issue 51): set once, by whoever claims it first. */
    qcNotedAt: timestamp('qc_noted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('card_videos_card_idx').on(t.cardId, t.kind, t.version), index('card_videos_asset_idx').on(t.assetId)],
);

/** Status changes; user_id null marks an automatic movement (spec 000 §3 shows it as 0). */
export const cardActivity = pgTable(
  'card_activity',
  {
    id: serial('id').primaryKey(),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** A decision's reviewer by name (`decision:…` entries, issue 52): a guest has no user id. */
    actorName: text('actor_name'),
    createdAt: createdAt(),
  },
  (t) => [
    index('card_activity_card_idx').on(t.cardId, t.createdAt),
    // Revision time starts at the range's revision requests.
    index('card_activity_created_idx').on(t.createdAt),
  ],
);

/** Customer feedback on a completed card: one rating per card and kind (done or repurpose). */
export const cardRatings = pgTable(
  'card_ratings',
  {
    id: serial('id').primaryKey(),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    cardType: text('card_type').notNull().$type<RatedPart>(),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    ratedBy: integer('rated_by').references(() => users.id),
    assignedQaId: integer('assigned_qa_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('card_ratings_card_type_unique').on(t.cardId, t.cardType),
    index('card_ratings_qa_idx').on(t.assignedQaId),
    // Dashboards, CSAT and the Rated by Customer list read ratings by date.
    index('card_ratings_created_idx').on(t.createdAt, t.cardType),
    check('card_ratings_range', sql`rating between 1 and 5`),
    check('card_ratings_type', inList('card_type', RATED_PARTS)),
  ],
);

/** Every change the rating admin made to a rating: value, QA and why (spec 002 §2 "Rating admin"). */
export const ratingChanges = pgTable(
  'rating_changes',
  {
    id: serial('id').primaryKey(),
    ratingId: integer('rating_id')
      .notNull()
      .references(() => cardRatings.id, { onDelete: 'cascade' }),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    cardType: text('card_type').notNull().$type<RatedPart>(),
    oldRating: smallint('old_rating'),
    newRating: smallint('new_rating').notNull(),
    oldQaId: integer('old_qa_id').references(() => users.id),
    newQaId: integer('new_qa_id').references(() => users.id),
    reason: text('reason').notNull(),
    changedBy: integer('changed_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('rating_changes_created_idx').on(t.createdAt),
    index('rating_changes_rating_idx').on(t.ratingId),
    check('rating_changes_range', sql`new_rating between 1 and 5`),
  ],
);

/** Chat notes of a card: customer chat, team chat (staff only) and the YouTube-helper chat. */
export const cardNotes = pgTable(
  'card_notes',
  {
    id: serial('id').primaryKey(),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    chat: text('chat').notNull().$type<'customer' | 'team' | 'yt'>(),
    noteType: text('note_type').notNull().default('comment').$type<NoteType>(),
    note: text('note').notNull(),
    /** Null only on delivery QC's notes (qcKind set), which no person wrote. */
    authorId: integer('author_id').references(() => users.id),
    videoNumber: smallint('video_number'),
    /** Seconds into the video from a leading @VT{seconds} tag, for markers and seeking. */
    videoTime: integer('video_time'),
    /** The moment the note names, in seconds to the millisecond, and where its range ends (issue 35). */
    timeIn: doublePrecision('time_in'),
    timeOut: doublePrecision('time_out'),
    /** Annotation geometry: a box { shape, x, y, w, h } or a stroke along points, in fractions of the frame, plus the version. */
    annotation: jsonb('annotation'),
    isDeleted: boolean('is_deleted').notNull().default(false),
    isComplete: boolean('is_complete').notNull().default(false),
    /** A customer's comment on a video in review is an item to fix in that revision round (issue 19); null otherwise. */
    fixRound: smallint('fix_round'),
    /** Staff decided not to fix the item, and why (the customer reads it). */
    wontFixReason: text('wont_fix_reason'),
    /** A guest's note (issue 19): the link it came through and the name the guest gave; the author is then the card's customer. */
    guestLinkId: integer('guest_link_id').references(() => guestLinks.id, { onDelete: 'set null' }),
    guestName: text('guest_name'),
    /** Delivery QC's note (issue 51): the finding's kind, and the delivered video it was found in. */
    qcKind: text('qc_kind').$type<QcStretchKind>(),
    qcVideoId: integer('qc_video_id').references(() => cardVideos.id, { onDelete: 'cascade' }),
    reaction: boolean('reaction').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('card_notes_card_chat_idx').on(t.cardId, t.chat, t.id),
    // The board counts a card's open items to fix on every tile.
    index('card_notes_open_fix_idx')
      .on(t.cardId)
      .where(sql`fix_round is not null and is_complete = false and wont_fix_reason is null and is_deleted = false`),
    // Response rates read the range's customer comments, then look for a later staff note by card.
    index('card_notes_created_idx')
      .on(t.createdAt, t.cardId)
      .where(sql`is_deleted = false`),
    check('card_notes_chat_check', sql`chat in ('customer', 'team', 'yt')`),
    check('card_notes_type_check', inList('note_type', NOTE_TYPES)),
    check('card_notes_range_check', sql`time_out is null or (time_in is not null and time_out > time_in)`),
    check('card_notes_author_check', sql`author_id is not null or qc_kind is not null`),
    check('card_notes_qc_kind_check', inList('qc_kind', QC_STRETCH_KINDS)),
  ],
);

/**
 * What happened to whom (spec 002 §3 Notification). One event fans out to one row per recipient;
 * the rows of one event share `event_id` (the spec's notification_unique_id), which read history groups by.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .default(sql`gen_random_uuid()::text`),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id),
    cardId: integer('card_id').references(() => cards.id, { onDelete: 'cascade' }),
    type: text('type').notNull().$type<NotificationType>(),
    data: text('data').notNull(),
    actionLink: text('action_link'),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_recipient_idx').on(t.recipientId, t.createdAt),
    // The bell's count reads only this small part of the table.
    index('notifications_unseen_idx')
      .on(t.recipientId)
      .where(sql`${t.seenAt} is null`),
    index('notifications_event_idx').on(t.eventId),
    check('notifications_type_check', inList('type', valuesOf(NOTIFICATION_TYPES))),
  ],
);

/** Card events such as opens, for read tracking and reports. */
export const cardEvents = pgTable(
  'card_events',
  {
    id: serial('id').primaryKey(),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('card_events_card_idx').on(t.cardId, t.userId, t.createdAt)],
);

/** Holidays (spec 002 §3); a date has at most one live holiday, which the partial unique index settles. */
export const holidays = pgTable(
  'holidays',
  {
    id: serial('id').primaryKey(),
    holidayTitle: text('holiday_title').notNull(),
    holidayDate: date('holiday_date', { mode: 'string' }).notNull(),
    holidayStatus: boolean('holiday_status').notNull().default(true),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('holidays_live_date_unique')
      .on(t.holidayDate)
      .where(sql`not ${t.isDeleted}`),
  ],
);

/** Home page banners (spec 002 §3 Announcement); heading and text are sanitized rich text. */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    enableBanner: boolean('enable_banner').notNull().default(false),
    bannerHeading: text('banner_heading').notNull(),
    bannerHeadingStyle: text('banner_heading_style')
      .notNull()
      .default(BANNER_DEFAULTS.banner_heading_style)
      .$type<(typeof BANNER_HEADING_STYLES)[number]>(),
    bannerText: text('banner_text').notNull(),
    bannerTextStyle: text('banner_text_style')
      .notNull()
      .default(BANNER_DEFAULTS.banner_text_style)
      .$type<(typeof BANNER_TEXT_STYLES)[number]>(),
    bannerHeadingColor: text('banner_heading_color').notNull().default(BANNER_DEFAULTS.banner_heading_color),
    bannerFontStyle: text('banner_font_style')
      .notNull()
      .default(BANNER_DEFAULTS.banner_font_style)
      .$type<(typeof BANNER_FONT_STYLES)[number]>(),
    bannerImage: text('banner_image'),
    bannerImageHeight: integer('banner_image_style_height'),
    bannerImageWidth: integer('banner_image_style_width'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('announcements_active_idx')
      .on(t.startDate, t.endDate)
      .where(sql`${t.enableBanner}`),
    check('announcements_dates_check', sql`start_date <= end_date`),
    check('announcements_heading_style_check', inList('banner_heading_style', BANNER_HEADING_STYLES)),
    check('announcements_text_style_check', inList('banner_text_style', BANNER_TEXT_STYLES)),
    check('announcements_font_style_check', inList('banner_font_style', BANNER_FONT_STYLES)),
  ],
);

/** Leave periods of staff users (spec 002 §3 Leave); "on leave today" is computed from these rows. */
export const userLeaves = pgTable(
  'user_leaves',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_leaves_client_idx').on(t.clientId, t.startDate),
    check('user_leaves_dates_check', sql`start_date <= end_date`),
  ],
);

/**
 * Mail waiting to be sent, written in the transaction of the change it tells about; a worker claims
 * rows with FOR UPDATE SKIP LOCKED, so no two instances send one row.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    recipientId: integer('recipient_id').references(() => users.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    kind: text('kind').notNull(),
    /** One mail per key (a due-date reminder per card and assignee, a digest per user and day). */
    dedupeKey: text('dedupe_key'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Gave up after the last retry; kept for the operator. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    uniqueIndex('mail_outbox_dedupe_unique').on(t.dedupeKey),
  ],
);

/** A support thread between one customer and the staff (spec 002 §2 Inbox). */
export const inboxThreads = pgTable(
  'inbox_threads',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    status: text('status').notNull().default('ACTIVE').$type<InboxStatus>(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    latestMessageAt: timestamp('latest_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('inbox_threads_customer_idx').on(t.customerId, t.latestMessageAt),
    index('inbox_threads_status_idx').on(t.status, t.latestMessageAt),
    check('inbox_threads_status_check', inList('status', valuesOf(INBOX_STATUSES))),
  ],
);

/** A message of a support thread; rich text, sanitized on the way in. */
export const inboxMessages = pgTable(
  'inbox_messages',
  {
    id: serial('id').primaryKey(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => inboxThreads.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    parentId: integer('parent_id'),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('inbox_messages_thread_idx').on(t.threadId, t.createdAt)],
);

/** Who has seen which support message: a relation, not the spec's comma-separated column. */
export const inboxSeen = pgTable(
  'inbox_seen',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => inboxMessages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] }), index('inbox_seen_user_idx').on(t.userId)],
);

/** Raw footage on the upload page (spec 002 §2): one row per file under its customer's prefix; the bytes live in storage. */
export const customerUploads = pgTable(
  'customer_uploads',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    fileName: text('file_name').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('pending').$type<'pending' | 'complete'>(),
    /** The storage's multipart upload id (S3's UploadId, or the local part folder's name). */
    storageUploadId: text('storage_upload_id'),
    partSize: integer('part_size'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('customer_uploads_key_unique').on(t.key),
    index('customer_uploads_customer_idx').on(t.customerId, t.status, t.createdAt),
    check('customer_uploads_status_check', inList('status', ['pending', 'complete'])),
  ],
);

/** Results a user kept from the AI toolbox (spec 002 §3 AI saved item); `data` is sanitized rich text. */
export const aiSavedItems = pgTable(
  'ai_saved_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toolType: text('tool_type').notNull().$type<(typeof AI_TOOL_TYPES)[number]>(),
    title: text('title').notNull(),
    audienceType: text('audience_type'),
    category: text('category'),
    duration: text('duration'),
    data: text('data').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('ai_saved_items_user_idx').on(t.userId, t.toolType, t.id),
    check('ai_saved_items_tool_check', inList('tool_type', AI_TOOL_TYPES)),
  ],
);

/** Generations per user and day, so the daily limit holds across instances (one atomic upsert per call). */
export const aiUsage = pgTable(
  'ai_usage',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    generations: integer('generations').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** A customer's Google tokens for channel analytics, encrypted with TOKEN_ENCRYPTION_KEY (AES-256-GCM). */
export const googleTokens = pgTable('google_tokens', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  accessToken: text('access_token').notNull(),
  refreshToken: text('refresh_token'),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  scope: text('scope'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Pending Google sign-ins: the state sent out and the PKCE verifier kept for its return (minutes-long). */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeVerifier: text('code_verifier').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('oauth_states_user_idx').on(t.userId)],
);

/** The help page and the client handbook: content the admin edits without a deploy (one row per page). */
export const helpPages = pgTable('help_pages', {
  key: text('key').primaryKey(),
  content: jsonb('content').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/** Guest review links (issue 19): one card's review for someone without an account; only the token's hash is kept. */
export const guestLinks = pgTable(
  'guest_links',
  {
    id: serial('id').primaryKey(),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    label: text('label'),
    /** argon2id, like account passwords; null when the link has none. */
    passwordHash: text('password_hash'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    /** The guest decides on each version as a reviewer (issue 52). */
    approver: boolean('approver').notNull().default(false),
    /** What the guest may download (issue 52). */
    download: text('download').$type<GuestDownload>().notNull().default('none'),
    /** What the guest plays and downloads is their own burned-in copy (issue 52); links made before were clean. */
    watermark: boolean('watermark').notNull().default(false),
  },
  (t) => [
    uniqueIndex('guest_links_token_unique').on(t.tokenHash),
    index('guest_links_card_idx').on(t.cardId),
    check('guest_links_download_check', inList('download', GUEST_DOWNLOADS)),
  ],
);

/** A guest's visit through a link: its own cookie token (hashed), the name given, ending with the link. */
export const guestVisits = pgTable(
  'guest_visits',
  {
    id: serial('id').primaryKey(),
    linkId: integer('link_id')
      .notNull()
      .references(() => guestLinks.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    guestName: text('guest_name').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('guest_visits_token_unique').on(t.tokenHash), index('guest_visits_link_idx').on(t.linkId)],
);

/**
 * A watermarked link's own copy of one video (issue 52), a job of the media pipeline's queue: made from the
 * largest proxy with `mark` burned in, once per link, video and mark; stored under the asset's derived folder.
 */
export const guestCopies = pgTable(
  'guest_copies',
  {
    id: serial('id').primaryKey(),
    linkId: integer('link_id')
      .notNull()
      .references(() => guestLinks.id, { onDelete: 'cascade' }),
    assetId: integer('asset_id')
      .notNull()
      .references(() => mediaAssets.id, { onDelete: 'cascade' }),
    /** The text burned in: the guest's name, the link's label, the day it was made. */
    mark: text('mark').notNull(),
    /** Whose name the mark carries ('' for the link's own mark), so a visitor finds their copy again. */
    guestName: text('guest_name').notNull(),
    status: text('status').$type<'queued' | 'processing' | 'ready' | 'failed'>().notNull().default('queued'),
    key: text('key'),
    height: integer('height'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('guest_copies_unique').on(t.linkId, t.assetId, t.guestName),
    index('guest_copies_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
  ],
);

/**
 * A caption track of a delivered version's video (issue 53): uploaded (SRT or WebVTT) or made by transcription.
 * A transcript is a job of the media worker until its cues are in (the queue's columns); an upload is born done.
 */
export const captionTracks = pgTable(
  'caption_tracks',
  {
    id: serial('id').primaryKey(),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    videoVersion: integer('video_version').notNull(),
    videoNumber: integer('video_number').notNull().default(1),
    /** A BCP 47 tag ('en', 'pt-BR'); a transcript's is what the service heard, 'und' until then. */
    language: text('language').notNull(),
    source: text('source').$type<'upload' | 'transcript'>().notNull(),
    status: text('status').$type<'queued' | 'processing' | 'ready' | 'failed'>().notNull().default('ready'),
    error: text('error'),
    /** The card's subtitles file (`srt_file`) a track was read from, so setting it again replaces that track. */
    fileKey: text('file_key'),
    /** The video a transcript is made from. */
    assetId: integer('asset_id').references(() => mediaAssets.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('caption_tracks_card_idx').on(t.cardId, t.videoVersion),
    uniqueIndex('caption_tracks_one_transcript')
      .on(t.cardId, t.videoVersion, t.videoNumber)
      .where(sql`${t.source} = 'transcript'`),
    index('caption_tracks_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
  ],
);

/** A track's cues in order (n from 1), times in milliseconds; text is plain (markup stripped when read in). */
export const captionCues = pgTable(
  'caption_cues',
  {
    trackId: integer('track_id')
      .notNull()
      .references(() => captionTracks.id, { onDelete: 'cascade' }),
    n: integer('n').notNull(),
    startMs: integer('start_ms').notNull(),
    endMs: integer('end_ms').notNull(),
    text: text('text').notNull(),
    /** WebVTT cue settings we keep (line, position, size, align, vertical), or null. */
    settings: text('settings'),
  },
  (t) => [primaryKey({ columns: [t.trackId, t.n] })],
);

/** Why a delivered video went back (issue 20): the admin's list, never deleted so past revisions keep their reasons. */
export const revisionReasons = pgTable(
  'revision_reasons',
  {
    key: text('key').primaryKey(),
    label: text('label').notNull(),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('revision_reasons_label_idx').on(sql`lower(${t.label})`)],
);

/** One row per revision request, with who was on the card then, so first-pass and reason stats are queryable. */
export const cardRevisions = pgTable(
  'card_revisions',
  {
    id: serial('id').primaryKey(),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    /** The card's revision_nr after this request: 1 for the first revision. */
    round: integer('round').notNull(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    editorId: integer('editor_id').references(() => users.id, { onDelete: 'set null' }),
    qaId: integer('qa_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('card_revisions_card_idx').on(t.cardId, t.round),
    index('card_revisions_requested_idx').on(t.requestedAt),
  ],
);

/** The reasons of one revision request; a reason in use can be deactivated but not removed. */
export const cardRevisionReasons = pgTable(
  'card_revision_reasons',
  {
    revisionId: integer('revision_id')
      .notNull()
      .references(() => cardRevisions.id, { onDelete: 'cascade' }),
    reasonKey: text('reason_key')
      .notNull()
      .references(() => revisionReasons.key, { onUpdate: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.revisionId, t.reasonKey] }), index('card_revision_reasons_key_idx').on(t.reasonKey)],
);

/** Integration API tokens (issue 20): hashed like sessions; each acts as its creator within its scopes. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The token's first characters, to tell tokens apart in the list. */
    prefix: text('prefix').notNull(),
    scopes: jsonb('scopes').$type<ApiTokenScope[]>().notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_tokens_hash_unique').on(t.tokenHash)],
);

/** Outgoing webhooks (issue 20): where card and comment events are POSTed, signed with the secret. */
export const webhooks = pgTable('webhooks', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  events: jsonb('events').$type<WebhookEvent[]>().notNull(),
  /** The HMAC key; the receiver holds a copy, so it is kept as is (shown once at creation). */
  secret: text('secret').notNull(),
  active: boolean('active').notNull().default(true),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One event for one webhook: a job of the durable queue (the mail outbox's claim and backoff). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    /** The bus event's id, the same on every instance: one delivery per webhook and event. */
    eventId: text('event_id').notNull(),
    eventType: text('event_type').$type<WebhookEvent>().notNull(),
    /** The exact body sent, so a retry or a replay sends the same bytes. */
    payload: text('payload').notNull(),
    replayOf: integer('replay_of'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} is null and ${t.failedAt} is null`),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.id),
    uniqueIndex('webhook_deliveries_event_unique')
      .on(t.webhookId, t.eventId)
      .where(sql`${t.replayOf} is null`),
  ],
);

/** Each try of a delivery, with what the receiver answered. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: serial('id').primaryKey(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    responseExcerpt: text('response_excerpt').notNull().default(''),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId)],
);

/**
 * A reviewer's decision on a version of a card (issue 52): the customer's (`reviewer` 'customer') or an
 * approver guest's ('guest:<link id>'), one per reviewer and version, changed in place until the card is complete.
 */
export const cardDecisions = pgTable(
  'card_decisions',
  {
    id: serial('id').primaryKey(),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    videoVersion: integer('video_version').notNull(),
    reviewer: text('reviewer').notNull(),
    guestLinkId: integer('guest_link_id').references(() => guestLinks.id, { onDelete: 'cascade' }),
    /** The name they decided under: the customer's, or the one the guest gave. */
    name: text('name').notNull(),
    decision: text('decision').$type<Decision>().notNull(),
    note: text('note'),
    /** The share of the version they had played when deciding, once playback is reported. */
    watched: doublePrecision('watched'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('card_decisions_reviewer_unique').on(t.cardId, t.videoVersion, t.reviewer),
    check('card_decisions_decision_check', inList('decision', DECISIONS)),
  ],
);

/**
 * What a viewer has played of a version of a card (issue 52), merged ranges in seconds: a reviewer's
 * ('customer', 'guest:<link id>') or a staff member's ('staff:<user id>'), one row each per version.
 */
export const reviewWatches = pgTable(
  'review_watches',
  {
    id: serial('id').primaryKey(),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    videoVersion: integer('video_version').notNull(),
    reviewer: text('reviewer').notNull(),
    ranges: jsonb('ranges').$type<PlayedRange[]>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('review_watches_reviewer_unique').on(t.cardId, t.videoVersion, t.reviewer)],
);
