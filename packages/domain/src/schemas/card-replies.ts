import { z } from 'zod';
import { approvalView } from './approvals.js';
import { CARD_STATUSES, YT_STATUSES } from '../card-status.js';
import { MEDIA_STATUSES } from '../media-pipeline.js';
import { LOUDNESS_TARGET_KEYS, QC_KINDS, QC_STATUSES, type LoudnessTargetKey } from '../qc.js';

const iso = z.string().nullable();

/** Delivery QC's view of a video (issue 51, docs/qc.md): staff's only, never in a customer's or a guest's reply. */
export const qcView = z.object({
  status: z.enum(QC_STATUSES),
  integrated_lufs: z.number().nullable(),
  loudness_range: z.number().nullable(),
  true_peak_dbtp: z.number().nullable(),
  target: z.enum(LOUDNESS_TARGET_KEYS as [LoudnessTargetKey, ...LoudnessTargetKey[]]),
  /** Null until measured. */
  has_audio: z.boolean().nullable(),
  findings: z.array(
    z.object({
      kind: z.enum(QC_KINDS),
      time_in: z.number().nullable(),
      time_out: z.number().nullable(),
      text: z.string(),
    }),
  ),
});
export type QcView = z.infer<typeof qcView>;

/** A stored video as the media pipeline prepared it (issue 34); null for a link outside our storage. */
export const mediaView = z.object({
  status: z.enum(MEDIA_STATUSES),
  progress: z.number().int().min(0).max(100),
  /** True while a delivery link (Dropbox, Drive, https) is still being fetched into storage: progress counts the fetch. */
  importing: z.boolean(),
  error: z.string().nullable(),
  /** The frame rate as the source declares it, e.g. 30000/1001 ≈ 29.97. */
  fps: z.number().nullable(),
  fps_rational: z.string().nullable(),
  frame_count: z.number().int().nullable(),
  duration: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  video_codec: z.string().nullable(),
  audio_codec: z.string().nullable(),
  /** Highest first. */
  proxies: z.array(z.object({ height: z.number().int(), url: z.string() })),
  poster_url: z.string().nullable(),
  /** The WebVTT thumbnails track over the sprite images. */
  sprite_url: z.string().nullable(),
  waveform_url: z.string().nullable(),
  qc: qcView.optional(),
});
export type MediaView = z.infer<typeof mediaView>;

const video = z.object({
  video_id: z.number(),
  video_url: z.string(),
  video_type: z.string().nullable(),
  audio_video_type: z.string().nullable(),
  parent_link_id: z.number().nullable(),
  video_version: z.number(),
  /** When it was delivered: a note belongs to the newest version delivered before it (version compare). */
  created_at: z.string(),
  media: mediaView.nullable(),
});

/** A card as a board column or list shows it. */
export const cardTile = z.object({
  card_id: z.number(),
  card_title: z.string(),
  card_status: z.enum(CARD_STATUSES),
  repurpose_status: z.string().nullable(),
  yt_card_status: z.enum(YT_STATUSES).nullable(),
  is_complete: z.boolean(),
  is_repurpose_complete: z.boolean(),
  yt_is_complete: z.boolean(),
  paused: z.boolean(),
  sort: z.number(),
  has_youtube_helper: z.boolean(),
  has_repurpose: z.boolean(),
  revision_nr: z.number(),
  due_date: iso,
  creation_time: z.string(),
  updated_at: z.string(),
  client_id: z.number(),
  client_name: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  assigned_to: z.number().nullable(),
  assigned_to_name: z.string().nullable(),
  assigned_qa_id: z.number().nullable(),
  qa_firstname: z.string().nullable(),
  qa_lastname: z.string().nullable(),
  done_video_limit: z.number(),
  timeline: z.number().nullable(),
  doneCardRating: z.number().nullable(),
  repurposeCardRating: z.number().nullable(),
  /** The helper side: its helper, due date, revisions and rating. */
  yt_helper_id: z.number().nullable(),
  yt_firstname: z.string().nullable(),
  yt_lastname: z.string().nullable(),
  yt_due_date: iso,
  yt_card_revision: z.number(),
  ythelperCardRating: z.number().nullable(),
  /** Only non-customers see the plan (spec 000 §6). */
  subscription_type: z.string().nullable().optional(),
  /** The customer's review notes not yet fixed or set aside (the revision checklist). */
  open_fix_items: z.number(),
  /** When the first cut is expected (docs/promise-dates.md); null once delivered, paused or off the queue. */
  expected_at: iso,
  /** Staff only: the first cut is expected after the due date. */
  at_risk: z.boolean().optional(),
  /** The poster of the newest delivered video the media pipeline has finished; null before one (issue 34). */
  poster_url: z.string().nullable(),
  /** In Review with approver guests (issue 52): how many of the latest version's approvers approved, of how many. */
  approvals: z.object({ approved: z.number(), of: z.number() }).nullable().optional(),
});
export type CardTileReply = z.infer<typeof cardTile>;

