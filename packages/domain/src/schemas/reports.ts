import { z } from 'zod';
import { CARD_STATUSES } from '../card-status.js';
import { EARLIEST_DATE, RATING_MAX, RATING_MIN, TABLE_PAGE_SIZE } from '../constants.js';
import { MSG } from '../messages.js';
import {
  EXPORT_LIMITS,
  PROFILE_REPORT_TYPES,
  RATING_ADMIN_PARTS,
  RATING_REASON_MIN,
  REPORT_TABS,
} from '../reporting.js';
import { dbId, emptyAsAbsent, optionalParam } from './fields.js';

/** A real calendar day, not before the first day with data (spec 002 §5, §9). */
const reportDay = z.iso.date({ error: MSG.dateInvalid }).refine((d) => d >= EARLIEST_DATE, { error: MSG.dateTooEarly });
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const queryId = z.coerce.number().pipe(dbId);

/** A range in the caller's time zone; each call fills a missing end with today and a missing start by its default. */
const rangeFields = { start_date: reportDay.optional(), end_date: reportDay.optional() };
const inOrder = (q: { start_date?: string; end_date?: string }) =>
  !q.start_date || !q.end_date || q.start_date <= q.end_date;
const orderRule = { error: MSG.dateRangeReversed, path: ['start_date'] };
export const reportRangeQuery = z.object(rangeFields).refine(inOrder, orderRule);
/** The range a reply was computed for, defaults resolved. */
export const resolvedRange = z.object({ start_date: z.string(), end_date: z.string() });

// ── Dashboards (spec 002 §2 "Dashboards", §3 "Staff stats", "Dashboard data") ─────────────────────

export const dashboardQuery = z
  .object({ ...rangeFields, tab: z.enum(REPORT_TABS).optional().describe('Left out: the first tab the caller has') })
  .refine(inOrder, orderRule);

/** The circular graphs: over the cards the caller sees, created in the range (docs/reporting.md). */
export const videoStats = z.object({
  total_videos: z.number(),
  in_progress: z.number(),
  completed: z.number(),
  avg_rating: z.number(),
  rated_videos: z.number(),
  avg_time: z.number().describe('Hours from assignment to delivery, wall clock, 1 decimal'),
  overdue: z.number(),
});
export type VideoStats = z.infer<typeof videoStats>;

/** One staff member's row; on YTHelperTab the figures are the helper side's (yt_card_status, yt chat, yt ratings). */
export const staffStats = z.object({
  user_id: z.number(),
  qa_name: z.string(),
  lead_id: z.number().nullable(),
  lead_name: z.string().nullable(),
  total_request: z.number(),
  video_request: z.number(),
  in_progress: z.number(),
  on_time: z.number(),
  overdue: z.number(),
  revision_overdue: z.number(),
  completed: z.number(),
  average_time: z.number(),
  average_video_count: z.number(),
  revision_count: z.number(),
  revision_average_time: z.number(),
  revision_average_time_count: z.number(),
  total_rating: z.number(),
  rated_videos: z.number(),
  /** Left the team (deleted, or no longer of the tab's role): shown struck through and not linked. */
  teamLeadUpdated: z.boolean(),
});
export type StaffStats = z.infer<typeof staffStats>;

export const customerStatsRow = z.object({
  client_id: z.number(),
  customer_name: z.string(),
  is_deleted: z.boolean(),
  total_request: z.number(),
  in_progress: z.number(),
  completed: z.number(),
  average_time: z.number(),
  total_rating: z.number(),
  rated_videos: z.number(),
});
export type CustomerStatsRow = z.infer<typeof customerStatsRow>;

/** The 'Customer Averages' table (spec 002 §3): every average is total / max(1, count). */
export const customerAverages = z.object({
  total_customers: z.number(),
  active_customers: z.number(),
  average_requests: z.number(),
  average_completed: z.number(),
  average_time: z.number(),
  average_rating: z.number(),
  total_ratings: z.number(),
});
export type CustomerAverages = z.infer<typeof customerAverages>;

