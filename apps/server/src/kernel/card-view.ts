import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CARD_OPEN_EVENT,
  fullName,
  isAtRisk,
  newYorkClock,
  isStaff,
  mediaFilePath,
  qcReport,
  splitContentIds,
  splitLinks,
  type RatedPart,
  type Role,
  type YtStatus,
} from '@cutroom/domain';
import type { CardDetailReply, CardTileReply, MediaView, QcView } from '@cutroom/domain/schemas';
import type { Db } from '../db/client.js';
import { cardApproval, originalLocked } from './card-approval.js';
import { cardActivity, cardNotes, cardRatings, cardVideos, cards, mediaAssets, users } from '../db/schema.js';
import { largestProxy, toMediaView } from './media-view.js';

const client = alias(users, 'client');
const qa = alias(users, 'qa');
const editor = alias(users, 'editor');
const helper = alias(users, 'helper');

const rating = (kind: RatedPart) =>
  sql<
    number | null
  >`(select r.rating from card_ratings r where r.card_id = ${cards.id} and r.card_type = ${sql.raw(`'${kind}'`)})`;

/** What a board tile needs and nothing more: the board reads it for every page. */
export const tileSelection = {
  card: {
    id: cards.id,
    cardTitle: cards.cardTitle,
    cardStatus: cards.cardStatus,
    repurposeStatus: cards.repurposeStatus,
    ytCardStatus: cards.ytCardStatus,
    isComplete: cards.isComplete,
    isRepurposeComplete: cards.isRepurposeComplete,
    ytIsComplete: cards.ytIsComplete,
    paused: cards.paused,
    sort: cards.sort,
    hasYoutubeHelper: cards.hasYoutubeHelper,
    hasRepurpose: cards.hasRepurpose,
    revisionNr: cards.revisionNr,
    dueDate: cards.dueDate,
    createdAt: cards.createdAt,
    updatedAt: cards.updatedAt,
    clientId: cards.clientId,
    assignedTo: cards.assignedTo,
    assignedQaId: cards.assignedQaId,
    doneVideoLimit: cards.doneVideoLimit,
    timeline: cards.timeline,
    ytHelperId: cards.ytHelperId,
    ytDueDate: cards.ytDueDate,
    ytCardRevision: cards.ytCardRevision,
    expectedAt: cards.expectedAt,
  },
  client: { firstname: client.firstname, lastname: client.lastname, subscriptionType: client.subscriptionType },
  qaName: { firstname: qa.firstname, lastname: qa.lastname },
  doneRating: rating('done'),
  repurposeRating: rating('repurpose'),
  ytRating: rating('yt'),
  helperName: { firstname: helper.firstname, lastname: helper.lastname },
  editorName: sql<string | null>`nullif(trim(${editor.firstname} || ' ' || ${editor.lastname}), '')`,
  // Read through card_notes_open_fix_idx, whose condition this repeats.
  openFixItems: sql<number>`(select count(*)::int from card_notes n where n.card_id = ${cards.id} and n.chat = 'customer' and n.fix_round is not null and n.is_complete = false and n.wont_fix_reason is null and n.is_deleted = false)`,
  // In Review: the approvers of the latest delivered version (the customer and each working approver link) and who approved it.
  approvals: sql<{ approved: number; of: number } | null>`case when ${cards.cardStatus} = 'done' then (
    select json_build_object('approved', count(d.id) filter (where d.decision = 'approved'), 'of', count(*))
    from (select 'customer' as reviewer union all select 'guest:' || l.id from guest_links l
      where l.card_id = ${cards.id} and l.approver and l.revoked_at is null and l.expires_at > now()) r
    left join card_decisions d on d.card_id = ${cards.id} and d.reviewer = r.reviewer
      and d.video_version = (select max(v.version) from card_videos v where v.card_id = ${cards.id} and v.kind = 'done')
  ) end`,
  // The newest main delivery first, then the newest repurposed cut; through card_videos_card_idx.
  posterAsset: sql<
    number | null
  >`(select v.asset_id from card_videos v join media_assets a on a.id = v.asset_id and a.status = 'ready' where v.card_id = ${cards.id} order by v.kind = 'done' desc, v.version desc, v.position limit 1)`,
};

