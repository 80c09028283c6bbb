import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { hashPassword } from '../../platform/passwords.js';

/** ADMIN_EMAIL/ADMIN_PASSWORD: create that admin once, when no user has the email. */
export async function bootstrapAdmin(db: Db, admin: { email: string; password: string }): Promise<boolean> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.useremail}) = ${admin.email}`)
    .limit(1);
  if (existing) return false;
  const created = await db
    .insert(users)
    .values({
      clientType: 'admin',
      firstname: 'Admin',
      lastname: 'User',
      useremail: admin.email,
      passwordHash: await hashPassword(admin.password),
      emailVerifiedAt: new Date(),
      isProfileCompleted: true,
    })
    // Instances starting together all pass the check above; the unique email lets one insert.
    .onConflictDoNothing()
    .returning({ id: users.id });
  return created.length > 0;
}
