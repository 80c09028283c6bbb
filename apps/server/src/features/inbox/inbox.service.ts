import { and, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  INBOX_PREVIEW_CHARS,
  INBOX_STAFF_ROLES,
  calendarDay,
  MSG,
  REPLY_PREVIEW_CHARS,
  changeMessageVerdict,
  isInboxStaff,
  reopenVerdict,
  replyVerdict,
  resolveVerdict,
  richTextAsLine,
  type InboxStatus,
  type Role,
  type Verdict,
} from '@cutroom/domain';
import type {
  InboxNoteView,
  InboxThreadView,
  inboxChatQuery,
  inboxCreateBody,
  inboxListQuery,
  inboxSendBody,
  inboxStatusBody,
} from '@cutroom/domain/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { inboxMessages, inboxSeen, inboxThreads, users } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { sanitizeRichText, toPlainText } from '../../platform/rich-text.js';
import { resolveViewer } from '../board/public.js';
import { likeTerm, visibleUsersWhere } from '../users/public.js';

/** Whoever the inbox is read as: the caller, or the user a lead or admin views as. */
interface Viewer {
  id: number;
  role: Role;
}

const enforce = (verdict: Verdict) => {
  if (verdict) throw new AppError(verdict.code, verdict.message, verdict.field);
};

/**
 * Which threads a viewer sees: customers their own; admins all; team leads and QA the threads of the
 * customers they may see (the people they work with, users/visibility.ts); anyone else none.
 */
export function visibleThreadsWhere(viewer: Viewer): SQL | undefined {
  if (viewer.role === 'customer') return eq(inboxThreads.customerId, viewer.id);
  if (viewer.role === 'admin') return undefined;
  if (!isInboxStaff(viewer.role)) return sql`false`;
  // visibleUsersWhere reads only the viewer's id and role.
  const people = visibleUsersWhere(viewer as SessionUser);
  return inArray(
    inboxThreads.customerId,
    sql`(select ${users.id} from ${users} where ${and(eq(users.clientType, 'customer'), people)})`,
  );
}

/** A message the viewer has not seen: someone else's, not deleted, with no seen row of theirs. */
const unseenBy = (userId: number) =>
  sql`(${inboxMessages.authorId} is distinct from ${userId} and ${inboxMessages.deletedAt} is null and not exists (select 1 from ${inboxSeen} where ${inboxSeen.messageId} = ${inboxMessages.id} and ${inboxSeen.userId} = ${userId}))`;

/** Sanitized HTML as one line of text, for the list's preview and reply quotes. */
export const previewOf = (html: string, chars: number) => {
  const text = richTextAsLine(toPlainText(html.replace(/<(br|\/p|\/li|\/h\d)[^>]*>/gi, ' ')));
  return text.length > chars ? `${text.slice(0, chars).trimEnd()}…` : text;
};

/** The sanitized body, or a 400 naming the field when nothing is left of it. */
function cleanBody(html: string | undefined, field: string, message: string = MSG.inboxMessageRequired): string {
  const clean = sanitizeRichText(html);
  if (!clean || !previewOf(clean, 1)) throw new AppError('VALIDATION', message, field);
  return clean;
}

const publishThread = (ctx: AppContext, customerId: number, threadId: number) =>
  ctx.events.publish({
    type: 'inbox.updated',
    audience: { userIds: [customerId], roles: INBOX_STAFF_ROLES },
    data: { thread_id: threadId },
  });
/** Seen marks change only the viewer's counts: their other tabs hear it. */
const publishSeen = (ctx: AppContext, userId: number, threadId: number) =>
  ctx.events.publish({ type: 'inbox.updated', audience: { userIds: [userId] }, data: { thread_id: threadId } });

/** The thread if the viewer may see it; 404 otherwise (a customer's other threads don't exist for others). */
async function loadThread(db: Db, viewer: Viewer, threadId: number) {
  const [thread] = await db
    .select()
    .from(inboxThreads)
    .where(and(eq(inboxThreads.id, threadId), visibleThreadsWhere(viewer)))
    .limit(1);
  if (!thread) throw new AppError('NOT_FOUND');
  return thread;
}

const threadFacts = (t: { customerId: number; status: InboxStatus }) => ({
  customer_id: t.customerId,
  status: t.status,
});

const customer = alias(users, 'customer');

