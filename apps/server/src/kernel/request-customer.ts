import { and, eq } from 'drizzle-orm';
import { MSG, fill } from '@cutroom/domain';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import type { SessionUser } from '../platform/auth.js';
import { AppError } from '../platform/errors.js';

/** Whom a request is for: a customer orders for themselves, an admin for the live customer they name. */
export async function requestCustomer(db: Db, viewer: SessionUser, clientId: number | undefined): Promise<number> {
  if (viewer.role !== 'admin') return viewer.id;
  if (!clientId) throw new AppError('VALIDATION', MSG.chooseRequestCustomer, 'client_id');
  const [customer] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, clientId), eq(users.clientType, 'customer'), eq(users.isDeleted, false)))
    .limit(1);
  if (!customer) throw new AppError('VALIDATION', fill(MSG.chooseExisting, { label: 'customer' }), 'client_id');
  return customer.id;
}
