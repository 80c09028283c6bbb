import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  APPROVAL_TEXT,
  DOWNLOAD_TEXT,
  type GuestDownload,
  WATERMARK_TEXT,
  GUEST_MSG,
  CARD_STATUS_LABELS,
  GUEST_COMMENTS_MAX,
  GUEST_COMMENTS_WINDOW_MS,
  GUEST_COOKIE,
  GUEST_OPEN_FAILURES_MAX,
  GUEST_OPEN_WINDOW_MS,
  GUEST_VISIT_HOURS,
  MSG,
  fixStateOf,
  guestAuthorLabel,
  isFixItem,
  writeChatVerdict,
} from '@cutroom/domain';
import type {
  GuestNoteView,
  GuestReviewReply,
  decisionBody,
  downloadQuery,
  guestCommentBody,
  watchedBody,
  openGuestLinkBody,
} from '@cutroom/domain/schemas';
import type { z } from 'zod';
import { cardNotes, cardVideos, cards, guestLinks, guestVisits, mediaAssets, users } from '../../db/schema.js';
import { createAttemptLimiter } from '../../platform/attempt-limiter.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { verifyPassword } from '../../platform/passwords.js';
import { toPlainText } from '../../platform/rich-text.js';
import { hashToken, newToken } from '../../platform/tokens.js';
import { selectCards } from '../../kernel/card-view.js';
import { cardApproval, originalLocked } from '../../kernel/card-approval.js';
import { coverage } from '../../kernel/review-watches.js';
import {
  decide,
  deliveredVideo,
  downloadLink,
  guestAsReviewer,
  checkOriginalUnlocked,
  markedCopyFile,
  originalLink,
  recordWatched,
  reviewCopyOf,
} from '../approvals/public.js';
import { videoKeyOf } from '../media/public.js';
import { largestProxy, toMediaView } from '../../kernel/media-view.js';
import { annotationAt, fitWithinVideo, momentOfNewNote, publish } from '../chat/public.js';
import { notifyComment, publishCreated } from '../notifications/public.js';
import { sendStored } from '../../platform/stored-files.js';
import { copiesForVisit, copyable, copyState, markedMedia, readyCopyOfVisit } from './guest-copies.js';

const HOUR_MS = 60 * 60_000;
/** Where the guest's cookie goes: the guest calls and nothing else of the API. */
const GUEST_COOKIE_PATH = '/api/guest';
/** The guest's own copy of a stored file: the same key, behind the visit instead of a session. */
const GUEST_FILES_PREFIX = '/api/guest/files/';

export function createGuestLimits(ctx: AppContext) {
  return {
    /** Failed opens per address: guessing tokens or a link's password stops here. */
    open: createAttemptLimiter(ctx.counters, {
      name: 'guest-open',
      max: GUEST_OPEN_FAILURES_MAX,
      windowMs: GUEST_OPEN_WINDOW_MS,
    }),
    comment: createAttemptLimiter(ctx.counters, {
      name: 'guest-comment',
      max: GUEST_COMMENTS_MAX,
      windowMs: GUEST_COMMENTS_WINDOW_MS,
    }),
  };
}
export type GuestLimits = ReturnType<typeof createGuestLimits>;

const secureCookie = (ctx: AppContext) => ctx.config.publicUrl.startsWith('https:');

/**
 * POST /api/guest/open. A wrong token, a wrong or missing password, an expired or turned-off link:
 * one refusal, one message, and a password check either way so the time taken doesn't tell them apart.
 */
