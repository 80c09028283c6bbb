import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBrandYoutube, IconReceipt } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SUBSCRIPTION_TYPES, labelOf, type UserView } from '@cutroom/domain';
import { EmptyStateCard } from '../../components/empty-state-card';

function planLabel(user: UserView): string | null {
  if (!user.subscription_type) return null;
  const label = labelOf(SUBSCRIPTION_TYPES, user.subscription_type);
  return user.subscription_type === 'custom' && user.custom_subscription
    ? `${label} (${user.custom_subscription})`
    : label;
}

/** What the customer's plan is today; invoices and the billing period come with the billing feature. */
export function BillingTab({ user }: { user: UserView }) {
  const plan = planLabel(user);
  return (
    <Stack gap="md">
      {plan && (
        <Paper p="md" radius="md" bg="gray.0">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <div>
              <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
                Current plan
              </Text>
              <Text fw={700} fz="lg" data-testid="billing-plan">
                {plan}
              </Text>
            </div>
            <Badge color={user.is_active_subscription ? 'teal' : 'gray'} variant="light" size="lg">
              {user.is_active_subscription ? 'Active' : 'Inactive'}
            </Badge>
          </Group>
        </Paper>
      )}
      <EmptyStateCard
        icon={<IconReceipt size={34} stroke={1.5} />}
        title="Billing details are on their way"
        description="Your billing date, the requests you have left this period and your past invoices will show here."
      />
    </Stack>
  );
}

/** Channel analytics need Google sign-in with read-only access; this says so until it is built. */
export function AnalyticsTab() {
  return (
    <EmptyStateCard
      icon={<IconBrandYoutube size={34} stroke={1.5} />}
      title="Connect your YouTube channel"
      description={
        <>
          Soon you can sign in with Google and give Cutroom read-only access to your channel analytics: views,
          subscribers gained and lost, watch time and average view duration over the last 7 days, 30 days, 6 months or
          all time. We can never change anything on your channel.{' '}
          <Anchor component={Link} to="/privacy-policy" fz="inherit">
            How we use this data
          </Anchor>
        </>
      }
    />
  );
}
