import { useEffect, useRef } from 'react';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MSG } from '@cutroom/domain';
import { PublicFrame } from '../../components/public-frame';
import { errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useVerifyEmail } from './api';

/** Opened from the mailed link: confirms the address once, then continues to login. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const verify = useVerifyEmail();
  const { mutate } = verify;
  const navigate = useNavigate();
  // A token works once; StrictMode's second effect run must not spend it again.
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    mutate(token, {
      onSuccess: () => {
        notify.success(MSG.verifySuccess);
        void navigate('/login', { replace: true });
      },
    });
  }, [token, mutate, navigate]);

  const failed = !token || verify.isError;
  return (
    <PublicFrame title="Verify your email" subtitle="Confirming that this address belongs to you.">
      {failed ? (
        <Stack gap="md">
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {token ? errorMessage(verify.error) : MSG.verifyTokenInvalid}
          </Alert>
          <Text fz="sm" c="dimmed">
            Logging in with an unverified address sends you a fresh link.
          </Text>
          <Button component={Link} to="/login" fullWidth>
            Go to login
          </Button>
        </Stack>
      ) : (
        <Stack align="center" gap="sm" py="lg" aria-busy="true">
          <Loader />
          <Text c="dimmed">Verifying your email address…</Text>
        </Stack>
      )}
    </PublicFrame>
  );
}