export async function openGuestLink(
  ctx: AppContext,
  limits: GuestLimits,
  body: z.output<typeof openGuestLinkBody>,
  address: string,
  reply: FastifyReply,
) {
  await limits.open.check(address);
  const now = new Date();
  const [link] = await ctx.db
    .select()
    .from(guestLinks)
    .where(
      and(
        eq(guestLinks.tokenHash, hashToken(body.token)),
        isNull(guestLinks.revokedAt),
        sql`${guestLinks.expiresAt} > ${now}`,
      ),
    )
    .limit(1);
  const passwordOk =
    link && !link.passwordHash ? true : await verifyPassword(link?.passwordHash ?? undefined, body.password ?? '');
  if (!link || !passwordOk) {
    await limits.open.hit(address);
    throw new AppError('GUEST_LINK_REFUSED');
  }
  const token = newToken();
  const expiresAt = new Date(Math.min(now.getTime() + GUEST_VISIT_HOURS * HOUR_MS, link.expiresAt.getTime()));
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(guestVisits)
      .values({ linkId: link.id, tokenHash: hashToken(token), guestName: body.name, expiresAt });
    await tx.update(guestLinks).set({ lastOpenedAt: now }).where(eq(guestLinks.id, link.id));
  });
  reply.setCookie(GUEST_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: secureCookie(ctx),
    path: GUEST_COOKIE_PATH,
    expires: expiresAt,
  });
  return { message: GUEST_MSG.opened, guest_name: body.name, expires_at: expiresAt.toISOString() };
}

export interface GuestVisit {
  visitId: number;
  linkId: number;
  cardId: number;
  guestName: string;
  expiresAt: Date;
  /** The link was made for approving (issue 52). */
  approver: boolean;
  /** What the link lets its guest download (issue 52). */
  download: GuestDownload;
  /** The guest plays and downloads only their own marked copies (issue 52). */
  watermark: boolean;
  label: string | null;
}

/** The visit the cookie names, while it and its link still work; anything else has ended (401). */
export async function visitOf(ctx: AppContext, request: FastifyRequest): Promise<GuestVisit> {
  const token = request.cookies[GUEST_COOKIE];
  if (!token) throw new AppError('GUEST_SESSION_ENDED');
  const now = new Date();
  const [visit] = await ctx.db
    .select({
      visitId: guestVisits.id,
      linkId: guestLinks.id,
      cardId: guestLinks.cardId,
      guestName: guestVisits.guestName,
      expiresAt: guestVisits.expiresAt,
      approver: guestLinks.approver,
      download: guestLinks.download,
      watermark: guestLinks.watermark,
      label: guestLinks.label,
    })
    .from(guestVisits)
    .innerJoin(guestLinks, eq(guestLinks.id, guestVisits.linkId))
    .where(
      and(
        eq(guestVisits.tokenHash, hashToken(token)),
        sql`${guestVisits.expiresAt} > ${now}`,
        isNull(guestLinks.revokedAt),
        sql`${guestLinks.expiresAt} > ${now}`,
      ),
    )
    .limit(1);
  if (!visit) throw new AppError('GUEST_SESSION_ENDED');
  return visit;
}

/** POST /api/guest/leave: the visit ends here and on the server. */
export async function leaveGuestVisit(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const token = request.cookies[GUEST_COOKIE];
  if (token) await ctx.db.delete(guestVisits).where(eq(guestVisits.tokenHash, hashToken(token)));
  reply.clearCookie(GUEST_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    secure: secureCookie(ctx),
    path: GUEST_COOKIE_PATH,
  });
  return { message: GUEST_MSG.visitEnded };
}

async function loadVisitCard(ctx: AppContext, visit: GuestVisit) {
  const [row] = await selectCards(ctx.db).where(eq(cards.id, visit.cardId)).limit(1);
  if (!row) throw new AppError('GUEST_SESSION_ENDED');
  return row;
}

/** The visit's card while its videos may be watched (not in quality check); else not found, as another card's. */
export async function openVisitCard(ctx: AppContext, visit: GuestVisit) {
  const row = await loadVisitCard(ctx, visit);
  if (!commentsOpen(row.card.cardStatus)) throw new AppError('NOT_FOUND');
  return row;
}

/** The guest writes and watches as the card's customer would: not while the video is in quality check. */
const commentsOpen = (status: (typeof cards.$inferSelect)['cardStatus']) =>
  writeChatVerdict({ role: 'customer' }, { card_status: status }, 'customer') === null;

/** A stored file's own link becomes the guest's; a link elsewhere (Dropbox, Drive) stays as it is. */
const guestVideoUrl = (url: string, assetKey?: string | null) => {
  const key = videoKeyOf(url, assetKey);
  return key ? GUEST_FILES_PREFIX + key : url;
};

