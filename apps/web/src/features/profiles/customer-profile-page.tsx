import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Tabs } from '@mantine/core';
import { Navigate } from 'react-router';
import type { UserView } from '@cutroom/domain/schemas';
import { userProfilePath } from '../../lib/paths';
import { PageHeader } from '../../components/page-header';
import { formatBillingDay } from '../../lib/format-time';
import { AnalyticsPanel } from '../analytics/public';
import { CustomerAdminForm } from './customer-admin-form';
import { CustomerDetailsForm } from './customer-details-form';
import { ProfileGate } from './profile-gate';
import { PROFILE_TAB_ICONS } from './tab-icons';
import { AverageRating, InfoItem, profilePlan } from './profile-info';
import { scrollTabClassNames, useActiveTabInView, useTabParam } from '../../components/scroll-tabs';

const TABS = ['basic', 'billing', 'analytics'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

function PlanFacts({ person }: { person: UserView }) {
  return (
    <Group gap="xs">
      <span>{profilePlan(person)}</span>
      <Badge color={person.is_active_subscription ? 'green' : 'gray'} variant="light">
        {person.is_active_subscription ? 'Active' : 'Inactive'}
      </Badge>
    </Group>
  );
}

function BasicFacts({ person }: { person: UserView }) {
  return (
    <Paper p="md" radius="lg" withBorder component="section" aria-label="Basic Info">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <InfoItem label="Email">
          <Anchor href={`mailto:${person.useremail}`}>{person.useremail}</Anchor>
        </InfoItem>
        <InfoItem label="Plan">
          <PlanFacts person={person} />
        </InfoItem>
        <InfoItem label="Timezone">{person.timezone}</InfoItem>
        <InfoItem label="Average rating">
          <AverageRating userId={person.client_id} />
        </InfoItem>
      </SimpleGrid>
    </Paper>
  );
}

function BillingFacts({ person }: { person: UserView }) {
  return (
    <Paper p="md" radius="lg" withBorder component="section" aria-label="Billing">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <InfoItem label="Current plan">
          <PlanFacts person={person} />
        </InfoItem>
        <InfoItem label="Billing date">{formatBillingDay(person.billing_date)}</InfoItem>
        <InfoItem label="This period">
          {formatBillingDay(person.billing_data?.start_date)} – {formatBillingDay(person.billing_data?.end_date)}
        </InfoItem>
      </SimpleGrid>
    </Paper>
  );
}

function CustomerProfile({ person, viewer }: { person: UserView; viewer: UserView }) {
  const [params, select] = useTabParam('basic');
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'basic';

  const tabList = useActiveTabInView(tab);

  return (
    <>
      <PageHeader title={person.fullname} description="Customer profile" />
      {/* Panels stay mounted so unsaved edits on one tab survive a look at another. */}
      <Tabs value={tab} onChange={select} keepMounted classNames={scrollTabClassNames}>
        <Tabs.List mb="md" ref={tabList}>
          <Tabs.Tab value="basic" leftSection={PROFILE_TAB_ICONS.basic}>
            Basic Info
          </Tabs.Tab>
          <Tabs.Tab value="billing" leftSection={PROFILE_TAB_ICONS.billing}>
            Billing
          </Tabs.Tab>
          <Tabs.Tab value="analytics" leftSection={PROFILE_TAB_ICONS.analytics}>
            YT Analytics Data
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="basic">
          <Stack gap="lg">
            <BasicFacts person={person} />
            <CustomerAdminForm key={person.client_id} person={person} viewer={viewer} part="team" />
            <CustomerDetailsForm key={`details-${person.client_id}`} person={person} viewer={viewer} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="billing">
          <Stack gap="lg">
            <BillingFacts person={person} />
            <CustomerAdminForm key={`billing-${person.client_id}`} person={person} viewer={viewer} part="billing" />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="analytics">
          <AnalyticsPanel clientId={person.client_id} viewerIsAdmin={viewer.client_type === 'admin'} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

/** /customer/:userId/profile: Basic Info, Billing and YT Analytics Data, editable as editableUserFields allows; staff ids open the user profile. */
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
