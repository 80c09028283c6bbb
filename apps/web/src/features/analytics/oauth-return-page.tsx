import { useEffect, useRef } from 'react';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconBrandGoogle } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MSG } from '@cutroom/domain';
import { EmptyStateCard } from '../../components/empty-state-card';
import { errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useConnectGoogle } from './api';

const ANALYTICS_TAB = '/profile?tab=analytics';

/**
 * /oauth/google: where Google sends the browser back. It hands the code and state to the server
 * (which holds the PKCE verifier and the client secret) and returns to the analytics tab.
 */
export function GoogleReturnPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const connect = useConnectGoogle();
  const sent = useRef(false);
  const code = params.get('code');
  const state = params.get('state');
  const denied = params.get('error');

  useEffect(() => {
    // The state is good for one use: never send it twice (StrictMode runs effects twice).
    if (sent.current || denied || !code || !state) return;
    sent.current = true;
    connect.mutate(
      { code, state },
      {
        onSuccess: () => {
          notify.success('Your YouTube channel is connected');
          void navigate(ANALYTICS_TAB, { replace: true });
        },
      },
    );
  }, [code, state, denied, connect, navigate]);

  if (denied || !code || !state || connect.isError) {
    const message = connect.isError
      ? errorMessage(connect.error)
      : denied === 'access_denied'
        ? 'You did not allow access, so nothing was connected.'
        : MSG.googleSignInFailed;
    return (
      <EmptyStateCard
        icon={<IconBrandGoogle size={34} stroke={1.5} />}
        title="Google sign-in did not finish"
        description={message}
      >
        <Button component={Link} to={ANALYTICS_TAB} replace leftSection={<IconArrowLeft size={16} />}>
          Back to YT Analytics Data
        </Button>
      </EmptyStateCard>
    );
  }
  return (
    <Center mih={320}>
      <Stack align="center" gap="sm" aria-busy="true">
        <Loader />
        <Text c="dimmed">Connecting your YouTube channel…</Text>
      </Stack>
    </Center>
  );
}
