import { Anchor, Badge, Group, Paper, SimpleGrid, Stack } from '@mantine/core';
import { Navigate } from 'react-router';
import { SUBSCRIPTION_TYPES, labelOf, type UserView } from '@cutroom/domain';
import { userProfilePath } from '../../app/paths';
import { PageHeader } from '../../components/page-header';
import { CustomerAdminForm } from './customer-admin-form';
import { CustomerDetailsForm } from './customer-details-form';
import { ProfileGate } from './profile-gate';
import { AverageRating, InfoItem } from './profile-info';

/** Spec 002 §4: plans show as SINGLE, WEEKLY, …, CUSTOM (n). */
const planLabel = (person: UserView) => {
  const label = labelOf(SUBSCRIPTION_TYPES, person.subscription_type);
  return person.subscription_type === 'custom' && person.custom_subscription
    ? `${label} (${person.custom_subscription})`
    : label || '—';
};

function CustomerProfile({ person, viewer }: { person: UserView; viewer: UserView }) {
  return (
    <>
      <PageHeader title={person.fullname} description="Customer profile" />
      <Stack gap="lg">
        <Paper p="md" radius="lg" withBorder component="section" aria-label="Basic Info">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            <InfoItem label="Email">
              <Anchor href={`mailto:${person.useremail}`}>{person.useremail}</Anchor>
            </InfoItem>
            <InfoItem label="Plan">
              <Group gap="xs">
                <span>{planLabel(person)}</span>
                <Badge color={person.is_active_subscription ? 'green' : 'gray'} variant="light">
                  {person.is_active_subscription ? 'Active' : 'Inactive'}
                </Badge>
              </Group>
            </InfoItem>
            <InfoItem label="Timezone">{person.timezone}</InfoItem>
            <InfoItem label="Average rating">
              <AverageRating userId={person.client_id} />
            </InfoItem>
          </SimpleGrid>
        </Paper>
        <CustomerAdminForm key={person.client_id} person={person} viewer={viewer} />
        <CustomerDetailsForm key={`details-${person.client_id}`} person={person} viewer={viewer} />
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
