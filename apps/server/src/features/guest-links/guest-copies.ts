import { and, eq, inArray, sql } from 'drizzle-orm';
import { GUEST_COPY_NAMES_MAX, type GuestCopyState, watermarkText } from '@cutroom/domain';
import type { MediaView } from '@cutroom/domain/schemas';
import { guestCopies, guestLinks, type mediaAssets } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';

type CopyRow = typeof guestCopies.$inferSelect;
/** What of a guest visit its copies depend on: the link and the name given. */
type VisitOfLink = { linkId: number; guestName: string; label: string | null };

/** Where a visit plays and downloads its marked copy from. */
export const GUEST_COPIES_PATH = '/api/guest/copies/';
export const guestCopyUrl = (copyId: number) => `${GUEST_COPIES_PATH}${copyId}`;

export const copyState = (copy: CopyRow | undefined): GuestCopyState =>
  copy?.status === 'ready' ? 'ready' : copy?.status === 'failed' ? 'failed' : 'preparing';

/**
 * The visit's marked copies of these (ready) videos, queued where there are none yet. Each guest name of a link
 * gets its own copies up to GUEST_COPY_NAMES_MAX names; past that, copies carry the link's own mark, so a guest
 * typing new names can't make the pipeline encode without end. The link's row is locked while names are counted.
 */
export async function copiesForVisit(ctx: AppContext, visit: VisitOfLink, assetIds: number[]) {
  if (assetIds.length === 0) return new Map<number, CopyRow>();
  const rows = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: guestLinks.id }).from(guestLinks).where(eq(guestLinks.id, visit.linkId)).for('update');
    const names = await tx
      .selectDistinct({ name: guestCopies.guestName })
      .from(guestCopies)
      .where(eq(guestCopies.linkId, visit.linkId));
    const known = names.some((n) => n.name === visit.guestName);
    const name = known || names.length < GUEST_COPY_NAMES_MAX ? visit.guestName : '';
    const mark = watermarkText(name || null, visit.label, new Date());
    await tx
      .insert(guestCopies)
      .values(assetIds.map((assetId) => ({ linkId: visit.linkId, assetId, guestName: name, mark })))
      .onConflictDoNothing();
    return tx
      .select()
      .from(guestCopies)
      .where(
        and(
          eq(guestCopies.linkId, visit.linkId),
          eq(guestCopies.guestName, name),
          inArray(guestCopies.assetId, assetIds),
        ),
      );
  });
  return new Map(rows.map((row) => [row.assetId, row]));
}

/** A marked visit's view of a video's media: its poster and scrub track stay, its proxies are the one marked copy. */
export function markedMedia(media: MediaView, copy: CopyRow | undefined): MediaView {
  const ready = copy?.status === 'ready' && copy.height !== null;
  return { ...media, proxies: ready ? [{ height: copy.height!, url: guestCopyUrl(copy.id) }] : [] };
}

/** The visit's ready copy of this id, or undefined: another link's copy is as unknown as a missing one. */
export async function readyCopyOfVisit(ctx: AppContext, visit: VisitOfLink, copyId: number) {
  const [copy] = await ctx.db
    .select()
    .from(guestCopies)
    .where(and(eq(guestCopies.id, copyId), eq(guestCopies.linkId, visit.linkId), sql`${guestCopies.status} = 'ready'`))
    .limit(1);
  return copy?.key ? { ...copy, key: copy.key } : undefined;
}

/** Whether an asset's copies may be made now: a marked copy is drawn over the finished largest proxy. */
export const copyable = (asset: typeof mediaAssets.$inferSelect | null) => asset?.status === 'ready';