/** Card columns plus the people joined in; one query for a detail. */
export const cardSelection = {
  ...tileSelection,
  card: cards,
  client: {
    ...tileSelection.client,
    isActiveSubscription: client.isActiveSubscription,
    timezone: client.timezone,
    clientType: client.clientType,
    loudnessTarget: client.loudnessTarget,
    downloadPolicy: client.downloadPolicy,
  },
};

export function selectTiles(db: Db) {
  return db
    .select(tileSelection)
    .from(cards)
    .innerJoin(client, eq(client.id, cards.clientId))
    .leftJoin(qa, eq(qa.id, cards.assignedQaId))
    .leftJoin(editor, eq(editor.id, cards.assignedTo))
    .leftJoin(helper, eq(helper.id, cards.ytHelperId));
}

export function selectCards(db: Db) {
  return db
    .select(cardSelection)
    .from(cards)
    .innerJoin(client, eq(client.id, cards.clientId))
    .leftJoin(qa, eq(qa.id, cards.assignedQaId))
    .leftJoin(editor, eq(editor.id, cards.assignedTo))
    .leftJoin(helper, eq(helper.id, cards.ytHelperId));
}

export type TileRow = Awaited<ReturnType<ReturnType<typeof selectTiles>['execute']>>[number];
export type CardRow = Awaited<ReturnType<ReturnType<typeof selectCards>['execute']>>[number];

const iso = (d: Date | null) => d?.toISOString() ?? null;
/** Before the card reaches the helper board its helper status reads as assigned (spec 000 §4: null means assigned). */
const ytStatusOf = (c: TileRow['card']): YtStatus =>
  c.ytIsComplete ? 'completed' : ((c.ytCardStatus as YtStatus | null) ?? 'assigned');

/** The board tile: what a column shows (spec 000 §2 "Card tiles"). */
export function toCardTile(row: TileRow, viewerRole: Role): CardTileReply {
  const c = row.card;
  return {
    card_id: c.id,
    card_title: c.cardTitle,
    card_status: c.cardStatus,
    repurpose_status: c.repurposeStatus,
    yt_card_status: c.hasYoutubeHelper ? ytStatusOf(c) : null,
    is_complete: c.isComplete,
    is_repurpose_complete: c.isRepurposeComplete,
    yt_is_complete: c.ytIsComplete,
    paused: c.paused,
    sort: c.sort,
    has_youtube_helper: c.hasYoutubeHelper,
    has_repurpose: c.hasRepurpose,
    revision_nr: c.revisionNr,
    due_date: iso(c.dueDate),
    creation_time: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
    client_id: c.clientId,
    client_name: `${row.client.firstname} ${row.client.lastname}`,
    firstname: row.client.firstname,
    lastname: row.client.lastname,
    assigned_to: c.assignedTo,
    assigned_to_name: row.editorName,
    assigned_qa_id: c.assignedQaId,
    qa_firstname: row.qaName?.firstname ?? null,
    qa_lastname: row.qaName?.lastname ?? null,
    done_video_limit: c.doneVideoLimit,
    timeline: c.timeline,
    doneCardRating: row.doneRating,
    repurposeCardRating: row.repurposeRating,
    yt_helper_id: c.ytHelperId,
    yt_firstname: row.helperName?.firstname ?? null,
    yt_lastname: row.helperName?.lastname ?? null,
    yt_due_date: iso(c.ytDueDate),
    yt_card_revision: c.ytCardRevision,
    ythelperCardRating: row.ytRating,
    ...(isStaff(viewerRole) ? { subscription_type: row.client.subscriptionType } : {}),
    open_fix_items: row.openFixItems,
    expected_at: iso(c.expectedAt),
    poster_url: row.posterAsset === null ? null : mediaFilePath(row.posterAsset, 'poster.jpg'),
    // One approver (the customer alone) is the spec's review: the count shows only with approver guests.
    approvals: row.approvals && row.approvals.of > 1 ? row.approvals : null,
    ...(isStaff(viewerRole) ? { at_risk: isAtRisk(c.expectedAt, c.dueDate) } : {}),
  };
}

