import type { Role } from '@cutroom/domain';

/** The caller a session or an API token resolves to (platform/auth.ts). */
export interface SessionUser {
  id: number;
  role: Role;
  firstname: string;
  lastname: string;
  timezone: string;
  sessionId: number;
  /** Set by an admin (new user, password set for them): writes wait until the user picks their own. */
  temporaryPassword: boolean;
}
