import { and, eq, inArray } from 'drizzle-orm';
import { MSG, fill, type Role } from '@cutroom/domain';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';

/** Every id is a live user of the role, share-locked until the transaction ends so none changes role or leaves meanwhile. */
export async function assertUsersOfRole(tx: Db, ids: number[], role: Role, field: string, label: string) {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.clientType, role), eq(users.isDeleted, false)))
    .for('share');
  if (found.length !== new Set(ids).size) throw new AppError('VALIDATION', fill(MSG.chooseExisting, { label }), field);
}
