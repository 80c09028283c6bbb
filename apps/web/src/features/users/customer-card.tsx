import type { ReactNode } from 'react';
import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { planLabel } from '@cutroom/domain';
import { ActivityBadge } from '../../components/activity-badge';
import { formatEst } from '../../lib/format-time';
import type { Customer } from './api';
import { PersonCard } from './person-card';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" fw={600}>
        {children}
      </Text>
    </Stack>
  );
}

/** One customer of the list: subscription state, plan, allowance, the last 30 days and the last login. */
export function CustomerCard({ customer, actions }: { customer: Customer; actions: ReactNode }) {
  return (
    <PersonCard
      person={customer}
      badges={
        customer.is_active_subscription ? (
          <Badge color="green" variant="light">
            Active
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            Inactive
          </Badge>
        )
      }
      actions={actions}
    >
      <SimpleGrid cols={3} spacing="xs">
        <Figure label="Plan">{planLabel(customer) ?? 'No plan'}</Figure>
        <Figure label="Allowed">{customer.totalAllowedVideoCount ?? 'Unlimited'}</Figure>
        <Figure label="Requested (30 days)">{customer.oneMonthCreatedVideo}</Figure>
      </SimpleGrid>
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text fz="xs" c="dimmed">
          Last login: {customer.last_login_time ? formatEst(customer.last_login_time) : 'Never'}
        </Text>
        {/* 'Never' already says what the band's '-' would. */}
        {customer.last_login_time && <ActivityBadge lastLogin={customer.last_login_time} size="sm" />}
      </Group>
    </PersonCard>
  );
}
