import { useState, type FormEvent } from 'react';
import { Button, Stack } from '@mantine/core';
import { MSG } from '@cutroom/domain';
import { newPasswordProblem } from './new-password-problem';
import { PasswordField } from './person-fields';

interface NewPasswordFormProps {
  submitLabel: string;
  pending: boolean;
  /** Resolves true when the password was saved, so the fields can be cleared. */
  onSubmit: (password: string) => Promise<boolean>;
}

/** New Password + Confirm Password (spec 002 §5): enabled only when both are filled and equal. */
export function NewPasswordForm({ submitLabel, pending, onSubmit }: NewPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [lengthError, setLengthError] = useState<string | null>(null);

  const bothFilled = password !== '' && confirm !== '';
  const matches = bothFilled && password === confirm;
  const mismatch = confirm !== '' && password !== confirm;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!matches || pending) return;
    // The server's bounds, checked first so the user isn't sent a round trip to learn them.
    const problem = newPasswordProblem(password);
    if (problem) {
      setLengthError(problem);
      return;
    }
    if (await onSubmit(password)) {
      setPassword('');
      setConfirm('');
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <PasswordField
          purpose="new"
          label="New Password"
          value={password}
          error={lengthError}
          onChange={(e) => {
            setPassword(e.currentTarget.value);
            setLengthError(null);
          }}
        />
        <PasswordField
          purpose="confirm"
          value={confirm}
          error={mismatch ? MSG.passwordsDoNotMatch : null}
          onChange={(e) => setConfirm(e.currentTarget.value)}
        />
        <Button type="submit" disabled={!matches} loading={pending} style={{ alignSelf: 'flex-start' }}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
