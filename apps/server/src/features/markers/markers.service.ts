import { and, asc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_MARKER_FRAME_RATE,
  MARKER_FORMATS,
  MARKER_FRAME_RATES,
  frameRateOf,
  noteAuthorName,
  noteReadingText,
  versionKey,
  versionOfNote,
} from '@cutroom/domain';
import type { markersQuery } from '@cutroom/domain/schemas';
import type { z } from 'zod';
import { cardNotes, users } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { fileStem } from '../../platform/download.js';
import { loadChatCard } from '../chat/public.js';
import { deliveredVersions, videoFacts } from '../media-pipeline/public.js';
import { MARKER_WRITERS } from './marker-files.js';

/**
 * GET /api/card/:id/markers: the chat's timed notes the viewer may read, as a marker file, at the rate
 * asked for, else the video's own (as the media pipeline probed it), else 30.
 */
export async function exportMarkers(
  ctx: AppContext,
  viewer: SessionUser,
  cardId: number,
  query: z.output<typeof markersQuery>,
) {
  const row = await loadChatCard(ctx, viewer, cardId, query.chat);
  const where: (SQL | undefined)[] = [
    eq(cardNotes.cardId, cardId),
    eq(cardNotes.chat, query.chat),
    isNotNull(cardNotes.videoTime),
    eq(cardNotes.isDeleted, false),
    query.include_done ? undefined : eq(cardNotes.isComplete, false),
    query.note_for_video_number === undefined
      ? undefined
      : or(eq(cardNotes.videoNumber, query.note_for_video_number), isNull(cardNotes.videoNumber)),
  ];
  // Notes from before issue 35 and spec clients' tags have their whole second only.
  const seconds = sql<number>`coalesce(${cardNotes.timeIn}, ${cardNotes.videoTime})`;
  const notes = await ctx.db
    .select({
      note: cardNotes.note,
      seconds,
      until: cardNotes.timeOut,
      done: cardNotes.isComplete,
      firstname: users.firstname,
      lastname: users.lastname,
      guestName: cardNotes.guestName,
      createdAt: cardNotes.createdAt,
      annotation: cardNotes.annotation,
    })
    .from(cardNotes)
    .leftJoin(users, eq(users.id, cardNotes.authorId))
    .where(and(...where))
    .orderBy(asc(seconds), asc(cardNotes.id));
  // A version asked for keeps the notes made on it (a drawing names its version; a comment, the newest before it).
  const versions = query.video_version === undefined ? null : await deliveredVersions(ctx.db, cardId);
  const onVersion = (n: (typeof notes)[number]) =>
    !versions ||
    versionOfNote(
      { date_added: n.createdAt.toISOString(), annotation: n.annotation as { version?: string } | null },
      versions,
    ) === versionKey(query.video_version!);
  // Deleted notes are left out above: the only notes the chat hides from a reader of it.
  const markers = notes.filter(onVersion).map((n) => ({
    seconds: Number(n.seconds),
    until: n.until,
    author: noteAuthorName(n),
    text: noteReadingText(n.note),
    done: n.done,
  }));
  const title = row.card.cardTitle;
  const format = MARKER_FORMATS[query.format];
  const own = query.fps
    ? null
    : (await videoFacts(ctx.db, cardId, query.note_for_video_number ?? null, query.video_version)).rate;
  const rate = query.fps
    ? MARKER_FRAME_RATES[query.fps]
    : own
      ? frameRateOf(own)
      : MARKER_FRAME_RATES[DEFAULT_MARKER_FRAME_RATE];
  return {
    body: MARKER_WRITERS[query.format]({ title, rate, start: query.start, markers }),
    filename: `${fileStem(title)}-notes.${format.ext}`,
    mime: format.mime,
  };
}
