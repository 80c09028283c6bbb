import { and, asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  MSG,
  REPORT_FRAMES_MAX,
  ROLE_LABELS,
  fill,
  fixStateOf,
  formatRange,
  noteAuthorName,
  noteReadingText,
  versionKey,
  versionKeys,
  versionLabel,
  versionOfNote,
  type FixState,
  type Rate,
} from '@cutroom/domain';
import { annotationShape, type reviewReportQuery } from '@cutroom/domain/schemas';
import type { z } from 'zod';
import { cardNotes, cardVideos, mediaAssets, users } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { loadChatCard } from '../chat/public.js';
import { frameImage, isReadyAsset, type ReadyAsset } from '../media-pipeline/public.js';
import { NO_FRAME, type Drawing, type ReportData, type ReportEntry, type ReportReply } from './report-content.js';

/** The card a report is of, as its reader was allowed to read its chat. */
export type ReportCard = Awaited<ReturnType<typeof loadChatCard>>;

type Query = z.output<typeof reviewReportQuery>;
type Video = { created_at: string; asset: ReadyAsset | null; external: boolean };

const CHAT_TITLES: Record<Query['chat'], string> = { customer: 'Customer chat', team: 'Team chat' };

/** 'Dec 2, 2026, 9:30 AM EST': every time in the report carries its zone, as the chat's do. */
const dateFormat = (zone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });

/** The card's main deliveries by version, each video with its ready asset (links elsewhere have none). */
async function deliveries(ctx: AppContext, cardId: number) {
  const rows = await ctx.db
    .select({ v: cardVideos, a: mediaAssets })
    .from(cardVideos)
    .leftJoin(mediaAssets, eq(mediaAssets.id, cardVideos.assetId))
    .where(and(eq(cardVideos.cardId, cardId), eq(cardVideos.kind, 'done')))
    .orderBy(asc(cardVideos.version), asc(cardVideos.position), asc(cardVideos.id));
  const map: Record<string, Video[]> = {};
  for (const { v, a } of rows)
    (map[versionKey(v.version)] ??= []).push({
      created_at: v.createdAt.toISOString(),
      asset: isReadyAsset(a) ? a : null,
      external: v.assetId === null,
    });
  return map;
}

/** The chat's notes a reader of it sees (deleted ones left out), oldest first, with their authors. */
function chatNotes(ctx: AppContext, cardId: number, chat: Query['chat']) {
  return ctx.db
    .select({
      n: cardNotes,
      firstname: users.firstname,
      lastname: users.lastname,
      role: users.clientType,
    })
    .from(cardNotes)
    .leftJoin(users, eq(users.id, cardNotes.authorId))
    .where(and(eq(cardNotes.cardId, cardId), eq(cardNotes.chat, chat), eq(cardNotes.isDeleted, false)))
    .orderBy(asc(cardNotes.id));
}

/**
 * What GET /api/card/:id/report.pdf shows, frames grabbed: the card, then its chat's notes on a moment in
 * time order and the rest after them, each with its replies. The caller has checked who may read the chat.
 */
