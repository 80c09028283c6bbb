import type { Cue } from '@cutroom/domain';
import type { Db } from '../../db/client.js';
import { captionCues, captionTracks } from '../../db/schema.js';

/** A new track and its cues, numbered from 1, in the caller's transaction; cues go in batches of a thousand. */
export async function insertTrack(tx: Db, values: typeof captionTracks.$inferInsert, cues: readonly Cue[]) {
  const [track] = await tx.insert(captionTracks).values(values).returning();
  for (let i = 0; i < cues.length; i += 1000)
    await tx.insert(captionCues).values(
      cues.slice(i, i + 1000).map((c, j) => ({
        trackId: track!.id,
        n: i + j + 1,
        startMs: Math.round(c.start * 1000),
        endMs: Math.round(c.end * 1000),
        text: c.text,
        settings: c.settings,
      })),
    );
  return track!;
}
