import { and, eq } from 'drizzle-orm';
import { VIEW_AS_ROLES } from '@cutroom/domain';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { type CardViewer } from '../../kernel/card-visibility.js';
import { visibleUsersWhere } from '../users/public.js';

/** "View As": internal staff see the board of a user they may see; anyone else sees their own. */
export async function resolveViewer(
  db: Db,
  caller: SessionUser,
  viewAs: number | null | undefined,
): Promise<CardViewer> {
  if (!viewAs || viewAs === caller.id) return caller;
  if (!VIEW_AS_ROLES.includes(caller.role)) throw new AppError('FORBIDDEN');
  const [target] = await db
    .select({ id: users.id, role: users.clientType })
    .from(users)
    .where(and(eq(users.id, viewAs), visibleUsersWhere(caller)))
    .limit(1);
  if (!target) throw new AppError('NOT_FOUND');
  return target;
}
