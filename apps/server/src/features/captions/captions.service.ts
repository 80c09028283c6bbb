import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  CAPTION_ACTIVITY_EDITED,
  CAPTION_MATCHES_MAX,
  CAPTION_TRACKS_MAX,
  CAPTIONS_MSG,
  captionQc,
  cleanCueText,
  fill,
  formatCueClock,
  isStaff,
  parseCaptions,
  toSrt,
  toVtt,
  type Cue,
} from '@cutroom/domain';
import type { CaptionView, captionsQuery, editCueBody, uploadCaptionFields } from '@cutroom/domain/schemas';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { captionCues, captionTracks, cardActivity, cardVideos, cards, mediaAssets } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { loadVisibleCard } from '../../kernel/card-access.js';
import { insertTrack } from './track-store.js';

type TrackRow = typeof captionTracks.$inferSelect;
type CueRow = typeof captionCues.$inferSelect;
/** Who reads the tracks: staff (with caption QC), the card's customer, or a guest (their own file paths). */
export type CaptionReader = 'staff' | 'customer' | 'guest';

const readerOf = (viewer: SessionUser): CaptionReader => (isStaff(viewer.role) ? 'staff' : 'customer');
const seconds = (ms: number) => ms / 1000;
const toCue = (c: CueRow): Cue => ({
  start: seconds(c.startMs),
  end: seconds(c.endMs),
  text: c.text,
  settings: c.settings,
});

/** Each delivered video of the card by version and number, with its frame and length when the pipeline probed it. */
async function deliveredVideos(db: Db, cardId: number) {
  const rows = await db
    .select({ version: cardVideos.version, probe: mediaAssets.probe })
    .from(cardVideos)
    .leftJoin(mediaAssets, eq(mediaAssets.id, cardVideos.assetId))
    .where(and(eq(cardVideos.cardId, cardId), eq(cardVideos.kind, 'done')))
    .orderBy(asc(cardVideos.version), asc(cardVideos.position), asc(cardVideos.id));
  const videos = new Map<string, (typeof rows)[number]['probe']>();
  const numbers = new Map<number, number>();
  for (const row of rows) {
    const number = (numbers.get(row.version) ?? 0) + 1;
    numbers.set(row.version, number);
    videos.set(`${row.version}:${number}`, row.probe);
  }
  return videos;
}

function fileUrls(cardId: number, trackId: number, reader: CaptionReader) {
  const base = reader === 'guest' ? `/api/guest/captions/${trackId}` : `/api/card/${cardId}/captions/${trackId}`;
  return { vtt_url: `${base}/vtt`, srt_url: `${base}/srt` };
}

function toView(
  track: TrackRow,
  cues: CueRow[],
  reader: CaptionReader,
  frame: { width: number; height: number } | null,
): CaptionView {
  const list = cues.map(toCue);
  return {
    caption_id: track.id,
    video_version: track.videoVersion,
    video_number: track.videoNumber,
    language: track.language,
    source: track.source,
    status: track.status,
    error: track.error,
    cues: list.map((c, i) => ({ n: i + 1, ...c })),
    ...fileUrls(track.cardId, track.id, reader),
    // Caption QC is the team's check: measured against the delivered frame (16:9 HD when not probed).
    qc: reader === 'staff' ? captionQc(list, frame ?? { width: 1920, height: 1080 }) : null,
    created_at: track.createdAt.toISOString(),
  };
}

/** The card's tracks (one version's with `video_version`), oldest first, with their cues. */
export async function listTracks(
  ctx: AppContext,
  cardId: number,
  reader: CaptionReader,
  query: z.output<typeof captionsQuery>,
) {
  const tracks = await ctx.db
    .select()
    .from(captionTracks)
    .where(
      and(
        eq(captionTracks.cardId, cardId),
        query.video_version === undefined ? undefined : eq(captionTracks.videoVersion, query.video_version),
      ),
    )
    .orderBy(desc(captionTracks.videoVersion), asc(captionTracks.id));
  const cues = tracks.length
    ? await ctx.db
        .select()
        .from(captionCues)
        .where(
          sql`${captionCues.trackId} in (${sql.join(
            tracks.map((t) => sql`${t.id}`),
            sql`, `,
          )})`,
        )
        .orderBy(asc(captionCues.trackId), asc(captionCues.n))
    : [];
  const videos = await deliveredVideos(ctx.db, cardId);
  const byTrack = new Map<number, CueRow[]>();
  for (const cue of cues) byTrack.set(cue.trackId, [...(byTrack.get(cue.trackId) ?? []), cue]);
  return {
    captions: tracks.map((t) =>
      toView(t, byTrack.get(t.id) ?? [], reader, videos.get(`${t.videoVersion}:${t.videoNumber}`) ?? null),
    ),
    transcription: ctx.config.ai !== undefined,
  };
}

