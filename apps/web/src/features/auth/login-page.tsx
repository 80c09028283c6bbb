import { Alert, Anchor, Divider, Group, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { PublicFrame } from '../../components/public-frame';
import { readRouteState } from '../../lib/route-state';
import { LoginForm } from './login-form';

export function LoginPage() {
  const notice = readRouteState(useLocation().state).notice;
  return (
    <PublicFrame title="Welcome back" subtitle="Log in to follow your video requests.">
      {notice && (
        <Alert color="teal" icon={<IconMailCheck size={18} />} mb="md" data-testid="login-notice">
          {notice}
        </Alert>
      )}
      <LoginForm />
      <Divider my="lg" />
      <Text fz="sm" ta="center">
        New to Cutroom?{' '}
        <Anchor component={Link} to="/signup" fw={600}>
          Create an account
        </Anchor>
      </Text>
      <Group justify="center" mt="sm">
        <Anchor component={Link} to="/privacy-policy" fz="xs" c="dimmed">
          Privacy policy
        </Anchor>
      </Group>
    </PublicFrame>
  );
}