type NoteRow = {
  n: typeof cardNotes.$inferSelect;
  a: { firstname: string; lastname: string; role: (typeof users.$inferSelect)['clientType'] };
};

function toGuestNote({ n, a }: NoteRow): GuestNoteView {
  const side = n.guestName !== null ? 'guest' : a.role === 'customer' ? 'customer' : 'staff';
  return {
    note_id: n.id,
    note: n.note,
    note_type: n.noteType,
    author: n.guestName !== null ? guestAuthorLabel(n.guestName) : `${a.firstname} ${a.lastname}`.trim(),
    side,
    date_added: n.createdAt.toISOString(),
    video_time: n.videoTime,
    time_in: n.timeIn,
    time_out: n.timeOut,
    note_for_video_number: n.videoNumber,
    annotation: n.annotation as GuestNoteView['annotation'],
    fix_state:
      n.fixRound !== null ? fixStateOf({ is_note_complete: n.isComplete, wont_fix_reason: n.wontFixReason }) : null,
    wont_fix_reason: n.wontFixReason,
  };
}

const selectGuestNotes = (ctx: AppContext) =>
  ctx.db
    .select({ n: cardNotes, a: { firstname: users.firstname, lastname: users.lastname, role: users.clientType } })
    .from(cardNotes)
    .innerJoin(users, eq(users.id, cardNotes.authorId));

/** The newest notes a guest reads at once; older ones stay with the team's chat. */
const GUEST_NOTES_MAX = 500;

/** GET /api/guest/review: the card's customer-chat notes (never the team's) and its delivered videos. */
export async function guestReview(ctx: AppContext, visit: GuestVisit): Promise<GuestReviewReply> {
  const row = await loadVisitCard(ctx, visit);
  const { card } = row;
  const open = commentsOpen(card.cardStatus);
  const [videos, notes] = await Promise.all([
    open
      ? ctx.db
          .select({ v: cardVideos, asset: mediaAssets })
          .from(cardVideos)
          .leftJoin(mediaAssets, eq(mediaAssets.id, cardVideos.assetId))
          .where(eq(cardVideos.cardId, card.id))
          .orderBy(asc(cardVideos.kind), desc(cardVideos.version), asc(cardVideos.position))
      : Promise.resolve([]),
    selectGuestNotes(ctx)
      .where(and(eq(cardNotes.cardId, card.id), eq(cardNotes.chat, 'customer'), eq(cardNotes.isDeleted, false)))
      .orderBy(desc(cardNotes.id))
      .limit(GUEST_NOTES_MAX),
  ]);
  // A guest is on the customer's side: a version whose original waits for approval plays from its review copy.
  const approval = await cardApproval(ctx.db, card);
  const locked = new Set<number>();
  for (const version of new Set(videos.filter(({ v }) => v.kind === 'done').map(({ v }) => v.version)))
    if (await originalLocked(ctx.db, row, version, approval)) locked.add(version);
  // A marked visit plays its own copies, made once each video is ready; never a clean proxy or the original.
  const copies = visit.watermark
    ? await copiesForVisit(ctx, visit, [
        ...new Set(videos.flatMap(({ asset }) => (copyable(asset) ? [asset!.id] : []))),
      ])
    : null;
  const versions = new Map<string, GuestReviewReply['versions'][number]>();
  for (const { v, asset } of videos) {
    const key = `${v.kind}:version-${v.version}`;
    let entry = versions.get(key);
    if (!entry) {
      const label = `${v.kind === 'repurpose' ? 'Repurpose v' : 'Version '}${v.version + 1}`;
      entry = { key: `version-${v.version}`, label, kind: v.kind, videos: [] };
      versions.set(key, entry);
    }
    const media = asset ? toMediaView(asset, true) : null;
    const number = entry.videos.length + 1;
    if (copies && media) {
      const copy = copies.get(asset!.id);
      const marked = markedMedia(media, copy);
      entry.videos.push({ number, url: marked.proxies[0]?.url ?? '', media: marked, watermark: copyState(copy) });
      continue;
    }
    const own = guestVideoUrl(v.videoUrl, asset?.sourceKey);
    const withheld = v.kind === 'done' && locked.has(v.version) && own.startsWith(GUEST_FILES_PREFIX);
    entry.videos.push({ number, url: withheld ? (largestProxy(media)?.url ?? '') : own, media, watermark: null });
  }
  return {
    card: { card_title: card.cardTitle, status_label: CARD_STATUS_LABELS[card.cardStatus] },
    guest_name: visit.guestName,
    expires_at: visit.expiresAt.toISOString(),
    comments_open: open,
    versions: [...versions.values()],
    notes: notes.reverse().map(toGuestNote),
    approver: visit.approver,
    approval,
    download: visit.download,
    watermark: visit.watermark,
  };
}

