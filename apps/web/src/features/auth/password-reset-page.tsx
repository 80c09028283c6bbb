import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconMailForward } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MSG, isEmail } from '@cutroom/domain';
import { NewPasswordForm } from '../../components/new-password-form';
import { EmailField } from '../../components/person-fields';
import { PublicFrame } from '../../components/public-frame';
import { isApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import type { RouteState } from '../../lib/route-state';
import { signOutLocally } from '../../lib/session';
import { useConfirmPasswordReset, useRequestPasswordReset } from './api';

/** Spec 002 §8: an unknown address is named; anything else is generic, except being told to slow down. */
function resetErrorText(error: unknown): string {
  if (!isApiError(error)) return MSG.generic;
  if (error.status === 404) return MSG.resetEmailMissing;
  return error.status === 429 ? error.message : MSG.generic;
}

/** Step one: mail a reset link to the address. */
function RequestResetForm() {
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (request.isPending) return;
    const value = email.trim().toLowerCase();
    if (!isEmail(value)) {
      setError(MSG.invalidEmail);
      return;
    }
    setError(null);
    request.mutate(value, {
      onSuccess: (reply) => setSent(reply.message),
      onError: (e) => setError(resetErrorText(e)),
    });
  }

  if (sent) {
    return (
      <Stack gap="md">
        <Alert color="teal" icon={<IconMailForward size={18} />} role="status" data-testid="reset-sent">
          {sent}
        </Alert>
        <Text fz="sm" c="dimmed">
          The link works for one hour. Didn&apos;t get it? Check your spam folder or{' '}
          <Anchor component="button" type="button" fz="sm" onClick={() => setSent(null)}>
            try again
          </Anchor>
          .
        </Text>
        <Button component={Link} to="/login" variant="light" fullWidth>
          Back to login
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Reset password">
      <Stack gap="md">
        <EmailField
          placeholder="you@example.com"
          value={email}
          error={error}
          onChange={(e) => {
            setEmail(e.currentTarget.value);
            setError(null);
          }}
        />
        <Button type="submit" size="md" fullWidth disabled={email.trim() === ''} loading={request.isPending}>
          Send reset link
        </Button>
        <Text fz="sm" ta="center">
          Remembered it?{' '}
          <Anchor component={Link} to="/login" fw={600}>
            Back to login
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

/** Step two, from the mailed link: choose the new password. */
function ChooseNewPassword({ token }: { token: string }) {
  const confirm = useConfirmPasswordReset();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  async function save(password: string) {
    setError(null);
    try {
      const reply = await confirm.mutateAsync({ token, password });
      // The server signs out every session of the account, this tab's included.
      signOutLocally(queryClient);
      notify.success(MSG.resetSuccess);
      const state: RouteState = { notice: reply.message };
      await navigate('/login', { replace: true, state });
      return true;
    } catch (e) {
      setError(isApiError(e) ? e.message : MSG.generic);
      return false;
    }
  }

  return (
    <Stack gap="md">
      {error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {error}{' '}
          {isTokenProblem(error) && (
            <Anchor component={Link} to="/password-reset" fz="sm">
              Request a new link
            </Anchor>
          )}
        </Alert>
      )}
      <NewPasswordForm submitLabel="Set new password" pending={confirm.isPending} onSubmit={save} />
    </Stack>
  );
}

const isTokenProblem = (message: string) => message === MSG.resetTokenInvalid;

export function PasswordResetPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? (
    <PublicFrame title="Choose a new password" subtitle="Pick a password you don't use anywhere else.">
      <ChooseNewPassword token={token} />
    </PublicFrame>
  ) : (
    <PublicFrame
      title="Reset your password"
      subtitle="Enter the email you signed up with and we'll send you a link to choose a new password."
    >
      <RequestResetForm />
    </PublicFrame>
  );
}