/** GET /api/dashboard-data-V2: the graphs plus the chosen tab's rows (the other lists come back empty). */
export const dashboardReply = z.object({
  range: resolvedRange,
  tab: z.enum(REPORT_TABS),
  tabs: z.array(z.enum(REPORT_TABS)),
  video_stats: videoStats,
  /** QaTab rows. */
  editor_stats: z.array(staffStats),
  /** TeamLeadTab rows: a lead's row sums their team's QAs. */
  team_lead_data: z.array(staffStats),
  /** YTHelperTab rows. */
  yt_helper_data: z.array(staffStats),
  customer_data: z.object({ customer_stats: customerAverages, customers: z.array(customerStatsRow) }),
});
export type DashboardReply = z.infer<typeof dashboardReply>;

/** Comment stats (the ART widget) per QA, lead or helper: spec 002 §3 "Comment stats". */
export const commentStats = z.object({
  user_id: z.number(),
  qaFirstName: z.string(),
  qaLastName: z.string(),
  leadFirstName: z.string().nullable(),
  leadLastName: z.string().nullable(),
  total_comments_count: z.number(),
  replied_count: z.number(),
  response_rate: z.number(),
  total_response_rated_cards: z.number(),
  /** Hours from a customer comment to the staff note that answered it, averaged; 0 when none answered. */
  average_response_hours: z.number(),
  teamLeadUpdated: z.boolean(),
});
export type CommentStats = z.infer<typeof commentStats>;
export const artDashboardReply = z.object({
  range: resolvedRange,
  tab: z.enum(REPORT_TABS),
  data: z.array(commentStats),
});
export type ArtDashboardReply = z.infer<typeof artDashboardReply>;

/** GET /api/client-dashboard-data: a customer's own cards in the range; staff name the customer with `id`. */
export const clientDashboardQuery = z
  .object({ ...rangeFields, id: queryId.optional(), page })
  .refine(inOrder, orderRule);
