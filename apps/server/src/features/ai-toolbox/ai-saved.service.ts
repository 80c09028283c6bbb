import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { MSG } from '@cutroom/domain';
import type { AiSavedItem, aiSaveBody, aiSavedQuery, aiUpdateBody } from '@cutroom/domain/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { aiSavedItems } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { likeTerm } from '../users/public.js';

type Row = typeof aiSavedItems.$inferSelect;
const view = (r: Row): AiSavedItem => ({
  id: r.id,
  toolType: r.toolType,
  title: r.title,
  audience_type: r.audienceType,
  category: r.category,
  duration: r.duration,
  data: r.data,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/** Plain text from a result card becomes paragraphs; rich text from the editor is sanitized as it is. */
function cleanData(data: string): string {
  const html = /<[a-z][^>]*>/i.test(data)
    ? data
    : data
        .split(/\n\s*\n/)
        .map(
          (p) =>
            `<p>${p.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, '<br>')}</p>`,
        )
        .join('');
  const clean = sanitizeRichText(html);
  if (!clean) throw new AppError('VALIDATION', MSG.aiDataRequired, 'data');
  return clean;
}

/** The caller's own item, or 404: another user's item does not exist for them. */
const own = (user: SessionUser, id: number) => and(eq(aiSavedItems.id, id), eq(aiSavedItems.userId, user.id));

export async function saveItem(db: Db, user: SessionUser, body: z.output<typeof aiSaveBody>) {
  const [row] = await db
    .insert(aiSavedItems)
    .values({
      userId: user.id,
      toolType: body.toolType,
      title: body.title,
      audienceType: body.audience_type || null,
      category: body.category || null,
      // A duration belongs to scripts only.
      duration: body.toolType === 'script' ? (body.duration ?? null) : null,
      data: cleanData(body.data),
    })
    .returning({ id: aiSavedItems.id });
  return { message: MSG.aiSaved, id: row!.id };
}

export async function listItems(db: Db, user: SessionUser, query: z.output<typeof aiSavedQuery>) {
  const term = likeTerm(query.titleSearch);
  const where: SQL | undefined = and(
    eq(aiSavedItems.userId, user.id),
    query.tooltype ? eq(aiSavedItems.toolType, query.tooltype) : undefined,
    term ? ilike(aiSavedItems.title, term) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(aiSavedItems)
      .where(where)
      .orderBy(desc(aiSavedItems.id))
      .limit(query.fetch)
      .offset((query.page - 1) * query.fetch),
    db.select({ n: count() }).from(aiSavedItems).where(where),
  ]);
  return { data: rows.map(view), totalCount: total?.n ?? 0 };
}

export async function updateItem(db: Db, user: SessionUser, id: number, body: z.output<typeof aiUpdateBody>) {
  if (body.id !== undefined && body.id !== id) throw new AppError('VALIDATION', MSG.aiIdMismatch, 'id');
  const data = cleanData(body.data);
  const updated = await db
    .update(aiSavedItems)
    .set({ data, updatedAt: new Date() })
    .where(own(user, id))
    .returning({ id: aiSavedItems.id });
  if (updated.length === 0) throw new AppError('NOT_FOUND');
  return { message: MSG.aiUpdated };
}

export async function deleteItem(db: Db, user: SessionUser, id: number) {
  const deleted = await db.delete(aiSavedItems).where(own(user, id)).returning({ id: aiSavedItems.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND');
  return { message: MSG.aiDeleted };
}
