import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconReceipt } from '@tabler/icons-react';
import { API } from '@cutroom/domain/contract';
import { planLabel } from '@cutroom/domain';
import type { UserView } from '@cutroom/domain/schemas';
import { call } from '../../lib/call';
import { formatBillingDay } from '../../lib/format-time';
import { AnalyticsPanel } from '../analytics/public';

function Figure({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz="lg" data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}

/** The plan, its state, the current 30-day period and the requests used in it (GET /api/requestAllowance). */
export function BillingTab({ user }: { user: UserView }) {
  const plan = planLabel(user) ?? 'SINGLE';
  const allowance = useQuery({
    queryKey: ['requestAllowance'],
    queryFn: ({ signal }) => call(API.board.allowance, { signal }),
  });
  const used = allowance.data
    ? allowance.data.limit === null
      ? `${allowance.data.used} (no limit)`
      : `${allowance.data.used} of ${allowance.data.limit}`
    : '…';
  return (
    <Stack gap="md">
      <Paper p="md" radius="md" bg="gray.0">
        <Group justify="space-between" wrap="wrap" gap="md" align="flex-start">
          <Figure label="Current plan" testId="billing-plan">
            {plan}
          </Figure>
          <Badge color={user.is_active_subscription ? 'teal' : 'gray'} variant="light" size="lg">
            {user.is_active_subscription ? 'Active' : 'Inactive'}
          </Badge>
        </Group>
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Figure label="Billing date">{formatBillingDay(user.billing_date)}</Figure>
        <Figure label="This period">
          {formatBillingDay(user.billing_data?.start_date)} – {formatBillingDay(user.billing_data?.end_date)}
        </Figure>
        <Figure label="Requests this period" testId="billing-used">
          {used}
        </Figure>
      </SimpleGrid>
      {allowance.data?.message && (
        <Alert color="orange" icon={<IconReceipt size={18} />}>
          {allowance.data.message}
        </Alert>
      )}
      <Text fz="sm" c="dimmed">
        Your plan is set by the agency: ask your team to change it.
      </Text>
    </Stack>
  );
}

/** The customer's own channel analytics: Google sign-in, the figures, Disconnect (features/analytics). */
export function AnalyticsTab() {
  return <AnalyticsPanel viewerIsAdmin={false} />;
}
