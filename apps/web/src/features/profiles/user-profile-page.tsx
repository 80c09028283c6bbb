import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Tabs } from '@mantine/core';
import { IconBeach, IconChartBar, IconMoodSmile } from '@tabler/icons-react';
import { Navigate } from 'react-router';
import { LEAVE_TAKER_ROLES, MSG, ROLE_LABELS, USER_ADMIN_ROLES, type UserView } from '@cutroom/domain';
import { customerProfilePath } from '../../app/paths';
import { EmptyStateCard } from '../../components/empty-state-card';
import { PageHeader } from '../../components/page-header';
import { useLeaveHistory } from './api';
import { LeavePanel } from './leave-panel';
import { ProfileGate, TeamLeadName } from './profile-gate';
import { AverageRating, InfoItem } from './profile-info';
import { StaffAdminForm } from './staff-admin-form';

function BriefInfo({ person, showLeave }: { person: UserView; showLeave: boolean }) {
  const leave = useLeaveHistory(person.client_id, showLeave);
  return (
    <Paper p="md" radius="lg" withBorder aria-label="Brief Info" component="section">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        <InfoItem label="Name">
          <Group gap="xs">
            <span>{person.fullname}</span>
            {leave.data?.is_on_leave && (
              <Badge color="orange" variant="light" data-testid="on-leave">
                On leave
              </Badge>
            )}
          </Group>
        </InfoItem>
        <InfoItem label="Role">{ROLE_LABELS[person.client_type]}</InfoItem>
        <InfoItem label="Email">
          <Anchor href={`mailto:${person.useremail}`}>{person.useremail}</Anchor>
        </InfoItem>
        <InfoItem label="Timezone">{person.timezone}</InfoItem>
        <InfoItem label="Team lead">
          <TeamLeadName leadId={person.assigned_to_lead_id} />
        </InfoItem>
        <InfoItem label="Average rating">
          <AverageRating userId={person.client_id} />
        </InfoItem>
      </SimpleGrid>
    </Paper>
  );
}

function ReportPlaceholder({ title, icon }: { title: string; icon: React.ReactNode }) {
  return <EmptyStateCard icon={icon} title={title} description={MSG.reportArrivesLater} />;
}

function UserProfile({ person, viewer }: { person: UserView; viewer: UserView }) {
  const takesLeave = LEAVE_TAKER_ROLES.includes(person.client_type);
  return (
    <>
      <PageHeader title={person.fullname} description="Team member profile" />
      <Stack gap="lg">
        <BriefInfo person={person} showLeave={takesLeave} />
        {USER_ADMIN_ROLES.includes(viewer.client_type) && (
          <StaffAdminForm key={person.client_id} person={person} viewer={viewer} />
        )}
        {takesLeave && (
          <Tabs defaultValue="leave" keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="leave" leftSection={<IconBeach size={16} />}>
                Leave managment
              </Tabs.Tab>
              <Tabs.Tab value="response-rate" leftSection={<IconChartBar size={16} />}>
                Response Rate
              </Tabs.Tab>
              <Tabs.Tab value="csat" leftSection={<IconMoodSmile size={16} />}>
                CSAT
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="leave">
              <LeavePanel person={person} />
            </Tabs.Panel>
            <Tabs.Panel value="response-rate">
              <ReportPlaceholder title="Response Rate" icon={<IconChartBar />} />
            </Tabs.Panel>
            <Tabs.Panel value="csat">
              <ReportPlaceholder title="CSAT" icon={<IconMoodSmile />} />
            </Tabs.Panel>
          </Tabs>
        )}
      </Stack>
    </>
  );
}

/** /user/:userId/profile: Brief Info, the admin's account form and the tabs; a customer's id opens their customer profile. */
export function UserProfilePage() {
  return (
    <ProfileGate>
      {(person, viewer) =>
        person.client_type === 'customer' ? (
          <Navigate to={customerProfilePath(person.client_id)} replace />
        ) : (
          <UserProfile person={person} viewer={viewer} />
        )
      }
    </ProfileGate>
  );
}
