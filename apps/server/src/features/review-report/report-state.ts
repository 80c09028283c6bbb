import { createHash } from 'node:crypto';
import { and, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { reviewReportQuery } from '@cutroom/domain/schemas';
import type { z } from 'zod';
import { cardNotes, cardVideos, mediaAssets, users } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import type { ReportCard } from './report-data.js';

/** A digest of rows, in id order, made by the database: the rows themselves never come to this process. */
const digestOf = (...columns: AnyColumn[]) => {
  const fields = sql.join(
    columns.map((c) => sql`${c}`),
    sql`, `,
  );
  return sql<string | null>`md5(string_agg(row(${fields})::text, ',' order by ${columns[0]}))`;
};

/**
 * What a report is drawn from, as one key: the query, the reader's time zone and role, the card's title and
 * customer, and a digest of each value it reads of the chat's notes (their authors' names included) and of the
 * deliveries. Any note written, edited, fixed, set aside or deleted, any video delivered or made ready, changes it.
 * The reader's role is in it so a report is only ever served again to the same kind of reader.
 */
export async function reportState(
  ctx: AppContext,
  viewer: SessionUser,
  row: ReportCard,
  query: z.output<typeof reviewReportQuery>,
  zone: string,
): Promise<string> {
  const cardId = row.card.id;
  const n = cardNotes;
  const [[notes], [videos]] = await Promise.all([
    ctx.db
      .select({
        digest: digestOf(
          n.id,
          n.parentId,
          n.note,
          n.authorId,
          users.firstname,
          users.lastname,
          users.clientType,
          n.videoNumber,
          n.videoTime,
          n.timeIn,
          n.timeOut,
          n.annotation,
          n.isComplete,
          n.wontFixReason,
          n.guestName,
          n.createdAt,
        ),
      })
      .from(n)
      .leftJoin(users, eq(users.id, n.authorId))
      .where(and(eq(n.cardId, cardId), eq(n.chat, query.chat), eq(n.isDeleted, false))),
    ctx.db
      .select({
        digest: digestOf(
          cardVideos.id,
          cardVideos.version,
          cardVideos.position,
          cardVideos.assetId,
          cardVideos.createdAt,
          mediaAssets.status,
          mediaAssets.probe,
          mediaAssets.outputs,
        ),
      })
      .from(cardVideos)
      .leftJoin(mediaAssets, eq(mediaAssets.id, cardVideos.assetId))
      .where(and(eq(cardVideos.cardId, cardId), eq(cardVideos.kind, 'done'))),
  ]);
  const { client } = row;
  const state = [cardId, query, zone, viewer.role, row.card.cardTitle, client.firstname, client.lastname];
  return createHash('sha256')
    .update(JSON.stringify([...state, notes?.digest ?? null, videos?.digest ?? null]))
    .digest('base64url');
}