export const clientDashboardRow = z.object({
  serial: z.number(),
  card_id: z.number(),
  card_title: z.string(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  card_status: z.enum(CARD_STATUSES),
});
export const clientDashboardReply = z.object({
  range: resolvedRange,
  data: z.array(clientDashboardRow),
  count: z.number(),
  page: z.number(),
  page_size: z.literal(TABLE_PAGE_SIZE),
});
export type ClientDashboardReply = z.infer<typeof clientDashboardReply>;

// ── A person's profile figures (spec 002 §2 "User profile", §7) ──────────────────────────────────

export const userIdParam = z.object({ userId: queryId });
export const profileReportQuery = z
  .object({
    ...rangeFields,
    type: z.enum(['comments', 'yt_helper_comments']).optional(),
    view_as: emptyAsAbsent(queryId.optional()),
    profileType: z.enum(PROFILE_REPORT_TYPES).optional(),
    page,
  })
  .refine(inOrder, orderRule);

/** Response-rate row per card (spec 002 §3). first/last name are the card's customer's. */
export const responseRateRow = z.object({
  card_id: z.number(),
  card_title: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  total_comments_count: z.number(),
  replied_count: z.number(),
  response_rate: z.number(),
  total_response_rated_cards: z.number(),
});
export const responseRateReply = z.object({
  range: resolvedRange,
  data: z.array(responseRateRow),
  count: z.number(),
  /** The person's figure: a QA's replied / total; a lead's the capped mean of per-card rates. */
  summary: z.object({
    total_comments_count: z.number(),
    replied_count: z.number(),
    response_rate: z.number(),
    total_response_rated_cards: z.number(),
  }),
});
export type ResponseRateReply = z.infer<typeof responseRateReply>;

/** CSAT row per customer (spec 002 §3; `card_tile` is the spec's spelling). */
export const csatRow = z.object({
  client_id: z.number(),
  client_fname: z.string(),
  client_lname: z.string(),
  card_tile: z.array(z.string()),
  rated_videos: z.number(),
  total_rating: z.number(),
  rating_comments: z.array(z.string()),
  csat: z.number(),
});
export const csatReply = z.object({
  range: resolvedRange,
  data: z.array(csatRow),
  count: z.number(),
  summary: z.object({ rated_videos: z.number(), total_rating: z.number(), csat: z.number() }),
});
export type CsatReply = z.infer<typeof csatReply>;

export const cardIdParam = z.object({ card_id: queryId });
/** Comment export: the path's card plus optional others (comma-separated ids), every one visible to the caller. */
export const exportCommentsQuery = z
  .object({
    ...rangeFields,
    type: z.enum(['comments', 'yt_helper_comments']).optional(),
    profileType: z.enum(PROFILE_REPORT_TYPES).optional(),
    cardIds: z
      .string()
      .max(2_000)
      .regex(/^\d+(,\d+)*$/, { error: 'cardIds is a comma-separated list of card ids' })
      .optional(),
  })
  .refine(inOrder, orderRule);
/** A customer comment and the staff note that answered it (spec 002 §3 "Exported comment"); ISO instants. */
export const exportedComment = z.object({
  card_id: z.number(),
  card_title: z.string(),
  note: z.string(),
  repliedComment: z.string().nullable(),
  date_added: z.string(),
  note_reaction_date_time: z.string().nullable(),
  updated_at: z.string(),
});
export const exportCommentsReply = z.object({ data: z.array(exportedComment) });
export type ExportedComment = z.infer<typeof exportedComment>;

// ── Rating admin (spec 002 §2 "Rating admin", §3 "Rating record", §5) ───────────────────────────

/** The new-QA select left on its placeholder sends '' or 0: no new QA, the rating stays with the card's. */
const noNewQa = (v: unknown) => (v === '' || v === 0 || v === '0' ? null : v);
export const ratingUpdateBody = z.object({
  cardId: dbId,
  newQA: z.preprocess(noNewQa, dbId.optional().nullable()),
  cardType: z.enum(RATING_ADMIN_PARTS),
  rating: z.number().int().min(RATING_MIN).max(RATING_MAX),
  ratingReason: z.string().trim().min(RATING_REASON_MIN, { error: MSG.ratingReasonTooShort }).max(2_000),
});
export const assignNewQaBody = ratingUpdateBody.omit({ rating: true }).extend({ newQA: dbId });

/** Rating lists page 10 at a time by default (spec 002 §9); another size up to 100 is honoured. */
const listLimit = z.coerce.number().int().min(1).max(100).default(TABLE_PAGE_SIZE);
/** `index` is the page from 1; 0 is read as the first page too, as a zero-based caller means it. */
const listIndex = z.coerce
  .number()
  .int()
  .min(0)
  .max(100_000)
  .default(1)
  .transform((n) => Math.max(1, n))
  .describe('Page number, from 1 (0 also means the first)');
const COMMENTED = { with: 'with', without: 'without' } as const;
/** The comment filter by its key, its label, or as a yes/no flag; '' is no filter. */
const commentedFilter = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const key = v.trim().toLowerCase();
    if (key === '' || key === 'all') return undefined;
    if (['with', 'cards with comment', '1', 'true', 'yes'].includes(key)) return COMMENTED.with;
    if (['without', 'cards without comment', '0', 'false', 'no'].includes(key)) return COMMENTED.without;
    return v;
  },
  z.enum(['with', 'without']).optional().describe("'Cards with Comment' or 'Cards without Comment'"),
);

