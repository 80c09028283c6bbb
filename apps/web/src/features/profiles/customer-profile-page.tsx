import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Tabs } from '@mantine/core';
import { IconBrandYoutube, IconReceipt, IconUserEdit } from '@tabler/icons-react';
import { Link, Navigate } from 'react-router';
import { type UserView } from '@cutroom/domain';
import { userProfilePath } from '../../app/paths';
import { EmptyStateCard } from '../../components/empty-state-card';
import { PageHeader } from '../../components/page-header';
import { CustomerAdminForm } from './customer-admin-form';
import { CustomerDetailsForm } from './customer-details-form';
import { ProfileGate } from './profile-gate';
import { AverageRating, InfoItem, planLabel } from './profile-info';
import { scrollTabClassNames, useActiveTabInView, useTabParam } from '../../components/scroll-tabs';

const TABS = ['basic', 'billing', 'analytics'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const formatDay = (iso: string | null | undefined) => (iso ? day.format(new Date(iso)) : '—');

function PlanFacts({ person }: { person: UserView }) {
  return (
    <Group gap="xs">
      <span>{planLabel(person)}</span>
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
        <InfoItem label="Billing date">{formatDay(person.billing_date)}</InfoItem>
        <InfoItem label="This period">
          {formatDay(person.billing_data?.start_date)} – {formatDay(person.billing_data?.end_date)}
        </InfoItem>
      </SimpleGrid>
    </Paper>
  );
}

/** Holds the analytics tab's place (spec 002 §2) until channel analytics are built. */
function AnalyticsPlaceholder({ person }: { person: UserView }) {
  return (
    <EmptyStateCard
      icon={<IconBrandYoutube size={34} stroke={1.5} />}
      title="YouTube analytics are coming"
      description={
        <>
          Once {person.firstname} connects their YouTube channel with Google (read-only), this tab shows their views,
          subscribers gained and lost, watch time and average view duration over the last 7 days, 30 days, 6 months or
          all time, compared with the period before.{' '}
          <Anchor component={Link} to="/privacy-policy" fz="inherit">
            How this data is used
          </Anchor>
        </>
      }
    />
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
          <Tabs.Tab value="basic" leftSection={<IconUserEdit size={16} />}>
            Basic Info
          </Tabs.Tab>
          <Tabs.Tab value="billing" leftSection={<IconReceipt size={16} />}>
            Billing
          </Tabs.Tab>
          <Tabs.Tab value="analytics" leftSection={<IconBrandYoutube size={16} />}>
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
          <AnalyticsPlaceholder person={person} />
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
