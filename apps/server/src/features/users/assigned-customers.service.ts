import { and, asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { ASSIGNEE_ROLES } from '@cutroom/domain';
import type { listQuery } from '@cutroom/domain/schemas';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { likeTerm, nameOrEmail } from './customers.service.js';
import { visibleUsersWhere } from './visibility.js';

type ListQuery = z.infer<typeof listQuery>;

/**
 * The profile's assignee table (spec 002 §2): the customers `personId` works with, which is what that
 * person would see (visibleUsersWhere), narrowed to what the caller sees. A person the caller can't see is 404.
 */
export async function assignedCustomers(db: Db, viewer: SessionUser, personId: number, query: ListQuery) {
  const [person] = await db
    .select({ id: users.id, role: users.clientType })
    .from(users)
    .where(and(eq(users.id, personId), visibleUsersWhere(viewer)))
    .limit(1);
  if (!person) throw new AppError('NOT_FOUND');
  if (!ASSIGNEE_ROLES.includes(person.role)) return { customers: [], count: 0 };

  const term = likeTerm(query.search);
  const where = and(
    eq(users.clientType, 'customer'),
    eq(users.isDeleted, false),
    visibleUsersWhere({ ...viewer, id: person.id, role: person.role }),
    visibleUsersWhere(viewer),
    term ? nameOrEmail(term) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        client_id: users.id,
        firstname: users.firstname,
        lastname: users.lastname,
        useremail: users.useremail,
        subscription_type: users.subscriptionType,
        custom_subscription: users.customSubscription,
        is_active_subscription: users.isActiveSubscription,
        lastLogin: users.lastLoginTime,
      })
      .from(users)
      .where(where)
      .orderBy(asc(users.firstname), asc(users.lastname), asc(users.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    customers: rows.map(({ firstname, lastname, lastLogin, ...r }) => ({
      ...r,
      fullname: `${firstname} ${lastname}`,
      last_login_time: lastLogin ? lastLogin.toISOString() : null,
    })),
    count: total?.n ?? 0,
  };
}
