import { and, desc, eq } from 'drizzle-orm';
import { leaveNotifyChoices, type LeaveView, type updateLeaveBody } from '@cutroom/domain/schemas';
import { MSG, LEAVE_TAKER_ROLES } from '@cutroom/domain';
import type { z } from 'zod';
import { userLeaves, users } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { onLeaveToday } from '../../kernel/on-leave.js';
import { visibleUsersWhere } from '../users/public.js';
import { escapeHtml, sendMail } from '../mail/public.js';

type LeaveRow = typeof userLeaves.$inferSelect;
const toLeaveView = (l: LeaveRow): LeaveView => ({
  leave_id: l.id,
  client_id: l.clientId,
  start_date: l.startDate,
  end_date: l.endDate,
  reason: l.reason,
  created_at: l.createdAt.toISOString(),
});

async function visibleUser(ctx: AppContext, viewer: SessionUser, id: number) {
  const [row] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.isDeleted, false), visibleUsersWhere(viewer)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Admin records a leave period; the chosen people are mailed once the row is saved. */
export async function addLeave(
  ctx: AppContext,
  viewer: SessionUser,
  userId: number,
  body: z.output<typeof updateLeaveBody>,
) {
  const user = await visibleUser(ctx, viewer, userId);
  if (!LEAVE_TAKER_ROLES.includes(user.clientType)) throw new AppError('VALIDATION', MSG.leaveStaffOnly, 'id');
  const notify = [...new Set(body.notifyOptions ?? [])];
  const offered = leaveNotifyChoices(user.clientType);
  if (notify.some((c) => !offered.includes(c))) {
    throw new AppError('VALIDATION', MSG.leaveNotifyNotOffered, 'notifyOptions');
  }
  const [row] = await ctx.db
    .insert(userLeaves)
    .values({ clientId: user.id, startDate: body.start, endDate: body.end, reason: body.reason, createdBy: viewer.id })
    .returning();

  const to: string[] = [];
  if (notify.includes('user')) to.push(user.useremail);
  if (notify.includes('team_lead') && user.assignedToLeadId !== null) {
    const [lead] = await ctx.db
      .select({ email: users.useremail })
      .from(users)
      .where(and(eq(users.id, user.assignedToLeadId), eq(users.isDeleted, false)));
    if (lead) to.push(lead.email);
  }
  const name = `${user.firstname} ${user.lastname}`;
  const text = `${name} is on leave from ${body.start} to ${body.end}.\n\nReason: ${body.reason}\n\n— Cutroom`;
  for (const address of to) {
    // The leave is saved either way; a mail that can't be sent now waits in the outbox.
    await sendMail(ctx, 'leave', {
      to: address,
      subject: `Leave: ${name}, ${body.start} to ${body.end}`,
      text,
      html: `<p>${escapeHtml(name)} is on leave from ${body.start} to ${body.end}.</p><p>Reason: ${escapeHtml(body.reason)}</p><p>— Cutroom</p>`,
    });
  }
  await ctx.workPlan.changed();
  return { message: MSG.leaveUpdated, leave_id: row!.id };
}

export async function leaveHistory(ctx: AppContext, viewer: SessionUser, userId: number) {
  const user = await visibleUser(ctx, viewer, userId);
  const rows = await ctx.db
    .select()
    .from(userLeaves)
    .where(eq(userLeaves.clientId, user.id))
    .orderBy(desc(userLeaves.startDate), desc(userLeaves.id));
  const [today] = await ctx.db
    .select({ on: onLeaveToday(user.id) })
    .from(users)
    .where(eq(users.id, user.id));
  return { leaves: rows.map(toLeaveView), is_on_leave: today?.on ?? false };
}

export async function deleteLeave(ctx: AppContext, leaveId: number, clientId: number | undefined) {
  const [row] = await ctx.db
    .delete(userLeaves)
    .where(and(eq(userLeaves.id, leaveId), clientId === undefined ? undefined : eq(userLeaves.clientId, clientId)))
    .returning({ id: userLeaves.id });
  if (!row) throw new AppError('NOT_FOUND');
  await ctx.workPlan.changed();
  return { success: true, message: MSG.leaveDeleted };
}