/** One change of a rating: who it was given to, what it became and why. */
export const ratingRecord = z.object({
  id: z.number(),
  card_id: z.number(),
  card_title: z.string(),
  card_type: z.enum(RATING_ADMIN_PARTS),
  rating: z.number(),
  old_rating: z.number().nullable(),
  qaFirstname: z.string().nullable(),
  qaLastname: z.string().nullable(),
  old_qa_name: z.string().nullable(),
  reason: z.string(),
  changed_by_name: z.string(),
  created_at: z.string(),
});
export type RatingRecord = z.infer<typeof ratingRecord>;
export const ratingUpdateReply = z.object({
  status: z.literal(true),
  data: z.object({ success: z.literal(true), error_message: z.null(), message: z.string() }),
  record: ratingRecord,
});

export const updatedRatingsQuery = z
  .object({
    startDate: reportDay.optional(),
    endDate: reportDay.optional(),
    selectedRating: optionalParam(z.coerce.number().int().min(RATING_MIN).max(RATING_MAX).optional()),
    limit: listLimit,
    index: listIndex,
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    error: MSG.dateRangeReversed,
    path: ['startDate'],
  });
export const updatedRatingsReply = z.object({
  updatedRatedCards: z.array(ratingRecord),
  totalRatedCards: z.number(),
});

export const customerRatingsQuery = z.object({
  customerId: optionalParam(queryId.optional()),
  qaId: optionalParam(queryId.optional()),
  title: z.string().trim().max(200).optional(),
  commented: commentedFilter,
  limit: listLimit,
  index: listIndex,
});
export const customerRating = z.object({
  id: z.number(),
  card_id: z.number(),
  card_title: z.string(),
  card_type: z.enum(RATING_ADMIN_PARTS),
  rating: z.number(),
  qa_name: z.string().nullable(),
  customer_name: z.string(),
  comment: z.string().nullable(),
  created_date: z.string(),
});
export const customerRatingsReply = z.object({ data: z.array(customerRating), total: z.number() });

/** POST /api/getCard: what the rating form needs about one card. */
export const getCardBody = z.preprocess(
  // The spec's rating form names the card `cardId`; `card_id` as elsewhere.
  (v) => (v && typeof v === 'object' && !('card_id' in v) && 'cardId' in v ? { card_id: v.cardId } : v),
  z.object({ card_id: dbId }),
);
export const ratingCardPart = z.object({
  card_type: z.enum(RATING_ADMIN_PARTS),
  delivered: z.boolean(),
  rating: z.number().nullable(),
  qa_id: z.number().nullable(),
  qa_name: z.string().nullable(),
});
export const getCardReply = z.object({
  card_id: z.number(),
  card_title: z.string(),
  client_id: z.number(),
  client_name: z.string(),
  card_status: z.enum(CARD_STATUSES),
  assigned_qa_id: z.number().nullable(),
  assigned_qa_name: z.string().nullable(),
  has_repurpose: z.boolean(),
  parts: z.array(ratingCardPart),
});
export type GetCardReply = z.infer<typeof getCardReply>;

// ── Export Cards (spec 002 §2 "Export") ──────────────────────────────────────────────────────────

export const exportCardsQuery = z
  .object({
    startDate: reportDay.optional(),
    endDate: reportDay.optional(),
    limit: z.coerce
      .number()
      .refine((n) => (EXPORT_LIMITS as readonly number[]).includes(n), {
        error: 'Limit is 100 to 1000 in steps of 100',
      })
      .default(100),
    customerId: queryId.optional(),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    error: MSG.dateRangeReversed,
    path: ['startDate'],
  });
export const exportedCard = z.object({
  card_id: z.number(),
  card_title: z.string(),
  card_status: z.enum(CARD_STATUSES),
  qa_name: z.string().nullable(),
  customer_name: z.string(),
  created_at: z.string(),
});
export const exportCardsReply = z.object({
  range: resolvedRange,
  cards: z.array(exportedCard),
  /** Every card in the range, which Export downloads whole; View shows the first `limit`. */
  total: z.number(),
});
export type ExportCardsReply = z.infer<typeof exportCardsReply>;

/** A streamed CSV download's reply, as the OpenAPI document describes it. */
export const csvReply = (what: string) => z.string().describe(`text/csv, UTF-8 with a BOM, streamed: ${what}`);
