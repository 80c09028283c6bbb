import { and, desc, eq } from 'drizzle-orm';
import { CAPTION_LIMITS, parseCaptions } from '@cutroom/domain';
import { captionTracks, cardVideos, mediaAssets } from '../../db/schema.js';
import { insertTrack } from './track-store.js';
import type { AppContext } from '../../platform/context.js';
import { videoKeyOf } from '../media/public.js';

/** A stored file's bytes, at most `max` + 1 of them (more says it is too big). */
async function readUpTo(ctx: AppContext, key: string, max: number) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of await ctx.storage.read(key)) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size > max) break;
  }
  return Buffer.concat(chunks);
}

/**
 * The card's subtitles file (the spec's `srt_file`, issue 53) as a caption track of its latest delivered version's
 * first video, replacing the track an earlier file made. A link elsewhere, a file that doesn't parse, or a card with
 * nothing delivered yet makes no track: setting the file itself never fails for it. True when a track was made.
 */
export async function trackFromSubtitlesFile(ctx: AppContext, cardId: number, srtUrl: string, userId: number) {
  const key = videoKeyOf(srtUrl);
  if (!key) return false;
  const [video] = await ctx.db
    .select({ version: cardVideos.version, probe: mediaAssets.probe })
    .from(cardVideos)
    .leftJoin(mediaAssets, eq(mediaAssets.id, cardVideos.assetId))
    .where(and(eq(cardVideos.cardId, cardId), eq(cardVideos.kind, 'done')))
    .orderBy(desc(cardVideos.version), cardVideos.position, cardVideos.id)
    .limit(1);
  if (!video) return false;
  const bytes = await readUpTo(ctx, key, CAPTION_LIMITS.fileBytes).catch(() => null);
  if (!bytes) return false;
  const parsed = parseCaptions(bytes, { duration: video.probe?.duration ?? null });
  if (!parsed.ok) return false;
  await ctx.db.transaction(async (tx) => {
    await tx
      .delete(captionTracks)
      .where(and(eq(captionTracks.cardId, cardId), eq(captionTracks.source, 'upload'), eq(captionTracks.fileKey, key)));
    await insertTrack(
      tx,
      {
        cardId,
        videoVersion: video.version,
        videoNumber: 1,
        // The spec's file says nothing of its language.
        language: 'und',
        source: 'upload',
        status: 'ready',
        fileKey: key,
        createdBy: userId,
        doneAt: new Date(),
      },
      parsed.cues,
    );
  });
  return true;
}
