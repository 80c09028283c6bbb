import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Tabs } from '@mantine/core';
import { IconBeach, IconBrandYoutube, IconChartBar, IconId, IconMoodSmile } from '@tabler/icons-react';
import { Navigate } from 'react-router';
import {
  ASSIGNEE_ROLES,
  ROLE_LABELS,
  TABBED_PROFILE_ROLES,
  USER_ADMIN_ROLES,
  LEAVE_TAKER_ROLES,
} from '@cutroom/domain';
import { type UserView } from '@cutroom/domain/schemas';
import { customerProfilePath } from '../../lib/paths';
import { PageHeader } from '../../components/page-header';
import { useReportRange } from '../../lib/report-range';
import { useLeaveHistory } from './api';
import { AssigneeTable } from './assignee-table';
import { CsatPanel } from './csat-panel';
import { LeavePanel } from './leave-panel';
import { ProfileGate, TeamLeadName } from './profile-gate';
import { AverageRating, InfoItem } from './profile-info';
import { figureTabsFor, initialProfileTab, profileRangeDays, responseRateType, type ProfileTab } from './report-tabs';
import { ResponseRatePanel } from './response-rate-panel';
import { StaffAdminForm } from './staff-admin-form';
import { scrollTabClassNames, useActiveTabInView, useTabParam } from '../../components/scroll-tabs';

function BriefFacts({ person, showLeave }: { person: UserView; showLeave: boolean }) {
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

/** Brief Info: the facts, the admin's account form and, for those who hold customers, the assignee table. */
function BriefInfo({ person, viewer }: { person: UserView; viewer: UserView }) {
  return (
    <Stack gap="lg">
      <BriefFacts person={person} showLeave={LEAVE_TAKER_ROLES.includes(person.client_type)} />
      {USER_ADMIN_ROLES.includes(viewer.client_type) && (
        <StaffAdminForm key={person.client_id} person={person} viewer={viewer} />
      )}
      {ASSIGNEE_ROLES.includes(person.client_type) && <AssigneeTable person={person} />}
    </Stack>
  );
}

/** Spec 002 §2 "User profile": Brief Info, the figures the viewer may read, Leave managment; the tab and range in the address. */
function ProfileTabs({ person, viewer }: { person: UserView; viewer: UserView }) {
  const [params, select] = useTabParam('brief');
  const figureTabs = figureTabsFor(person.client_type, viewer.client_type);
  const tabs: ProfileTab[] = ['brief', ...figureTabs, 'leave'];
  const tab = initialProfileTab(params.get('tab'), params.get('userType'), tabs);
  const [range, setRange] = useReportRange(profileRangeDays(viewer.client_type));
  const has = (t: ProfileTab) => tabs.includes(t);

  const tabList = useActiveTabInView(tab);

  return (
    <Tabs value={tab} onChange={select} keepMounted={false} classNames={scrollTabClassNames}>
      <Tabs.List mb="md" ref={tabList}>
        <Tabs.Tab value="brief" leftSection={<IconId size={16} />}>
          Brief Info
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
        <Tabs.Tab value="leave" leftSection={<IconBeach size={16} />}>
          Leave managment
        </Tabs.Tab>
      </Tabs.List>
      {/* Kept mounted so the account form's unsaved edits survive a look at another tab. */}
      <Tabs.Panel value="brief" keepMounted>
        <BriefInfo person={person} viewer={viewer} />
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
      <Tabs.Panel value="leave">
        <LeavePanel person={person} />
      </Tabs.Panel>
    </Tabs>
  );
}

function UserProfile({ person, viewer }: { person: UserView; viewer: UserView }) {
  return (
    <>
      <PageHeader title={person.fullname} description="Team member profile" />
      {TABBED_PROFILE_ROLES.includes(person.client_type) ? (
        <ProfileTabs key={person.client_id} person={person} viewer={viewer} />
      ) : (
        <BriefInfo person={person} viewer={viewer} />
      )}
    </>
  );
}

/** /user/:userId/profile: tabs for team leads, QA, helpers and editors, the basic form alone for admins; a customer's id opens their customer profile. */
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
