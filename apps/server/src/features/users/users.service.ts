import { and, asc, count, eq, inArray, ne, not, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { MSG, QA_SLOTS, QA_SLOTS_EXTRA, STAFF_ROLES, TEAM_LEAD_ROLE_FOR, isStaff, fill } from '@cutroom/domain';
import type { createUserBody, usersQuery } from '@cutroom/domain/schemas';
import type { Db } from '../../db/client.js';
import { customerQas, users } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { hashPassword } from '../../platform/passwords.js';
import { assertUsersOfRole } from './assert-roles.js';
import { toUserView, toUserViews } from './user-view.js';
import { profileUsersWhere, visibleUsersWhere } from './visibility.js';
import { likeTerm, nameOrEmail } from './customers.service.js';
import { onLeaveToday } from '../../kernel/on-leave.js';

type CreateUser = z.infer<typeof createUserBody>;
type UsersQuery = z.infer<typeof usersQuery>;

export async function emailInUse(db: Db, email: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        or(sql`lower(${users.useremail}) = ${email}`, sql`lower(${users.pendingEmail}) = ${email}`),
        exceptUserId ? ne(users.id, exceptUserId) : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

/** Admin creates any kind of account; it starts with a temporary password and a verified email. */
export async function createUser(db: Db, body: CreateUser) {
  const role = body.customer_type;
  const isCustomer = role === 'customer';
  if (await emailInUse(db, body.email)) throw new AppError('EMAIL_TAKEN', undefined, 'email');

  const leadRole = TEAM_LEAD_ROLE_FOR[role];
  const leadId = body.assign_team_lead ?? null;
  if (leadId !== null && !leadRole) throw new AppError('VALIDATION', MSG.noTeamLeadForRole, 'assign_team_lead');
  const qaIds = body.assign_qa ?? [];
  if (qaIds.length > 0) {
    if (!isCustomer) throw new AppError('VALIDATION', MSG.qaSlotsCustomersOnly, 'assign_qa');
    const slots = body.extra_qa_slot ? QA_SLOTS_EXTRA : QA_SLOTS;
    if (qaIds.length > slots)
      throw new AppError('VALIDATION', fill(MSG.qaSlotsMax, { slots: String(slots) }), 'assign_qa');
    if (new Set(qaIds).size !== qaIds.length) throw new AppError('VALIDATION', MSG.qaChosenTwice, 'assign_qa');
  }
  if (!isCustomer && (body.subscription_type || body.custom_subscription)) {
    throw new AppError('VALIDATION', MSG.subscriptionCustomersOnly, 'subscription_type');
  }

  const passwordHash = await hashPassword(body.password);
  const now = new Date();
  return db.transaction(async (tx) => {
    // Checked under share locks, so the lead and the QAs can't be deleted or re-roled before the rows below land.
    if (leadId !== null && leadRole) await assertUsersOfRole(tx, [leadId], leadRole, 'assign_team_lead', 'team lead');
    await assertUsersOfRole(tx, qaIds, 'qa', 'assign_qa', 'QA');
    const [created] = await tx
      .insert(users)
      .values({
        clientType: role,
        firstname: body.firstname,
        lastname: body.lastname,
        useremail: body.email,
        passwordHash,
        emailVerifiedAt: now,
        isTemporaryPassword: true,
        isProfileCompleted: !isCustomer,
        assignedToLeadId: body.assign_team_lead ?? null,
        extraQaSlot: body.extra_qa_slot ?? false,
        ...(isCustomer
          ? {
              subscriptionType: body.subscription_type ?? 'single',
              customSubscription: body.subscription_type === 'custom' ? (body.custom_subscription ?? null) : null,
              billingDate: now,
            }
          : {}),
      })
      .returning({ id: users.id });
    const id = created!.id;
    if (qaIds.length > 0) {
      await tx.insert(customerQas).values(qaIds.map((qaId, slot) => ({ customerId: id, qaId, slot })));
    }
    return { message: MSG.userCreated, client_id: id, entity: { client_id: id } };
  });
}

export async function getUser(db: Db, viewer: SessionUser, id: number) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), profileUsersWhere(viewer)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return toUserView(db, row, isStaff(viewer.role), { details: true });
}

/** Staff the viewer may see, by name, searchable by name or email, filtered by leave today in New York. */
export async function listUsers(db: Db, viewer: SessionUser, query: UsersQuery) {
  const term = likeTerm(query.search);
  const onLeave = onLeaveToday(users.id);
  // The staff roles by name rather than "not customer", so users_type_idx finds the few staff among the customers.
  const where = and(
    inArray(users.clientType, STAFF_ROLES),
    eq(users.isDeleted, false),
    visibleUsersWhere(viewer),
    term ? nameOrEmail(term) : undefined,
    query.filter === 'onLeave' ? onLeave : query.filter === 'working' ? not(onLeave) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.firstname), asc(users.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { users: await toUserViews(db, rows, true), count: total?.n ?? 0 };
}
