import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { frameOfTime } from '@cutroom/domain';
import { mediaFrames, type mediaAssets } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import type { AppContext } from '../../platform/context.js';
import { runTool } from './ffmpeg.js';
import { mediaTools, type MediaTools } from './media-tools.js';
import { outputPrefix } from '../../kernel/media-view.js';

export type ReadyAsset = typeof mediaAssets.$inferSelect & {
  probe: NonNullable<(typeof mediaAssets.$inferSelect)['probe']>;
  outputs: NonNullable<(typeof mediaAssets.$inferSelect)['outputs']>;
};

/** The frame shown at a time (the domain's rule, as notes name frames), within the video. */
export function frameAt(probe: ReadyAsset['probe'], seconds: number): number {
  const index = frameOfTime(seconds, { num: probe.fpsNum, den: probe.fpsDen });
  return Math.min(index, Math.max(0, (probe.frameCount ?? Number.MAX_SAFE_INTEGER) - 1));
}

export const frameKey = (assetId: number, frame: number) => `${outputPrefix(assetId)}frames/${frame}.jpg`;

/** Two grabs at a time per process: each decodes up to a second of video, on the API's machine. */
let running = 0;
const waiting: (() => void)[] = [];
async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= 2) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

type GrabContext = Pick<AppContext, 'db' | 'storage' | 'config'>;

/** Whether a frame is in storage; a file from before the index (migration 0020) is listed now, so the cap counts it. */
async function isCached(ctx: GrabContext, assetId: number, frame: number) {
  if (!(await ctx.storage.exists(frameKey(assetId, frame)))) return false;
  const [row] = await ctx.db
    .select({ frame: mediaFrames.frame })
    .from(mediaFrames)
    .where(and(eq(mediaFrames.assetId, assetId), eq(mediaFrames.frame, frame)))
    .limit(1);
  if (!row) await remember(ctx, assetId, frame);
  return true;
}

/** Lists a new grab, then drops the asset's oldest grabs past the cap: their rows and their files. */
async function remember(ctx: GrabContext, assetId: number, frame: number) {
  await ctx.db
    .insert(mediaFrames)
    .values({ assetId, frame })
    .onConflictDoUpdate({ target: [mediaFrames.assetId, mediaFrames.frame], set: { grabbedAt: sql`now()` } });
  const ofAsset = eq(mediaFrames.assetId, assetId);
  const dropped = await ctx.db
    .delete(mediaFrames)
    .where(
      and(
        ofAsset,
        inArray(
          mediaFrames.frame,
          ctx.db
            .select({ frame: mediaFrames.frame })
            .from(mediaFrames)
            .where(ofAsset)
            .orderBy(desc(mediaFrames.grabbedAt), desc(mediaFrames.frame))
            .offset(ctx.config.media.frameCache),
        ),
      ),
    )
    .returning({ frame: mediaFrames.frame });
  for (const old of dropped) await ctx.storage.remove(frameKey(assetId, old.frame));
}

/**
 * Writes one frame of a ready asset as a JPEG into storage (once: later calls find it there, until it is one
 * of the oldest past MEDIA_FRAME_CACHE). Taken from the largest proxy, which has every source frame at its own
 * time, with an exact seek.
 */
export async function grabFrame(ctx: GrabContext, asset: ReadyAsset, frame: number): Promise<string> {
  const { storage } = ctx;
  const key = frameKey(asset.id, frame);
  if (await isCached(ctx, asset.id, frame)) return key;
  if (asset.outputs.proxies.length === 0) throw new AppError('NOT_FOUND');
  const tools = grabTools(ctx);
  await slot(async () => {
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), `cutroom-frame-${asset.id}-`));
    try {
      // The sharpest proxy where it lies on disk; the smallest where reading it means downloading it.
      const proxy = storage.copiesToRead ? asset.outputs.proxies.at(-1)! : asset.outputs.proxies[0]!;
      const input = await storage.localCopy(proxy.key, dir);
      const out = path.join(dir, 'frame.jpg');
      // A quarter frame early: the first frame at or after that time is this one, not its neighbour.
      const at = Math.max(0, ((frame - 0.25) * asset.probe.fpsDen) / asset.probe.fpsNum);
      const { code, stderr } = await runTool(
        tools.ffmpeg,
        [
          '-hide_banner',
          '-nostdin',
          '-y',
          '-protocol_whitelist',
          'file',
          '-ss',
          at.toFixed(6),
          '-f',
          'mov',
          '-i',
          'file:' + input,
          '-frames:v',
          '1',
          '-q:v',
          '3',
          'file:' + out,
        ],
        { timeoutMs: 20_000, memoryMb: GRAB_MEMORY_MB },
      );
      if (code !== 0 || !(await fs.promises.stat(out).catch(() => null)))
        throw new Error(`frame grab failed: ${stderr.slice(-300)}`);
      await storage.remove(key);
      await storage.put(key, fs.createReadStream(out), { mime: 'image/jpeg', inline: true });
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  });
  await remember(ctx, asset.id, frame);
  return key;
}

/** A grab decodes a few frames of our own proxy (at most 1080 on its short side): far less than this. */
const GRAB_MEMORY_MB = 512;

let foundTools: MediaTools | undefined;
/** The configured ffmpeg, found on the first grab: an API-only instance without it still serves the rest. */
export const grabTools = (ctx: Pick<AppContext, 'config'>) =>
  (foundTools ??= mediaTools({ ffmpeg: ctx.config.media.ffmpegPath, ffprobe: ctx.config.media.ffprobePath }));

/** Whether an asset has what a frame grab needs: a probe and a proxy to seek in. */
export const isReadyAsset = (asset: typeof mediaAssets.$inferSelect | null): asset is ReadyAsset =>
  !!asset && asset.status === 'ready' && !!asset.probe && !!asset.outputs && asset.outputs.proxies.length > 0;

/** The frame shown at a time, as JPEG bytes (grabbed once into storage): what the review report draws over. */
export async function frameImage(
  ctx: GrabContext,
  asset: ReadyAsset,
  seconds: number,
): Promise<{ number: number; jpeg: Buffer }> {
  const frame = frameAt(asset.probe, seconds);
  const key = await grabFrame(ctx, asset, frame);
  const chunks: Buffer[] = [];
  for await (const chunk of await ctx.storage.read(key)) chunks.push(chunk as Buffer);
  return { number: frame, jpeg: Buffer.concat(chunks) };
}