/** POST /api/guest/decision: an approver guest decides as a reviewer, under the name they gave. */
export async function guestDecides(ctx: AppContext, visit: GuestVisit, body: z.output<typeof decisionBody>) {
  if (!visit.approver) throw new AppError('FORBIDDEN', APPROVAL_TEXT.notApprover);
  return decide(ctx, guestAsReviewer(visit.linkId, visit.guestName), visit.cardId, body);
}

/**
 * GET /api/guest/download: as far as the guest's link allows, the review copy or the original (as the customer
 * may download it; a link elsewhere is given as it is); nothing while the video is in quality check.
 */
export async function guestDownload(ctx: AppContext, visit: GuestVisit, query: z.output<typeof downloadQuery>) {
  if (visit.download === 'none') throw new AppError('FORBIDDEN', DOWNLOAD_TEXT.guestNone);
  const row = await loadVisitCard(ctx, visit);
  if (!commentsOpen(row.card.cardStatus)) throw new AppError('COMMENTS_CLOSED', GUEST_MSG.commentsClosed);
  const video = await deliveredVideo(ctx.db, row.card.id, query);
  if (visit.watermark && video.asset) {
    // Whatever the link allows, a marked guest takes away their marked copy (a link elsewhere stays as it is).
    const copy = copyable(video.asset)
      ? (await copiesForVisit(ctx, visit, [video.asset.id])).get(video.asset.id)
      : undefined;
    if (copy?.status !== 'ready' || !copy.key) throw new AppError('DOWNLOAD_NOT_READY', WATERMARK_TEXT.notReady);
    return downloadLink(ctx, markedCopyFile(copy.key, row.card.cardTitle, query));
  }
  if (visit.download === 'original') {
    // The guest is on the customer's side: a link never unlocks what the customer may not download yet.
    await checkOriginalUnlocked(ctx, row, query.video_version);
    return originalLink(ctx, video, row.card.cardTitle, query);
  }
  const copy = reviewCopyOf(video, row.card.cardTitle, query);
  if (!copy) throw new AppError('DOWNLOAD_NOT_READY');
  return downloadLink(ctx, copy);
}

/** GET /api/guest/watched: what the guest has played of a version so far. */
export const guestCoverage = (ctx: AppContext, visit: GuestVisit, version: number) =>
  coverage(ctx.db, visit.cardId, version, guestAsReviewer(visit.linkId, visit.guestName).key);

/** POST /api/guest/watched: what the guest played, kept by their link (approver or not). */
export const guestWatched = (ctx: AppContext, visit: GuestVisit, body: z.output<typeof watchedBody>) =>
  recordWatched(ctx, guestAsReviewer(visit.linkId, visit.guestName).key, visit.cardId, body);