/** The full card of GET /api/card/{id} (spec 000 §3, 001 §3). */
export const cardDetail = cardTile.extend({
  /** The first cut's date told when the request was made, and when it really arrived (docs/promise-dates.md). */
  promised_at: iso,
  first_delivered_at: iso,
  ytHelper_card_status: z.enum(YT_STATUSES).nullable(),
  dropbox_link: z.string(),
  youtube_aspect_ratio: z.string(),
  custom_aspect_ratio: z.string().nullable(),
  video_purpose: z.string(),
  other_video_purpose: z.string().nullable(),
  additional_info: z.string().nullable(),
  special_instructions: z.string().nullable(),
  voice_note: z.string().nullable(),
  video_thumb_desc: z.string().nullable(),
  video_thumb_ref: z.array(z.string()),
  video_optimization_desc: z.string().nullable(),
  affiliate_links: z.array(z.string()),
  subtitles: z.boolean(),
  has_end_card: z.boolean(),
  call_to_action: z.string().nullable(),
  repurpose_aspect: z.array(z.string()),
  repurpose_headline: z.string().nullable(),
  repurpose_additional_info: z.string().nullable(),
  done_video_link: z.string().nullable(),
  content_id: z.array(z.string()),
  no_content_id: z.boolean(),
  unlisted_video_link: z.string().nullable(),
  thumbnails_link: z.string().nullable(),
  yt_snippet_link: z.string().nullable(),
  srt_file: z.string().nullable(),
  repurpose_done_link: z.string().nullable(),
  yt_card_description: z.string().nullable(),
  video_versions: z.record(z.string(), z.array(video)),
  repurpose_video_versions: z.record(z.string(), z.array(video)),
  done_videos: z.array(z.string()),
  done_video_count: z.number(),
  repurpose_done_videos: z.array(z.string()),
  repurpose_video_count: z.number(),
  yt_timeline: z.number().nullable(),
  repurpose_revision_nr: z.number(),
  yt_assigned_time: iso,
  assigned_at: iso,
  done_at: iso,
  archived_at: iso,
  client_firstname: z.string(),
  client_lastname: z.string(),
  is_active_subscription: z.boolean(),
  // The rest of spec 000 §3 / 001 §3's card, in the spec's names, for API clients.
  /** The due dates as New York wall-clock time ('YYYY-MM-DD HH:mm'), the portal's clock (spec 000 §9). */
  convertedTime: z.string().nullable(),
  convertedYTHelperTime: z.string().nullable(),
  /** The customer's time zone ('' when not set). */
  timezone: z.string(),
  /** The customer's role. */
  role: z.string(),
  revisionCount: z.object({ done: z.number(), repurpose: z.number() }),
  /** Full names of the QA and the YouTube helper. */
  qa_assigned_to: z.string().nullable(),
  yt_assigned_to: z.string().nullable(),
  /** The customer's rating of the done video and its comment, and the repurposed part's comment. */
  rating: z.number().nullable(),
  comment: z.string().nullable(),
  doneCardRatingComment: z.string().nullable(),
  repurposeDoneCardRatingComment: z.string().nullable(),
  /** Live notes of the customer chat and the helper chat; unseen: by others since the caller last opened the card. */
  comments: z.number(),
  unseenComments: z.number(),
  yt_comments: z.number(),
  unseenComments_ytHelper: z.number(),
  /** The helper's thumbnails (thumbnails_link split), their count, and the helper round they came with. */
  thumbnail_links: z.array(z.string()),
  thumbnail_count: z.number(),
  thumbnail_version: z.number(),
  /** The approval round of the latest delivered version (issue 52). */
  approval: approvalView.optional(),
  /** The customer only: the latest version's original waits for its approval (their download policy). */
  originals_locked: z.boolean().optional(),
});
export type CardDetailReply = z.infer<typeof cardDetail>;

export const activityEntry = z.object({
  user_id: z.number(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  client_type: z.string().nullable(),
  from_status: z.string().nullable(),
  card_activity_status: z.string(),
  created_at: z.string(),
  /** Who decided, for a decision (`decision:…`): a guest has no account, so their name is kept (issue 52). */
  actor_name: z.string().nullable().optional(),
});
