import { useRef, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MSG, fill } from '@cutroom/domain';
import { EmailField, PasswordField } from '../../components/person-fields';
import { isApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useLogin } from './api';

/** The spec's login error rules (002 §8): 401 and unverified show the server text, the rest are prefixed. */
function loginErrorText(error: unknown): string {
  if (!isApiError(error)) return fill(MSG.unableToLogin, { message: MSG.generic });
  if (error.status === 401) return error.message || MSG.loginFailed;
  if (error.code === 'EMAIL_NOT_VERIFIED') return error.message;
  return fill(MSG.unableToLogin, { message: error.message });
}

export function LoginForm() {
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  // State updates land after the next render; a ref stops a fast second click in the same tick.
  const inFlight = useRef(false);

  const filled = email.trim() !== '' && password !== '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!filled || inFlight.current) return;
    inFlight.current = true;
    setError(null);
    setEmailError(null);
    try {
      // mutateAsync settles even though a successful login unmounts this form on its way out.
      await login.mutateAsync({ useremail: email.trim(), password, remember_me: rememberMe });
      notify.success(MSG.loginSuccess);
    } catch (e) {
      if (isApiError(e) && e.code === 'VALIDATION' && e.field === 'useremail') setEmailError(e.message);
      else setError(loginErrorText(e));
    } finally {
      inFlight.current = false;
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Login">
      <Stack gap="md">
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="login-error">
            {error}
          </Alert>
        )}
        <EmailField
          autoComplete="username"
          placeholder="you@example.com"
          value={email}
          error={emailError}
          onChange={(e) => setEmail(e.currentTarget.value)}
          data-testid="login-email"
        />
        <PasswordField
          purpose="current"
          placeholder="Your password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          data-testid="login-password"
        />
        <Group justify="space-between" gap="xs">
          <Checkbox label="Remember me" checked={rememberMe} onChange={(e) => setRememberMe(e.currentTarget.checked)} />
          <Anchor component={Link} to="/password-reset" fz="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button
          type="submit"
          size="md"
          fullWidth
          disabled={!filled}
          loading={login.isPending}
          data-testid="login-submit"
        >
          Login
        </Button>
      </Stack>
    </form>
  );
}