/** POST /api/guest/comment: filed under the card's customer, signed and marked as the guest's. */
export async function postGuestComment(
  ctx: AppContext,
  limits: GuestLimits,
  visit: GuestVisit,
  body: z.output<typeof guestCommentBody>,
) {
  const row = await loadVisitCard(ctx, visit);
  const { card } = row;
  if (!commentsOpen(card.cardStatus)) throw new AppError('COMMENTS_CLOSED', GUEST_MSG.commentsClosed);
  const text = toPlainText(body.note);
  if (!text) throw new AppError('VALIDATION', MSG.writeCommentFirst, 'note');
  if (body.note_type === 'annotation' && !body.annotation)
    throw new AppError('VALIDATION', MSG.drawAnnotationFirst, 'annotation');
  const fitted = await fitWithinVideo(ctx.db, card.id, body);
  const moment = momentOfNewNote(fitted, 'customer', text);
  await limits.comment.hit(String(visit.visitId));
  const { id, notified } = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(cardNotes)
      .values({
        cardId: card.id,
        chat: 'customer',
        noteType: body.note_type,
        note: moment.text,
        authorId: card.clientId,
        guestLinkId: visit.linkId,
        guestName: visit.guestName,
        videoNumber: fitted.note_for_video_number ?? null,
        // The guest reviews for the customer's side: in Review their note is an item to fix too.
        fixRound: isFixItem('customer', 'customer', card.cardStatus) ? card.revisionNr : null,
        videoTime: moment.videoTime,
        timeIn: moment.timeIn,
        timeOut: moment.timeOut,
        annotation: annotationAt(fitted.annotation, moment),
      })
      .returning({ id: cardNotes.id });
    // No one is left out of the news: the guest is not a user, so the actor id matches nobody.
    const actor = { id: 0, firstname: guestAuthorLabel(visit.guestName), lastname: '' };
    return { id: created!.id, notified: await notifyComment(ctx, tx, actor, card, moment.text, false) };
  });
  await publish(ctx, row, 'customer', 'note.created', id);
  await publishCreated(ctx, notified);
  const [note] = await selectGuestNotes(ctx).where(eq(cardNotes.id, id)).limit(1);
  return {
    message: body.note_type === 'annotation' ? MSG.annotationAdded : MSG.commentAdded,
    note: toGuestNote(note!),
  };
}

/** GET /api/guest/files/<key>: only a file that is one of the visit's card's videos, and not while in quality check. */
const visitsOfRequests = new WeakMap<FastifyRequest, Promise<GuestVisit>>();
/** The request's visit, looked up once per request: a guest rate limit's key asks before the handler does. */
function visitOfRequest(ctx: AppContext, request: FastifyRequest): Promise<GuestVisit> {
  let visit = visitsOfRequests.get(request);
  if (!visit) visitsOfRequests.set(request, (visit = visitOf(ctx, request)));
  return visit;
}

/** Guest links' part of ctx.files (platform/stored-files.ts): a visit reads its card's videos and nothing else. */
export const guestFileReaders = (ctx: AppContext) => ({
  guestVisit: async (request: FastifyRequest) => (await visitOfRequest(ctx, request)).visitId,
  guestMayRead: async (request: FastifyRequest, key: string) =>
    guestMayReadFile(ctx, await visitOfRequest(ctx, request), key),
  guestSeesOnlyMarked: async (request: FastifyRequest) => (await visitOfRequest(ctx, request)).watermark,
});

/** GET /api/guest/copies/:copy_id: the visit's own marked copy, while its card's video may be watched. */
export async function sendGuestCopy(ctx: AppContext, visit: GuestVisit, copyId: number, reply: FastifyReply) {
  const { card } = await loadVisitCard(ctx, visit);
  const copy = commentsOpen(card.cardStatus) ? await readyCopyOfVisit(ctx, visit, copyId) : undefined;
  if (!copy) throw new AppError('NOT_FOUND');
  return sendStored(reply, ctx.storage, copy.key, { mime: 'video/mp4', disposition: 'inline' });
}

async function guestMayReadFile(ctx: AppContext, visit: GuestVisit, key: string) {
  const { card } = await loadVisitCard(ctx, visit);
  if (!commentsOpen(card.cardStatus)) return false;
  const videos = await ctx.db
    .select({ url: cardVideos.videoUrl, assetKey: mediaAssets.sourceKey })
    .from(cardVideos)
    .leftJoin(mediaAssets, eq(mediaAssets.id, cardVideos.assetId))
    .where(eq(cardVideos.cardId, card.id));
  return videos.some((v) => videoKeyOf(v.url, v.assetKey) === key);
}
