import { useEffect, useRef } from 'react';
import { Alert, Button, Paper, Tabs } from '@mantine/core';
import { IconKey, IconLock, IconRefresh, IconUserEdit } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import type { UserView } from '@cutroom/domain';
import { PageHeader } from '../../components/page-header';
import { isProfileSkipped, skipProfileForNow } from '../../lib/storage';
import { needsProfile, useCurrentUser, useSession } from '../../lib/session';
import { BasicInfoForm } from './basic-info-form';
import { ChangePasswordForm } from './change-password-form';
import classes from './profile-page.module.css';
import { AnalyticsTab, BillingTab } from './profile-tabs';

const TABS = ['basic', 'billing', 'password', 'analytics'] as const;
type Tab = (typeof TABS)[number];

/** Customers have a plan and a channel; staff accounts have neither, so they get the first and third tabs. */
const tabsFor = (user: UserView): readonly Tab[] => (user.client_type === 'customer' ? TABS : ['basic', 'password']);

/** Remount the form whenever the saved user changes, so it starts clean from the new values. */
const formKey = (user: UserView) =>
  [user.firstname, user.lastname, user.useremail, user.pending_email, user.timezone].join('\u0000');

function missingSteps(user: UserView): string[] {
  const steps: string[] = [];
  if (user.is_temporary_password) steps.push('replace your temporary password');
  if (!user.is_profile_completed) steps.push('complete your registration details');
  if (!user.is_yt_fields_filled) steps.push('fill in your YouTube helper details');
  return steps;
}

export function ProfilePage() {
  const user = useCurrentUser();
  const session = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();

  const available = tabsFor(user);
  const requested = params.get('tab') as Tab | null;
  const tab: Tab = requested && available.includes(requested) ? requested : 'basic';
  const selectTab = (value: string | null) =>
    setParams(
      (p) => {
        p.set('tab', value ?? 'basic');
        return p;
      },
      { replace: true },
    );

  // On a phone the tab row scrolls; keep the chosen tab in sight (e.g. when opened by ?tab=).
  const tabList = useRef<HTMLDivElement>(null);
  useEffect(() => {
    tabList.current?.querySelector('[data-active]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);

  const steps = missingSteps(user);
  const canSkip = needsProfile(user) && !isProfileSkipped();

  function skip() {
    skipProfileForNow();
    void navigate('/');
  }

  return (
    <>
      <PageHeader
        title={user.is_profile_completed ? 'Your Profile' : 'Complete your registration'}
        description="Your name, login email, time zone and password."
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={() => void session.refetch()}
              loading={session.isFetching}
            >
              Reload
            </Button>
            {canSkip && (
              <Button variant="light" onClick={skip} data-testid="skip-profile">
                Skip for now
              </Button>
            )}
          </>
        }
      />

      {user.is_temporary_password && (
        <Alert
          color="orange"
          icon={<IconLock size={18} />}
          title="Please change your password"
          mb="md"
          data-testid="temporary-password-notice"
        >
          You logged in with a temporary password. Choose a new one that only you know.{' '}
          {tab !== 'password' && (
            <Button size="compact-sm" variant="white" color="orange" onClick={() => selectTab('password')} ml={4}>
              Change it now
            </Button>
          )}
        </Alert>
      )}
      {!user.is_temporary_password && steps.length > 0 && (
        <Alert color="brand" icon={<IconUserEdit size={18} />} title="A few details are missing" mb="md">
          Before the team starts on your videos, please {steps.join(' and ')}.
        </Alert>
      )}

      <Paper radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Tabs value={tab} onChange={selectTab} keepMounted classNames={{ list: classes.tabList, tab: classes.tab }}>
          <Tabs.List mb="lg" ref={tabList}>
            <Tabs.Tab value="basic" leftSection={<IconUserEdit size={16} />}>
              Basic Info
            </Tabs.Tab>
            {available.includes('billing') && <Tabs.Tab value="billing">Billing</Tabs.Tab>}
            <Tabs.Tab value="password" leftSection={<IconKey size={16} />}>
              Change Password
            </Tabs.Tab>
            {available.includes('analytics') && <Tabs.Tab value="analytics">YT Analytics Data</Tabs.Tab>}
          </Tabs.List>

          <Tabs.Panel value="basic" maw={720}>
            <BasicInfoForm key={formKey(user)} user={user} />
          </Tabs.Panel>
          {available.includes('billing') && (
            <Tabs.Panel value="billing">
              <BillingTab user={user} />
            </Tabs.Panel>
          )}
          <Tabs.Panel value="password" maw={480}>
            <ChangePasswordForm />
          </Tabs.Panel>
          {available.includes('analytics') && (
            <Tabs.Panel value="analytics">
              <AnalyticsTab />
            </Tabs.Panel>
          )}
        </Tabs>
      </Paper>
    </>
  );
}