/** The list rows: the thread, its customer, counts and the latest message, for one viewer. */
function threadSelect(db: Db, viewer: Viewer) {
  const live = sql`${inboxMessages.threadId} = ${inboxThreads.id} and ${inboxMessages.deletedAt} is null`;
  return db
    .select({
      t: inboxThreads,
      firstname: customer.firstname,
      lastname: customer.lastname,
      total: sql<number>`(select count(*)::int from ${inboxMessages} where ${live})`,
      unseen: sql<number>`(select count(*)::int from ${inboxMessages} where ${live} and ${unseenBy(viewer.id)})`,
      latest: sql<
        string | null
      >`(select ${inboxMessages.body} from ${inboxMessages} where ${live} order by ${inboxMessages.createdAt} desc, ${inboxMessages.id} desc limit 1)`,
    })
    .from(inboxThreads)
    .innerJoin(customer, eq(customer.id, inboxThreads.customerId));
}
type ThreadRow = Awaited<ReturnType<ReturnType<typeof threadSelect>['execute']>>[number];

const threadView = (r: ThreadRow): InboxThreadView => ({
  id: r.t.id,
  title: r.t.title,
  status: r.t.status,
  customer_id: r.t.customerId,
  client_firstname: r.firstname,
  client_lastname: r.lastname,
  seen: r.unseen === 0,
  unseen_count: r.unseen,
  latest_message: r.latest ? previewOf(r.latest, INBOX_PREVIEW_CHARS) : '',
  latest_message_at: r.t.latestMessageAt.toISOString(),
  total_count: r.total,
  created_at: r.t.createdAt.toISOString(),
});

/** Unseen messages of the viewer's active threads: the sidebar's badge. */
export async function unseenCount(db: Db, viewer: Viewer): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(inboxMessages)
    .innerJoin(inboxThreads, eq(inboxThreads.id, inboxMessages.threadId))
    .where(and(eq(inboxThreads.status, 'ACTIVE'), visibleThreadsWhere(viewer), unseenBy(viewer.id)));
  return row?.n ?? 0;
}

export async function createThread(ctx: AppContext, viewer: SessionUser, body: z.output<typeof inboxCreateBody>) {
  let customerId: number;
  if (viewer.role === 'customer') {
    // A customer writes for themselves; naming anyone else names no one they can see.
    if (body.messageFor && body.messageFor !== viewer.id) throw new AppError('NOT_FOUND');
    customerId = viewer.id;
  } else {
    if (!body.messageFor) throw new AppError('VALIDATION', MSG.inboxChooseCustomer, 'messageFor');
    const [target] = await ctx.db
      .select({ id: users.id, role: users.clientType })
      .from(users)
      .where(and(eq(users.id, body.messageFor), visibleUsersWhere(viewer)))
      .limit(1);
    if (!target) throw new AppError('NOT_FOUND');
    if (target.role !== 'customer') throw new AppError('VALIDATION', MSG.inboxChooseCustomer, 'messageFor');
    customerId = target.id;
  }
  const html = cleanBody(body.latestMessage, 'latestMessage');
  const id = await ctx.db.transaction(async (tx) => {
    const [thread] = await tx
      .insert(inboxThreads)
      .values({ customerId, title: body.title, status: 'ACTIVE', createdBy: viewer.id })
      .returning({ id: inboxThreads.id });
    await tx.insert(inboxMessages).values({ threadId: thread!.id, authorId: viewer.id, body: html });
    return thread!.id;
  });
  await publishThread(ctx, customerId, id);
  return { message: MSG.inboxCreated, id };
}