export async function reportData(
  ctx: AppContext,
  row: ReportCard,
  query: Query,
  zone: string,
  log: FastifyBaseLogger,
): Promise<ReportData> {
  const cardId = row.card.id;
  const [map, rows] = await Promise.all([deliveries(ctx, cardId), chatNotes(ctx, cardId, query.chat)]);
  const onlyVersion = query.version === undefined ? null : versionKey(query.version - 1);
  if (onlyVersion && !map[onlyVersion])
    throw new AppError('VALIDATION', fill(MSG.reportNoSuchVersion, { n: String(query.version) }), 'version');
  const dates = dateFormat(zone);

  const shown = new Set(rows.map((r) => r.n.id));
  const authorOf = (r: (typeof rows)[number]) =>
    r.n.guestName !== null || r.role === null
      ? noteAuthorName({ guestName: r.n.guestName, firstname: r.firstname, lastname: r.lastname })
      : `${`${r.firstname} ${r.lastname}`.trim()} (${ROLE_LABELS[r.role]})`;
  const repliesTo = new Map<number, ReportReply[]>();
  const notes: { r: (typeof rows)[number]; version: string | null; drawing: Drawing | null }[] = [];
  for (const r of rows) {
    // A reply whose note is gone stands on its own.
    if (r.n.parentId !== null && shown.has(r.n.parentId)) {
      const list = repliesTo.get(r.n.parentId) ?? [];
      list.push({ author: authorOf(r), written: dates.format(r.n.createdAt), text: noteReadingText(r.n.note) });
      repliesTo.set(r.n.parentId, list);
      continue;
    }
    const parsed = r.n.annotation ? annotationShape.safeParse(r.n.annotation) : null;
    const drawing = parsed?.success ? parsed.data : null;
    const version = versionOfNote(
      { date_added: r.n.createdAt.toISOString(), annotation: drawing?.version ? { version: drawing.version } : null },
      map,
    );
    if (onlyVersion && version !== onlyVersion) continue;
    notes.push({ r, version, drawing });
  }

  const momentOf = (n: (typeof rows)[number]['n']) => n.timeIn ?? n.videoTime;
  const timedNotes = notes
    .filter((x) => momentOf(x.r.n) !== null)
    .sort((a, b) => momentOf(a.r.n)! - momentOf(b.r.n)! || a.r.n.id - b.r.n.id);
  const untimedNotes = notes.filter((x) => momentOf(x.r.n) === null);

  let grabbed = 0;
  let outsideLinks = false;
  const counts: Record<FixState, number> = { open: 0, fixed: 0, wont_fix: 0 };
  const entry = async (x: (typeof notes)[number], number: number): Promise<ReportEntry> => {
    const { n } = x.r;
    // Only the checklist's items have a state (the customer's notes in review): the cover counts as it does.
    const state =
      n.fixRound === null ? null : fixStateOf({ is_note_complete: n.isComplete, wont_fix_reason: n.wontFixReason });
    if (state) counts[state]++;
    const position = n.videoNumber && n.videoNumber > 0 ? n.videoNumber : 1;
    const video = x.version ? map[x.version]?.[position - 1] : undefined;
    const moment = momentOf(n);
    let frame: ReportEntry['frame'] = null;
    let noFrame: string | null = null;
    const rate: Rate | null = video?.asset ? { num: video.asset.probe.fpsNum, den: video.asset.probe.fpsDen } : null;
    if (moment !== null) {
      if (!x.version) noFrame = NO_FRAME.beforeDelivery;
      else if (!video) noFrame = NO_FRAME.noVideo;
      else if (video.external) {
        noFrame = NO_FRAME.outsideLink;
        outsideLinks = true;
      } else if (!video.asset) noFrame = NO_FRAME.notReady;
      else if (grabbed >= REPORT_FRAMES_MAX) noFrame = NO_FRAME.tooMany;
      else {
        grabbed++;
        frame = await frameImage(ctx, video.asset, moment).catch((err: unknown) => {
          log.warn({ err, cardId, noteId: n.id }, 'review report: frame grab failed');
          return null;
        });
        if (!frame) noFrame = NO_FRAME.unreadable;
      }
    }
    return {
      number,
      moment: moment === null ? null : formatRange(moment, n.timeOut, query.timecode, rate),
      video: x.version ? `Video ${position} · ${versionLabel(x.version)}` : null,
      author: authorOf(x.r),
      written: dates.format(n.createdAt),
      text: noteReadingText(n.note),
      state,
      wontFixReason: n.wontFixReason,
      drawing: x.drawing,
      frame,
      noFrame,
      replies: repliesTo.get(n.id) ?? [],
    };
  };
  // One at a time: the grabs queue per process anyway, and each holds a decoded frame.
  const timed: ReportEntry[] = [];
  for (const [i, x] of timedNotes.entries()) timed.push(await entry(x, i + 1));
  const untimed: ReportEntry[] = [];
  for (const [i, x] of untimedNotes.entries()) untimed.push(await entry(x, timed.length + i + 1));

  const client = row.client;
  return {
    cardId,
    title: row.card.cardTitle,
    customer: `${client.firstname} ${client.lastname}`.trim(),
    chat: CHAT_TITLES[query.chat],
    version: onlyVersion ? versionLabel(onlyVersion) : versionKeys(map).length ? 'every version' : 'no delivery yet',
    made: dates.format(new Date()),
    counts,
    outsideLinks,
    timed,
    untimed,
  };
}
