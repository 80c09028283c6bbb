import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import { REVISION_REASON_LIST_MAX, REVISION_REASON_MSG, fill, reasonKeyOf } from '@cutroom/domain';
import type {
  createRevisionReasonBody,
  reorderRevisionReasonsBody,
  updateRevisionReasonBody,
} from '@cutroom/domain/schemas';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { violates } from '../../db/postgres-error.js';
import { cardRevisionReasons, cardRevisions, revisionReasons, type cards } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';

type In<T extends z.ZodType> = z.output<T>;
type Card = typeof cards.$inferSelect;

const columns = {
  key: revisionReasons.key,
  label: revisionReasons.label,
  active: revisionReasons.active,
  position: revisionReasons.position,
};
const byPosition = [asc(revisionReasons.position), asc(revisionReasons.key)];

/** The active reasons in the admin's order: what the revision dialog offers. */
export async function activeReasons(db: Db) {
  const reasons = await db
    .select(columns)
    .from(revisionReasons)
    .where(eq(revisionReasons.active, true))
    .orderBy(...byPosition);
  return { reasons };
}

/** Every reason with how many revisions named it (the admin screen). */
export async function allReasons(db: Db | Tx) {
  const used = db
    .select({ key: cardRevisionReasons.reasonKey, used: count().as('used') })
    .from(cardRevisionReasons)
    .groupBy(cardRevisionReasons.reasonKey)
    .as('used');
  const rows = await db
    .select({ ...columns, used: sql<number>`coalesce(${used.used}, 0)::int` })
    .from(revisionReasons)
    .leftJoin(used, eq(used.key, revisionReasons.key))
    .orderBy(...byPosition);
  return { reasons: rows.map((r) => ({ ...r, used: Number(r.used) })) };
}

/** A label another reason has (case-insensitive), a rename included, is refused. */
async function assertLabelFree(tx: Tx, label: string, except?: string) {
  const [clash] = await tx
    .select({ key: revisionReasons.key })
    .from(revisionReasons)
    .where(
      sql`lower(${revisionReasons.label}) = lower(${label})${except ? sql` and ${revisionReasons.key} <> ${except}` : sql``}`,
    );
  if (clash) throw new AppError('REVISION_REASON_EXISTS', undefined, 'label');
}

/** The label index: two admins adding one name at once get the 409 the check gives. */
const isLabelClash = (e: unknown) => violates(e, 'revision_reasons_label_idx');

export async function createReason(db: Db, body: In<typeof createRevisionReasonBody>) {
  try {
    return await db.transaction(async (tx) => {
      // Serialises additions so the position and the key suffix are taken once.
      await tx.execute(sql`lock table revision_reasons in share row exclusive mode`);
      await assertLabelFree(tx, body.label);
      const existing = await tx
        .select({ key: revisionReasons.key, position: revisionReasons.position })
        .from(revisionReasons);
      if (existing.length >= REVISION_REASON_LIST_MAX) {
        throw new AppError(
          'VALIDATION',
          fill(REVISION_REASON_MSG.revisionReasonListFull, { max: String(REVISION_REASON_LIST_MAX) }),
          'label',
        );
      }
      const taken = new Set(existing.map((r) => r.key));
      const base = reasonKeyOf(body.label);
      let key = base;
      for (let n = 2; taken.has(key); n++) key = `${base.slice(0, 36)}_${n}`;
      const position = Math.max(0, ...existing.map((r) => r.position)) + 1;
      await tx.insert(revisionReasons).values({ key, label: body.label, position });
      return { success: true, message: REVISION_REASON_MSG.revisionReasonAdded, key };
    });
  } catch (e) {
    if (!isLabelClash(e)) throw e;
    throw new AppError('REVISION_REASON_EXISTS', undefined, 'label');
  }
}

export async function updateReason(db: Db, key: string, body: In<typeof updateRevisionReasonBody>) {
  try {
    return await db.transaction(async (tx) => {
      if (body.label !== undefined) await assertLabelFree(tx, body.label, key);
      const [row] = await tx
        .update(revisionReasons)
        .set({
          ...(body.label !== undefined ? { label: body.label } : {}),
          ...(body.active !== undefined ? { active: body.active } : {}),
        })
        .where(eq(revisionReasons.key, key))
        .returning({ key: revisionReasons.key });
      if (!row) throw new AppError('NOT_FOUND');
      return { success: true, message: REVISION_REASON_MSG.revisionReasonUpdated, key };
    });
  } catch (e) {
    if (!isLabelClash(e)) throw e;
    throw new AppError('REVISION_REASON_EXISTS', undefined, 'label');
  }
}

/** The whole order at once: the keys sent must be exactly the list's keys. */
export async function reorderReasons(db: Db, body: In<typeof reorderRevisionReasonsBody>) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table revision_reasons in share row exclusive mode`);
    const keys = (await tx.select({ key: revisionReasons.key }).from(revisionReasons)).map((r) => r.key);
    const sent = new Set(body.keys);
    if (sent.size !== body.keys.length || sent.size !== keys.length || keys.some((k) => !sent.has(k))) {
      throw new AppError('VALIDATION', REVISION_REASON_MSG.revisionReasonOrderMismatch, 'keys');
    }
    for (const [i, key] of body.keys.entries()) {
      await tx
        .update(revisionReasons)
        .set({ position: i + 1 })
        .where(eq(revisionReasons.key, key));
    }
    return allReasons(tx);
  });
}

/**
 * Checks a revision's reasons against the active list in the move's transaction (rows locked for
 * share, so a reason can't be deactivated between the check and the write), then stores the request.
 */
export async function recordRevision(tx: Tx, viewer: SessionUser, card: Card, reasons: readonly string[]) {
  const keys = [...new Set(reasons)];
  if (keys.length > 0) {
    const found = await tx
      .select({ key: revisionReasons.key, active: revisionReasons.active })
      .from(revisionReasons)
      .where(inArray(revisionReasons.key, keys))
      .for('share');
    const state = new Map(found.map((r) => [r.key, r.active]));
    const unknown = keys.find((k) => !state.has(k));
    if (unknown)
      throw new AppError('VALIDATION', fill(REVISION_REASON_MSG.revisionReasonUnknown, { key: unknown }), 'reasons');
    const inactive = keys.find((k) => state.get(k) === false);
    if (inactive)
      throw new AppError('VALIDATION', fill(REVISION_REASON_MSG.revisionReasonInactive, { key: inactive }), 'reasons');
  }
  const [revision] = await tx
    .insert(cardRevisions)
    .values({
      cardId: card.id,
      round: card.revisionNr,
      requestedBy: viewer.id,
      editorId: card.assignedTo,
      qaId: card.assignedQaId,
    })
    .returning({ id: cardRevisions.id });
  if (keys.length > 0) {
    await tx.insert(cardRevisionReasons).values(keys.map((reasonKey) => ({ revisionId: revision!.id, reasonKey })));
  }
}
