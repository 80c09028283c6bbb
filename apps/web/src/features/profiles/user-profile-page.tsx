import { useState } from 'react';
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Tabs } from '@mantine/core';
import { IconBeach, IconBrandYoutube, IconChartBar, IconMoodSmile } from '@tabler/icons-react';
import { Navigate, useSearchParams } from 'react-router';
import { LEAVE_TAKER_ROLES, ROLE_LABELS, USER_ADMIN_ROLES, type UserView } from '@cutroom/domain';
import { customerProfilePath } from '../../app/paths';
import { PageHeader } from '../../components/page-header';
import { useReportRange } from '../../lib/report-range';
import { useLeaveHistory } from './api';
import { CsatPanel } from './csat-panel';
import { LeavePanel } from './leave-panel';
import { ProfileGate, TeamLeadName } from './profile-gate';
import { AverageRating, InfoItem } from './profile-info';
import { figureTabsFor, initialProfileTab, profileRangeDays, responseRateType, type ProfileTab } from './report-tabs';
import { ResponseRatePanel } from './response-rate-panel';
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

/** Leave managment and, for QAs, leads and helpers, their figures over a range kept in the address. */
function ProfileTabs({ person, viewer }: { person: UserView; viewer: UserView }) {
  const [params] = useSearchParams();
  const figureTabs = figureTabsFor(person.client_type, viewer.client_type);
  const [tab, setTab] = useState<ProfileTab>(() => initialProfileTab(params.get('userType'), figureTabs));
  const [range, setRange] = useReportRange(profileRangeDays(viewer.client_type));
  const has = (t: ProfileTab) => figureTabs.includes(t);
  return (
    <Tabs value={tab} onChange={(next) => next && setTab(next as ProfileTab)} keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="leave" leftSection={<IconBeach size={16} />}>
          Leave managment
        </Tabs.Tab>
        {has('response-rate') && (
          <Tabs.Tab value="response-rate" leftSection={<IconChartBar size={16} />}>
            Response Rate
          </Tabs.Tab>
        )}
        {has('csat') && (
          <Tabs.Tab value="csat" leftSection={<IconMoodSmile size={16} />}>
            CSAT
          </Tabs.Tab>
        )}
        {has('yt-response-rate') && (
          <Tabs.Tab value="yt-response-rate" leftSection={<IconBrandYoutube size={16} />}>
            YT Helper Response Rate
          </Tabs.Tab>
        )}
      </Tabs.List>
      <Tabs.Panel value="leave">
        <LeavePanel person={person} />
      </Tabs.Panel>
      <Tabs.Panel value="response-rate">
        <ResponseRatePanel
          person={person}
          range={range}
          onRangeChange={setRange}
          side="comments"
          profileType={responseRateType(person.client_type)}
        />
      </Tabs.Panel>
      <Tabs.Panel value="csat">
        <CsatPanel person={person} range={range} onRangeChange={setRange} />
      </Tabs.Panel>
      <Tabs.Panel value="yt-response-rate">
        <ResponseRatePanel person={person} range={range} onRangeChange={setRange} side="yt_helper_comments" />
      </Tabs.Panel>
    </Tabs>
  );
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
        {takesLeave && <ProfileTabs key={person.client_id} person={person} viewer={viewer} />}
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