/** GET /api/card/:id/captions. */
export async function listCaptions(
  ctx: AppContext,
  viewer: SessionUser,
  cardId: number,
  query: z.output<typeof captionsQuery>,
) {
  await loadVisibleCard(ctx.db, viewer, cardId);
  return listTracks(ctx, cardId, readerOf(viewer), query);
}

async function loadTrack(db: Db, cardId: number, trackId: number) {
  const [track] = await db
    .select()
    .from(captionTracks)
    .where(and(eq(captionTracks.id, trackId), eq(captionTracks.cardId, cardId)))
    .limit(1);
  if (!track) throw new AppError('NOT_FOUND');
  return track;
}

async function trackView(ctx: AppContext, track: TrackRow, reader: CaptionReader) {
  const cues = await ctx.db
    .select()
    .from(captionCues)
    .where(eq(captionCues.trackId, track.id))
    .orderBy(asc(captionCues.n));
  const videos = await deliveredVideos(ctx.db, track.cardId);
  return toView(track, cues, reader, videos.get(`${track.videoVersion}:${track.videoNumber}`) ?? null);
}

/** A problem list as one message: the first few lines named, the count of the rest. */
function problemsMessage(problems: { line: number; message: string }[]) {
  const shown = problems.slice(0, 5).map((p) => p.message);
  const more = problems.length - shown.length;
  return shown.join('\n') + (more > 0 ? `\n…and ${more} more` : '');
}

/** POST /api/card/:id/captions: the file is read whole (it is at most CAPTION_LIMITS.fileBytes), checked, then kept. */
export async function uploadCaptions(
  ctx: AppContext,
  viewer: SessionUser,
  cardId: number,
  fields: z.output<typeof uploadCaptionFields>,
  file: Uint8Array,
) {
  await loadVisibleCard(ctx.db, viewer, cardId);
  const videos = await deliveredVideos(ctx.db, cardId);
  const key = `${fields.video_version}:${fields.video_number}`;
  if (!videos.has(key))
    throw new AppError(
      'VALIDATION',
      fill(CAPTIONS_MSG.noVideo, { version: String(fields.video_version + 1), number: String(fields.video_number) }),
      'video_version',
    );
  const parsed = parseCaptions(file, { duration: videos.get(key)?.duration ?? null });
  if (!parsed.ok) throw new AppError('VALIDATION', problemsMessage(parsed.problems), 'file');
  const created = await ctx.db.transaction(async (tx) => {
    // The card's row is the lock: two uploads at once count each other's track.
    await tx.select({ id: cards.id }).from(cards).where(eq(cards.id, cardId)).for('update');
    const [{ tracks } = { tracks: 0 }] = await tx
      .select({ tracks: count() })
      .from(captionTracks)
      .where(
        and(
          eq(captionTracks.cardId, cardId),
          eq(captionTracks.videoVersion, fields.video_version),
          eq(captionTracks.videoNumber, fields.video_number),
        ),
      );
    if (tracks >= CAPTION_TRACKS_MAX)
      throw new AppError('VALIDATION', fill(CAPTIONS_MSG.tooMany, { max: String(CAPTION_TRACKS_MAX) }), 'file');
    return insertTrack(
      tx,
      {
        cardId,
        videoVersion: fields.video_version,
        videoNumber: fields.video_number,
        language: fields.language,
        source: 'upload',
        status: 'ready',
        createdBy: viewer.id,
        doneAt: new Date(),
      },
      parsed.cues,
    );
  });
  return { message: CAPTIONS_MSG.uploaded, caption: await trackView(ctx, created, readerOf(viewer)) };
}

/** A ready track's cues, as a caption file of either format. */
export async function sendTrackFile(ctx: AppContext, track: TrackRow, format: 'vtt' | 'srt', reply: FastifyReply) {
  if (track.status !== 'ready') throw new AppError('NOT_FOUND');
  const rows = await ctx.db
    .select()
    .from(captionCues)
    .where(eq(captionCues.trackId, track.id))
    .orderBy(asc(captionCues.n));
  const cues = rows.map(toCue);
  return reply
    .header('cache-control', 'private, no-cache')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `inline; filename="captions-${track.id}-${track.language}.${format}"`)
    .type(format === 'vtt' ? 'text/vtt; charset=utf-8' : 'application/x-subrip; charset=utf-8')
    .send(format === 'vtt' ? toVtt(cues) : toSrt(cues));
}

/** GET /api/card/:id/captions/:caption_id/(vtt|srt). */
export async function captionFile(
  ctx: AppContext,
  viewer: SessionUser,
  cardId: number,
  trackId: number,
  format: 'vtt' | 'srt',
  reply: FastifyReply,
) {
  await loadVisibleCard(ctx.db, viewer, cardId);
  return sendTrackFile(ctx, await loadTrack(ctx.db, cardId, trackId), format, reply);
}

