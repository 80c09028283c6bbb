import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import { Navigate } from 'react-router';
import { MSG, SUBSCRIPTION_TYPES, labelOf, type UserView } from '@cutroom/domain';
import { userProfilePath } from '../../app/paths';
import { PageHeader } from '../../components/page-header';
import { useAverageRating } from './api';
import { CustomerAdminForm } from './customer-admin-form';
import { ProfileGate } from './profile-gate';

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** Spec 002 §4: plans show as SINGLE, WEEKLY, …, CUSTOM (n). */
const planLabel = (person: UserView) => {
  const label = labelOf(SUBSCRIPTION_TYPES, person.subscription_type);
  return person.subscription_type === 'custom' && person.custom_subscription
    ? `${label} (${person.custom_subscription})`
    : label || '—';
};

function RatingText({ userId }: { userId: number }) {
  const rating = useAverageRating(userId);
  if (!rating.data) return <>—</>;
  if (rating.data.rated_videos === 0) return <>{MSG.noRatingsYet}</>;
  return (
    <Group gap={4} wrap="nowrap">
      <IconStar size={16} aria-hidden />
      {rating.data.average_rating.toFixed(2)} ({rating.data.rated_videos} rated)
    </Group>
  );
}

function CustomerProfile({ person, viewer }: { person: UserView; viewer: UserView }) {
  return (
    <>
      <PageHeader title={person.fullname} description="Customer profile" />
      <Stack gap="lg">
        <Paper p="md" radius="lg" withBorder component="section" aria-label="Basic Info">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            <Item label="Email">
              <Anchor href={`mailto:${person.useremail}`}>{person.useremail}</Anchor>
            </Item>
            <Item label="Plan">
              <Group gap="xs">
                <span>{planLabel(person)}</span>
                <Badge color={person.is_active_subscription ? 'green' : 'gray'} variant="light">
                  {person.is_active_subscription ? 'Active' : 'Inactive'}
                </Badge>
              </Group>
            </Item>
            <Item label="Timezone">{person.timezone}</Item>
            <Item label="Average rating">
              <RatingText userId={person.client_id} />
            </Item>
          </SimpleGrid>
        </Paper>
        <CustomerAdminForm key={person.client_id} person={person} viewer={viewer} />
      </Stack>
    </>
  );
}

/** /customer/:userId/profile: the customer's fields, editable as editableUserFields allows; staff ids open the user profile. */
export function CustomerProfilePage() {
  return (
    <ProfileGate>
      {(person, viewer) =>
        person.client_type === 'customer' ? (
          <CustomerProfile person={person} viewer={viewer} />
        ) : (
          <Navigate to={userProfilePath(person.client_id)} replace />
        )
      }
    </ProfileGate>
  );
}
