import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { API } from '@cutroom/domain/contract';
import { cardVideos, cards, mediaAssets, type MediaOutputs } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { canSendStored, sendStored, storedFileHeaders } from '../../platform/stored-files.js';
import type { SessionUser } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { serve } from '../../platform/routes.js';
import { visibleCardsWhere } from '../../kernel/card-visibility.js';
import { thumbnailsVtt } from './plan.js';
import { frameAt, grabFrame } from './frame-grab.js';
import { shownOutputs } from '../../kernel/media-view.js';

type AssetRow = typeof mediaAssets.$inferSelect;

const MIME: Record<string, string> = { mp4: 'video/mp4', jpg: 'image/jpeg', json: 'application/json' };

/** A ready asset by id; anything else (unknown, still processing, failed) is not found. */
async function readyAsset(ctx: AppContext, id: number): Promise<AssetRow> {
  const [row] = await ctx.db.select().from(mediaAssets).where(eq(mediaAssets.id, id)).limit(1);
  if (!row || row.status !== 'ready' || !row.outputs || !row.probe) throw new AppError('NOT_FOUND');
  return row;
}

/** An asset whose files may be read: ready, or processing with early outputs (issue 49); else not found. */
async function shownAsset(ctx: AppContext, id: number): Promise<AssetRow & { outputs: MediaOutputs }> {
  const [row] = await ctx.db.select().from(mediaAssets).where(eq(mediaAssets.id, id)).limit(1);
  const outputs = row ? shownOutputs(row) : null;
  if (!row || !outputs || !row.probe) throw new AppError('NOT_FOUND');
  return { ...row, outputs };
}

/**
 * Whether the caller may see a card that delivers this asset, or the upload page folder that holds it.
 * Answered before the asset's state is read, so a caller without access learns nothing of it.
 */
async function mayRead(ctx: AppContext, viewer: SessionUser, assetId: number) {
  const [card] = await ctx.db
    .select({ id: cards.id })
    .from(cards)
    .where(
      and(
        inArray(
          cards.id,
          ctx.db.select({ id: cardVideos.cardId }).from(cardVideos).where(eq(cardVideos.assetId, assetId)),
        ),
        visibleCardsWhere(viewer),
      ),
    )
    .limit(1);
  if (card) return true;
  const [asset] = await ctx.db
    .select({ key: mediaAssets.sourceKey })
    .from(mediaAssets)
    .where(eq(mediaAssets.id, assetId))
    .limit(1);
  return asset ? ctx.files.uploadFolderHolds(viewer, asset.key) : false;
}

/**
 * The media pipeline's files (issue 34): proxies, poster, scrub sprites and their WebVTT track, waveform
 * peaks. Readable by whoever may see a card that delivers the video, and by a guest link's visitor for its
 * card; everyone else gets 404, as for a card they may not see.
 */
export const mediaFilesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const storage = ctx.storage;
    /**
     * A visit's readable asset, asked in that order: without a visit, every id answers the same 401. A watermarked
     * link's guest reads no clean picture (issue 52): `clean` files (proxies, frames) are not found for them.
     */
    async function guestAsset(request: FastifyRequest, id: number, clean: (asset: AssetRow) => boolean, early = false) {
      await ctx.files.guestVisit(request);
      const asset = early ? await shownAsset(ctx, id) : await readyAsset(ctx, id);
      if (!(await ctx.files.guestMayRead(request, asset.sourceKey))) throw new AppError('NOT_FOUND');
      if (clean(asset) && (await ctx.files.guestSeesOnlyMarked(request))) throw new AppError('NOT_FOUND');
      return asset;
    }
    const isProxy = (asset: AssetRow, file: string) =>
      asset.outputs?.proxies.some((p) => path.posix.basename(p.key) === file) ?? false;
    // Per user (or guest visit), not per address: an office behind one NAT address shares nothing.
    const frameBudget = (key: (request: FastifyRequest) => Promise<string> | string) => ({
      max: ctx.config.media.framesPerMinute,
      timeWindow: 60_000,
      keyGenerator: key,
    });
    await canSendStored(app, storage);

    /** One frame as a JPEG, grabbed once and then read from storage; the frame's number rides in a header. */
    async function sendFrame(reply: FastifyReply, asset: AssetRow, seconds: number) {
      const ready = asset as AssetRow & {
        probe: NonNullable<AssetRow['probe']>;
        outputs: NonNullable<AssetRow['outputs']>;
      };
      const frame = frameAt(ready.probe, seconds);
      const key = await grabFrame(ctx, ready, frame);
      reply.header('x-frame-number', String(frame));
      return sendStored(reply, storage, key, { mime: 'image/jpeg', disposition: 'inline', maxAgeS: 86_400 });
    }

    async function send(reply: FastifyReply, asset: AssetRow, file: string) {
      const outputs = asset.outputs!;
      if (file === 'thumbnails.vtt') {
        if (outputs.sprites.length === 0) throw new AppError('NOT_FOUND');
        return storedFileHeaders(reply, 3600)
          .type('text/vtt; charset=utf-8')
          .send(thumbnailsVtt(outputs.thumb, asset.probe!.duration, (i) => `sprite-${i}.jpg`));
      }
      const keys = [
        ...outputs.proxies.map((p) => p.key),
        outputs.poster,
        ...outputs.sprites,
        ...(outputs.waveform ? [outputs.waveform] : []),
      ];
      const key = keys.find((k) => path.posix.basename(k) === file);
      if (!key) throw new AppError('NOT_FOUND');
      const mime = MIME[file.slice(file.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
      return sendStored(reply, storage, key, { mime, disposition: 'inline' });
    }

    serve(app, API.media.readAssetFile, async ({ user, params, reply }) => {
      if (!(await mayRead(ctx, user, params.asset_id))) throw new AppError('NOT_FOUND');
      return send(reply, await shownAsset(ctx, params.asset_id), params.file);
    });

    serve(
      app,
      API.media.grabFrame,
      async ({ user, params, query, reply }) => {
        if (!(await mayRead(ctx, user, params.asset_id))) throw new AppError('NOT_FOUND');
        return sendFrame(reply, await readyAsset(ctx, params.asset_id), query.t);
      },
      { config: { rateLimit: frameBudget((request) => (request.user ? `user:${request.user.id}` : request.ip)) } },
    );

    serve(
      app,
      API.guestLinks.grabFrame,
      async ({ request, params, query, reply }) =>
        sendFrame(reply, await guestAsset(request, params.asset_id, () => true), query.t),
      {
        config: {
          rateLimit: frameBudget((request) =>
            ctx.files.guestVisit(request).then(
              (visitId) => `visit:${visitId}`,
              () => request.ip,
            ),
          ),
        },
      },
    );

    serve(
      app,
      API.guestLinks.readMediaFile,
      async ({ request, params, reply }) =>
        send(
          reply,
          await guestAsset(request, params.asset_id, (asset) => isProxy(asset, params.file), true),
          params.file,
        ),
      { config: { rateLimit: { max: 1200, timeWindow: 60_000 } } },
    );
  };
