// Apart from person-fields.tsx: the login page uses those fields, and this rule brings zod with it.
import { MSG } from '@cutroom/domain';
import { passwordField } from '@cutroom/domain/schemas';

/** The server's rule for a new password, checked before sending; null when it passes. */
export function newPasswordProblem(password: string): string | null {
  const checked = passwordField.safeParse(password);
  return checked.success ? null : (checked.error.issues[0]?.message ?? MSG.generic);
}