export async function listThreads(
  ctx: AppContext,
  caller: SessionUser,
  status: InboxStatus,
  query: z.output<typeof inboxListQuery>,
) {
  const viewer = await resolveViewer(ctx.db, caller, query.view_as);
  const term = likeTerm(query.title);
  const where = and(
    eq(inboxThreads.status, status),
    visibleThreadsWhere(viewer),
    term ? ilike(inboxThreads.title, term) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    threadSelect(ctx.db, viewer)
      .where(where)
      .orderBy(desc(inboxThreads.latestMessageAt), desc(inboxThreads.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    ctx.db.select({ n: count() }).from(inboxThreads).where(where),
  ]);
  return { messages: rows.map(threadView), count: total?.n ?? 0 };
}

const author = alias(users, 'author');
const parent = alias(inboxMessages, 'parent');
const parentAuthor = alias(users, 'parent_author');

export async function loadChat(
  ctx: AppContext,
  viewer: SessionUser,
  threadId: number,
  query: z.output<typeof inboxChatQuery>,
  zone: string,
) {
  await loadThread(ctx.db, viewer, threadId);
  const live = and(eq(inboxMessages.threadId, threadId), isNull(inboxMessages.deletedAt));
  const [[thread], rows, [total]] = await Promise.all([
    threadSelect(ctx.db, viewer).where(eq(inboxThreads.id, threadId)),
    ctx.db
      .select({
        m: inboxMessages,
        a: {
          firstname: author.firstname,
          lastname: author.lastname,
          role: author.clientType,
          profileImg: author.profileImg,
        },
        p: { id: parent.id, body: parent.body, deletedAt: parent.deletedAt },
        pa: { firstname: parentAuthor.firstname },
      })
      .from(inboxMessages)
      .leftJoin(author, eq(author.id, inboxMessages.authorId))
      .leftJoin(parent, and(eq(parent.id, inboxMessages.parentId), eq(parent.threadId, inboxMessages.threadId)))
      .leftJoin(parentAuthor, eq(parentAuthor.id, parent.authorId))
      .where(live)
      // The offset counts back from the newest, so the default page is the latest messages.
      .orderBy(desc(inboxMessages.createdAt), desc(inboxMessages.id))
      .limit(query.limit)
      .offset(query.offset),
    ctx.db.select({ n: count() }).from(inboxMessages).where(live),
  ]);
  // Shown oldest first, as a chat reads.
  const comments: InboxNoteView[] = rows.reverse().map(({ m, a, p, pa }) => ({
    note_id: m.id,
    note: m.body,
    note_type: 'comment',
    note_parent_id: m.parentId,
    parent:
      p?.id != null
        ? {
            note_id: p.id,
            preview: p.deletedAt ? MSG.commentWasDeleted : previewOf(p.body, REPLY_PREVIEW_CHARS),
            firstname: pa?.firstname ?? '',
          }
        : null,
    note_by_id: m.authorId,
    client_type: a?.role ?? null,
    firstname: a?.firstname ?? '',
    lastname: a?.lastname ?? '',
    profile_img: a?.profileImg ?? null,
    date_added: m.createdAt.toISOString(),
    edited_at: m.editedAt?.toISOString() ?? null,
  }));
  const groupByChat: Record<string, number[]> = {};
  for (const c of comments) (groupByChat[calendarDay(new Date(c.date_added), zone)] ??= []).push(c.note_id);
  return { thread: threadView(thread!), comments, groupByChat, count: total?.n ?? 0 };
}

const liveCount = async (db: Db, threadId: number) =>
  (
    await db
      .select({ n: count() })
      .from(inboxMessages)
      .where(and(eq(inboxMessages.threadId, threadId), isNull(inboxMessages.deletedAt)))
  )[0]?.n ?? 0;

export async function sendMessage(ctx: AppContext, viewer: SessionUser, body: z.output<typeof inboxSendBody>) {
  const thread = await loadThread(ctx.db, viewer, body.chat_id);
  enforce(replyVerdict(viewer, threadFacts(thread)));
  if (body.noteParentId) {
    const [p] = await ctx.db
      .select({ deletedAt: inboxMessages.deletedAt })
      .from(inboxMessages)
      .where(and(eq(inboxMessages.id, body.noteParentId), eq(inboxMessages.threadId, thread.id)))
      .limit(1);
    if (!p) throw new AppError('NOT_FOUND');
    if (p.deletedAt) throw new AppError('VALIDATION', MSG.commentWasDeleted, 'noteParentId');
  }
  const html = cleanBody(body.note, 'note');
  const id = await ctx.db.transaction(async (tx) => {
    // Locks the thread and re-checks it is open: a reply can't land in a thread resolved meanwhile.
    const [open] = await tx
      .update(inboxThreads)
      .set({ latestMessageAt: new Date(), updatedAt: new Date() })
      .where(and(eq(inboxThreads.id, thread.id), eq(inboxThreads.status, 'ACTIVE')))
      .returning({ id: inboxThreads.id });
    if (!open) throw new AppError('FORBIDDEN', MSG.inboxThreadResolved);
    const [created] = await tx
      .insert(inboxMessages)
      .values({ threadId: thread.id, authorId: viewer.id, body: html, parentId: body.noteParentId ?? null })
      .returning({ id: inboxMessages.id });
    return created!.id;
  });
  await publishThread(ctx, thread.customerId, thread.id);
  return { message: MSG.commentAdded, success: true, id, count: await liveCount(ctx.db, thread.id) };
}

/** A message of a visible thread, with the facts the edit and delete rules read. */
async function loadChangeable(ctx: AppContext, viewer: SessionUser, threadId: number, messageId: number) {
  const thread = await loadThread(ctx.db, viewer, threadId);
  const [row] = await ctx.db
    .select({ m: inboxMessages, role: author.clientType })
    .from(inboxMessages)
    .leftJoin(author, eq(author.id, inboxMessages.authorId))
    .where(and(eq(inboxMessages.id, messageId), eq(inboxMessages.threadId, thread.id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  enforce(
    changeMessageVerdict(viewer, threadFacts(thread), {
      author_id: row.m.authorId,
      author_role: row.role,
      is_deleted: row.m.deletedAt !== null,
    }),
  );
  return thread;
}

export async function editMessage(ctx: AppContext, viewer: SessionUser, threadId: number, id: number, note: string) {
  const thread = await loadChangeable(ctx, viewer, threadId, id);
  const html = cleanBody(note, 'note');
  const [edited] = await ctx.db
    .update(inboxMessages)
    .set({ body: html, editedAt: new Date() })
    // Re-checked in the write: a message deleted meanwhile stays deleted.
    .where(and(eq(inboxMessages.id, id), isNull(inboxMessages.deletedAt)))
    .returning({ id: inboxMessages.id });
  if (!edited) throw new AppError('NOT_FOUND');
  await publishThread(ctx, thread.customerId, thread.id);
  return { status: true, message: MSG.commentEdited };
}

export async function deleteMessage(ctx: AppContext, viewer: SessionUser, threadId: number, id: number) {
  const thread = await loadChangeable(ctx, viewer, threadId, id);
  const [deleted] = await ctx.db
    .update(inboxMessages)
    .set({ deletedAt: new Date() })
    // Of two deletes at once the second finds nothing, as it would after.
    .where(and(eq(inboxMessages.id, id), isNull(inboxMessages.deletedAt)))
    .returning({ id: inboxMessages.id });
  if (!deleted) throw new AppError('NOT_FOUND');
  await publishThread(ctx, thread.customerId, thread.id);
  return { message: MSG.inboxMessageDeleted, count: await liveCount(ctx.db, thread.id) };
}

/**
 * Staff resolve (a resolved thread stays resolved, no error); the thread's customer re-opens it with a
 * new message, in one transaction. A re-open that finds the thread still active just adds the message.
 */
export async function handleStatus(ctx: AppContext, viewer: SessionUser, body: z.output<typeof inboxStatusBody>) {
  const thread = await loadThread(ctx.db, viewer, body.id);
  if (body.status === 'RESOLVED') {
    enforce(resolveVerdict(viewer));
    await ctx.db
      .update(inboxThreads)
      .set({ status: 'RESOLVED', updatedAt: new Date() })
      .where(and(eq(inboxThreads.id, thread.id), eq(inboxThreads.status, 'ACTIVE')));
    await publishThread(ctx, thread.customerId, thread.id);
    return { success: true, message: MSG.inboxResolved, status: 'RESOLVED' as const };
  }
  enforce(reopenVerdict(viewer, threadFacts(thread)));
  const html = cleanBody(body.latestMessage, 'latestMessage', MSG.inboxReopenNeedsMessage);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(inboxThreads)
      .set({ status: 'ACTIVE', latestMessageAt: new Date(), updatedAt: new Date() })
      .where(eq(inboxThreads.id, thread.id));
    await tx.insert(inboxMessages).values({ threadId: thread.id, authorId: viewer.id, body: html });
  });
  await publishThread(ctx, thread.customerId, thread.id);
  return { success: true, message: MSG.inboxReopened, status: 'ACTIVE' as const };
}

/** Marks the messages of one thread (or of every visible thread) seen; a second mark changes nothing. */
export async function markSeen(ctx: AppContext, viewer: SessionUser, threadId: number | undefined) {
  if (threadId) await loadThread(ctx.db, viewer, threadId);
  const scope = threadId ? eq(inboxThreads.id, threadId) : visibleThreadsWhere(viewer);
  const marked = await ctx.db
    .insert(inboxSeen)
    .select(
      ctx.db
        .select({
          messageId: inboxMessages.id,
          userId: sql<number>`${viewer.id}::int`.as('user_id'),
          seenAt: sql<Date>`now()`.as('seen_at'),
        })
        .from(inboxMessages)
        .innerJoin(inboxThreads, eq(inboxThreads.id, inboxMessages.threadId))
        .where(and(scope, unseenBy(viewer.id))),
    )
    .onConflictDoNothing()
    .returning({ messageId: inboxSeen.messageId });
  if (marked.length > 0) await publishSeen(ctx, viewer.id, threadId ?? 0);
  return { success: true, unseen: await unseenCount(ctx.db, viewer) };
}

/** The thread's latest message from someone else: seen marks the thread seen, unseen marks it new again. */
export async function markLatestSeen(ctx: AppContext, viewer: SessionUser, threadId: number, seen: boolean) {
  if (seen) return markSeen(ctx, viewer, threadId);
  await loadThread(ctx.db, viewer, threadId);
  const [latest] = await ctx.db
    .select({ id: inboxMessages.id })
    .from(inboxMessages)
    .where(
      and(
        eq(inboxMessages.threadId, threadId),
        isNull(inboxMessages.deletedAt),
        sql`${inboxMessages.authorId} is distinct from ${viewer.id}`,
      ),
    )
    .orderBy(desc(inboxMessages.createdAt), desc(inboxMessages.id))
    .limit(1);
  if (latest) {
    await ctx.db.delete(inboxSeen).where(and(eq(inboxSeen.messageId, latest.id), eq(inboxSeen.userId, viewer.id)));
    await publishSeen(ctx, viewer.id, threadId);
  }
  return { success: true, unseen: await unseenCount(ctx.db, viewer) };
}