type AssetRow = typeof mediaAssets.$inferSelect;
type VideoRow = typeof cardVideos.$inferSelect & { asset: AssetRow | null };
/** A video's media view, with staff's QC made from the same view when `qc` is given. */
const withQc = (asset: AssetRow, media: MediaView, qc?: (asset: AssetRow, media: MediaView) => QcView): MediaView =>
  qc ? { ...media, qc: qc(asset, media) } : media;

/** Whether a delivered link is one of our stored files (/files/<key>, relative or under any origin). */
const isStoredFile = (url: string) => {
  try {
    return new URL(url, 'http://relative.invalid').pathname.startsWith('/files/');
  } catch {
    return false;
  }
};

/**
 * What a customer whose originals wait for approval is given for a stored master of a locked version (issue 52):
 * its largest review copy, or nothing while none is made; a link elsewhere stays as it is.
 */
function withheldUrl(video: VideoRow): string {
  if (!isStoredFile(video.videoUrl)) return video.videoUrl;
  return largestProxy(video.asset ? toMediaView(video.asset) : null)?.url ?? '';
}

/** video_versions: { 'version-0': [videos…], … } for one kind. */
function versionsMap(
  videos: VideoRow[],
  kind: 'done' | 'repurpose',
  qc?: (asset: AssetRow, media: MediaView) => QcView,
) {
  const map: Record<
    string,
    {
      video_id: number;
      video_url: string;
      video_type: string | null;
      audio_video_type: string | null;
      parent_link_id: number | null;
      video_version: number;
      created_at: string;
      media: MediaView | null;
    }[]
  > = {};
  for (const v of videos.filter((x) => x.kind === kind)) {
    (map[`version-${v.version}`] ??= []).push({
      video_id: v.id,
      video_url: v.videoUrl,
      video_type: v.videoType,
      audio_video_type: v.audioVideoType,
      parent_link_id: v.parentLinkId,
      video_version: v.version,
      created_at: v.createdAt.toISOString(),
      media: v.asset ? withQc(v.asset, toMediaView(v.asset), qc) : null,
    });
  }
  return map;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');
/** New York wall-clock time, 'YYYY-MM-DD HH:mm': the portal's clock (spec 000 §9). */
const clockTime = (d: Date | null) => {
  if (!d) return null;
  const { day, minute } = newYorkClock(d);
  return `${day} ${twoDigits(Math.floor(minute / 60))}:${twoDigits(minute % 60)}`;
};
const nameOrNull = (p: { firstname: string | null; lastname: string | null } | null) =>
  (p && fullName(p.firstname, p.lastname)) || null;

/** Chat counts of spec 000 §3: live notes per chat, and those by others since the viewer last opened the card. */
async function chatCounts(db: Db, cardId: number, viewerId: number) {
  const lastOpen = sql`coalesce((select max(e.created_at) from card_events e where e.card_id = ${cardId} and e.user_id = ${viewerId} and e.type = ${CARD_OPEN_EVENT}), '-infinity')`;
  const live = (chat: 'customer' | 'yt') => sql<number>`count(*) filter (where ${cardNotes.chat} = ${chat})::int`;
  const unseen = (chat: 'customer' | 'yt') =>
    sql<number>`count(*) filter (where ${cardNotes.chat} = ${chat} and ${cardNotes.authorId} <> ${viewerId} and ${cardNotes.createdAt} > ${lastOpen})::int`;
  const [counts] = await db
    .select({ comments: live('customer'), unseen: unseen('customer'), yt: live('yt'), unseenYt: unseen('yt') })
    .from(cardNotes)
    .where(and(eq(cardNotes.cardId, cardId), eq(cardNotes.isDeleted, false)));
  return counts ?? { comments: 0, unseen: 0, yt: 0, unseenYt: 0 };
}

/** The full card of GET /api/card/{id} (spec 000 §3, 001 §3). */
export async function toCardDetail(db: Db, row: CardRow, viewer: { id: number; role: Role }): Promise<CardDetailReply> {
  const c = row.card;
  const [videos, ratings, chats, approval] = await Promise.all([
    db
      .select({ video: cardVideos, asset: mediaAssets })
      .from(cardVideos)
      .leftJoin(mediaAssets, eq(mediaAssets.id, cardVideos.assetId))
      .where(eq(cardVideos.cardId, c.id))
      .orderBy(asc(cardVideos.version), asc(cardVideos.position))
      .then((rows) => rows.map((r) => ({ ...r.video, asset: r.asset }))),
    db
      .select({ part: cardRatings.cardType, comment: cardRatings.comment })
      .from(cardRatings)
      .where(eq(cardRatings.cardId, c.id)),
    chatCounts(db, c.id, viewer.id),
    cardApproval(db, c),
  ]);
  // A customer whose originals wait for approval is never handed a locked version's stored master (issue 52).
  const lockedVersions = new Set<number>();
  if (viewer.role === 'customer' && row.client.downloadPolicy === 'after_approval')
    for (const version of new Set(videos.filter((v) => v.kind === 'done').map((v) => v.version)))
      if (await originalLocked(db, row, version, approval)) lockedVersions.add(version);
  const shown = videos.map((v) =>
    v.kind === 'done' && lockedVersions.has(v.version) ? { ...v, videoUrl: withheldUrl(v) } : v,
  );
  const ratingComment = (part: RatedPart) => ratings.find((r) => r.part === part)?.comment ?? null;
  const thumbnails = splitLinks(c.thumbnailsLink);
  const latest = (kind: 'done' | 'repurpose') => {
    const own = shown.filter((v) => v.kind === kind);
    const top = Math.max(-1, ...own.map((v) => v.version));
    return own.filter((v) => v.version === top).map((v) => v.videoUrl);
  };
  // Delivery QC is the team's (issue 51): staff read it; a repurposed cut is held to its size when one was asked.
  const staff = isStaff(viewer.role);
  const sizes = c.repurposeAspect ? c.repurposeAspect.split('|') : [];
  const oneRepurposeSize = sizes.length === 1 ? sizes[0]! : null;
  const qcFor = (format: string | null, purpose: string | null) =>
    staff
      ? (asset: AssetRow, { width, height, fps, duration }: MediaView) =>
          qcReport(
            { status: asset.status, qc: asset.qc, width, height, fps, duration },
            { format, purpose },
            row.client.loudnessTarget,
          )
      : undefined;
  const doneVideos = latest('done');
  const repurposeVideos = latest('repurpose');
  return {
    ...toCardTile(row, viewer.role),
    ytHelper_card_status: c.hasYoutubeHelper ? ytStatusOf(c) : null,
    dropbox_link: c.dropboxLink,
    youtube_aspect_ratio: c.youtubeAspectRatio,
    custom_aspect_ratio: c.customAspectRatio,
    video_purpose: c.videoPurpose,
    other_video_purpose: c.otherVideoPurpose,
    additional_info: c.additionalInfo,
    special_instructions: c.specialInstructions,
    voice_note: c.voiceNote,
    video_thumb_desc: c.videoThumbDesc,
    video_thumb_ref: splitLinks(c.videoThumbRef),
    video_optimization_desc: c.videoOptimizationDesc,
    affiliate_links: splitLinks(c.affiliateLinks),
    subtitles: c.subtitles,
    has_end_card: c.hasEndCard,
    call_to_action: c.callToAction,
    repurpose_aspect: c.repurposeAspect ? c.repurposeAspect.split('|') : [],
    repurpose_headline: c.repurposeHeadline,
    repurpose_additional_info: c.repurposeAdditionalInfo,
    // The latest version's first link, as the card keeps it; withheld as its video is while locked.
    done_video_link:
      approval && lockedVersions.has(approval.video_version) && c.doneVideoLink && isStoredFile(c.doneVideoLink)
        ? (doneVideos[0] ?? '')
        : c.doneVideoLink,
    content_id: splitContentIds(c.contentId),
    no_content_id: c.noContentId,
    unlisted_video_link: c.unlistedVideoLink,
    thumbnails_link: c.thumbnailsLink,
    yt_snippet_link: c.ytSnippetLink,
    srt_file: c.srtFile,
    repurpose_done_link: c.repurposeDoneLink,
    yt_card_description: c.ytCardDescription,
    approval,
    // The customer's own Download buttons wait with the server (issue 52); staff are never held back.
    ...(viewer.role === 'customer' && approval ? { originals_locked: lockedVersions.has(approval.video_version) } : {}),
    video_versions: versionsMap(shown, 'done', qcFor(c.youtubeAspectRatio, c.videoPurpose)),
    repurpose_video_versions: versionsMap(shown, 'repurpose', qcFor(oneRepurposeSize, null)),
    done_videos: doneVideos,
    done_video_count: doneVideos.length,
    repurpose_done_videos: repurposeVideos,
    repurpose_video_count: repurposeVideos.length,
    yt_timeline: c.ytTimeline,
    repurpose_revision_nr: c.repurposeRevisionNr,
    yt_assigned_time: iso(c.ytAssignedTime),
    assigned_at: iso(c.assignedAt),
    promised_at: iso(c.promisedAt),
    first_delivered_at: iso(c.firstDeliveredAt),
    done_at: iso(c.doneAt),
    archived_at: iso(c.archivedAt),
    client_firstname: row.client.firstname,
    client_lastname: row.client.lastname,
    is_active_subscription: row.client.isActiveSubscription,
    convertedTime: clockTime(c.dueDate),
    convertedYTHelperTime: clockTime(c.ytDueDate),
    timezone: row.client.timezone,
    role: row.client.clientType,
    revisionCount: { done: c.revisionNr, repurpose: c.repurposeRevisionNr },
    qa_assigned_to: nameOrNull(row.qaName),
    yt_assigned_to: nameOrNull(row.helperName),
    rating: row.doneRating,
    comment: ratingComment('done'),
    doneCardRatingComment: ratingComment('done'),
    repurposeDoneCardRatingComment: ratingComment('repurpose'),
    comments: chats.comments,
    unseenComments: chats.unseen,
    yt_comments: chats.yt,
    unseenComments_ytHelper: chats.unseenYt,
    thumbnail_links: thumbnails,
    thumbnail_count: thumbnails.length,
    thumbnail_version: thumbnails.length ? c.ytCardRevision : 0,
  };
}

/** Activity entries of a card, newest first, with who moved it (null user = automatic). */
export async function loadActivity(db: Db, cardId: number) {
  const mover = alias(users, 'mover');
  const rows = await db
    .select({ a: cardActivity, firstname: mover.firstname, lastname: mover.lastname, clientType: mover.clientType })
    .from(cardActivity)
    .leftJoin(mover, eq(mover.id, cardActivity.userId))
    .where(eq(cardActivity.cardId, cardId))
    .orderBy(sql`${cardActivity.createdAt} desc`, sql`${cardActivity.id} desc`);
  return rows.map((r) => ({
    user_id: r.a.userId ?? 0,
    firstname: r.firstname,
    lastname: r.lastname,
    client_type: r.clientType,
    from_status: r.a.fromStatus,
    card_activity_status: r.a.toStatus,
    created_at: r.a.createdAt.toISOString(),
    ...(r.a.actorName !== null ? { actor_name: r.a.actorName } : {}),
  }));
}