/**
 * PUT /api/card/:id/captions/:caption_id/cues/:n: one line's text and times, kept between its neighbours and
 * within the video; the track is locked meanwhile, so two edits of neighbouring lines can't cross.
 */
export async function editCue(
  ctx: AppContext,
  viewer: SessionUser,
  cardId: number,
  trackId: number,
  n: number,
  body: z.output<typeof editCueBody>,
) {
  await loadVisibleCard(ctx.db, viewer, cardId);
  const text = cleanCueText(body.text);
  if (!text) throw new AppError('VALIDATION', 'Write the line first', 'text');
  const startMs = Math.round(body.start * 1000);
  const endMs = Math.round(body.end * 1000);
  const track = await ctx.db.transaction(async (tx) => {
    const [track] = await tx
      .select()
      .from(captionTracks)
      .where(and(eq(captionTracks.id, trackId), eq(captionTracks.cardId, cardId)))
      .for('update');
    if (!track) throw new AppError('NOT_FOUND');
    if (track.status !== 'ready') throw new AppError('CAPTION_NOT_READY');
    const near = await tx
      .select()
      .from(captionCues)
      .where(and(eq(captionCues.trackId, trackId), sql`${captionCues.n} between ${n - 1} and ${n + 1}`));
    if (!near.some((c) => c.n === n)) throw new AppError('NOT_FOUND', fill(CAPTIONS_MSG.noCue, { n: String(n) }));
    const before = near.find((c) => c.n === n - 1);
    const after = near.find((c) => c.n === n + 1);
    if ((before && startMs < before.endMs) || (after && endMs > after.startMs))
      throw new AppError('VALIDATION', CAPTIONS_MSG.overlaps, 'start');
    const duration = (await deliveredVideos(tx, cardId)).get(`${track.videoVersion}:${track.videoNumber}`)?.duration;
    if (duration !== undefined && body.end > duration + 0.5)
      throw new AppError('VALIDATION', fill(CAPTIONS_MSG.pastEnd, { end: formatCueClock(duration) }), 'end');
    await tx
      .update(captionCues)
      .set({ text, startMs, endMs })
      .where(and(eq(captionCues.trackId, trackId), eq(captionCues.n, n)));
    await tx.update(captionTracks).set({ updatedAt: new Date() }).where(eq(captionTracks.id, trackId));
    await tx.insert(cardActivity).values({ cardId, userId: viewer.id, toStatus: CAPTION_ACTIVITY_EDITED });
    return track;
  });
  return { message: CAPTIONS_MSG.cueSaved, caption: await trackView(ctx, track, readerOf(viewer)) };
}

/** DELETE /api/card/:id/captions/:caption_id. */
export async function removeCaptions(ctx: AppContext, viewer: SessionUser, cardId: number, trackId: number) {
  await loadVisibleCard(ctx.db, viewer, cardId);
  await loadTrack(ctx.db, cardId, trackId);
  await ctx.db.delete(captionTracks).where(and(eq(captionTracks.id, trackId), eq(captionTracks.cardId, cardId)));
  return { message: CAPTIONS_MSG.removed };
}

/** Lower case without the common accents, on both sides of a search (PGlite has no unaccent). */
const FOLD_FROM = 'áàâäãåāéèêëēíìîïīóòôöõøōúùûüūçñý';
const FOLD_TO = 'aaaaaaaeeeeeiiiiiooooooouuuuucny';
const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const likePattern = (q: string) => `%${fold(q).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** GET /api/card/:id/captions/search: cues of every ready track of the card holding the words, newest version first. */
export async function searchCaptions(ctx: AppContext, viewer: SessionUser, cardId: number, q: string) {
  await loadVisibleCard(ctx.db, viewer, cardId);
  const rows = await ctx.db
    .select({
      caption_id: captionTracks.id,
      video_version: captionTracks.videoVersion,
      cue: captionCues.n,
      startMs: captionCues.startMs,
      endMs: captionCues.endMs,
      text: captionCues.text,
    })
    .from(captionCues)
    .innerJoin(captionTracks, eq(captionTracks.id, captionCues.trackId))
    .where(
      and(
        eq(captionTracks.cardId, cardId),
        eq(captionTracks.status, 'ready'),
        sql`translate(lower(${captionCues.text}), ${FOLD_FROM}, ${FOLD_TO}) like ${likePattern(q)}`,
      ),
    )
    .orderBy(desc(captionTracks.videoVersion), asc(captionTracks.id), asc(captionCues.n))
    .limit(CAPTION_MATCHES_MAX);
  return {
    matches: rows.map(({ startMs, endMs, ...m }) => ({ ...m, time_in: seconds(startMs), time_out: seconds(endMs) })),
  };
}
