import { Text } from '@mantine/core';
import { MSG } from '@cutroom/domain';
import { NewPasswordForm } from '../../components/new-password-form';
import { isApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useChangePassword } from './own-profile-api';

/** The own-password form; other sessions of the account are signed out by the server. */
export function ChangePasswordForm() {
  const change = useChangePassword();

  async function save(password: string) {
    try {
      const reply = await change.mutateAsync(password);
      notify.success(reply.message || MSG.passwordChanged);
      return true;
    } catch (e) {
      // A 400 names the rule that failed; anything else gets the spec's catch-all.
      notify.error(isApiError(e) && e.status === 400 ? e.message : MSG.passwordChangeFailed);
      return false;
    }
  }

  return (
    <>
      <Text c="dimmed" fz="sm" mb="md">
        Choose a new password for your account. Other devices where you are logged in will be signed out.
      </Text>
      <NewPasswordForm submitLabel="Change Password" pending={change.isPending} onSubmit={save} />
    </>
  );
}
