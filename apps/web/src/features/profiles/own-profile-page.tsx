import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Paper, Tabs } from '@mantine/core';
import { IconLock, IconRefresh, IconUserEdit } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import type { UserView } from '@cutroom/domain/schemas';
import { PageHeader } from '../../components/page-header';
import { SectionLoader } from '../../components/loaders';
import { ErrorState } from '../../components/error-state';
import { ThumbnailReference } from '../../components/thumbnail-reference';
import { errorMessage } from '../../lib/api-client';
import { isProfileSkipped, skipProfileForNow } from '../../lib/storage';
import { ME_KEY, maySkipProfile, useCurrentUser } from '../../lib/session';
import { WEBSITE_USER_KEY, useWebsiteUser } from './own-profile-api';
import { AvatarEditor } from './avatar-editor';
import { BasicInfoForm } from './basic-info-form';
import { PortalIntro } from './portal-intro';
import { ChangePasswordForm } from './change-password-form';
import { scrollTabClassNames, useActiveTabInView, useTabParam } from '../../components/scroll-tabs';
import { AnalyticsTab, BillingTab } from './own-profile-tabs';
import { PROFILE_TAB_ICONS } from './tab-icons';

/** The own profile's file changes show in the full profile and the session's user. */
const OWN_PROFILE_KEYS = [WEBSITE_USER_KEY, ME_KEY];

const TABS = ['basic', 'billing', 'password', 'analytics'] as const;
type Tab = (typeof TABS)[number];

/** Customers have a plan and a channel; staff accounts have neither, so they get the first and third tabs. */
const tabsFor = (user: UserView): readonly Tab[] => (user.client_type === 'customer' ? TABS : ['basic', 'password']);

/** Remount the form whenever the saved user changes, so it starts clean from the new values. */
const formKey = (user: UserView) => JSON.stringify(user);

function missingSteps(user: UserView): string[] {
  const steps: string[] = [];
  if (user.is_temporary_password) steps.push('replace your temporary password');
  if (!user.is_profile_completed) steps.push('complete your registration details');
  if (!user.is_yt_fields_filled) steps.push('fill in your YouTube helper details');
  return steps;
}

export function ProfilePage() {
  const user = useCurrentUser();
  const full = useWebsiteUser();
  const navigate = useNavigate();
  const [params, selectTab] = useTabParam('basic');

  const available = tabsFor(user);
  const requested = params.get('tab') as Tab | null;
  const tab: Tab = requested && available.includes(requested) ? requested : 'basic';

  // A mail's 'change your preferences' link lands on its section once the form is there.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash && full.data) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [hash, full.data]);

  const tabList = useActiveTabInView(tab);

  const steps = missingSteps(user);
  const canSkip = maySkipProfile(user) && !isProfileSkipped();

  // Leaving after a save waits for the render that drops the form's unsaved-changes guard.
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (saved) void navigate('/');
  }, [saved, navigate]);
  const goHome = useCallback(() => setSaved(true), []);

  function skip() {
    skipProfileForNow();
    void navigate('/');
  }

  return (
    <>
      <PageHeader
        title={user.is_profile_completed ? 'Your Profile' : 'Complete your registration'}
        description={
          user.client_type === 'customer'
            ? 'Your account, what your videos are like, and which mails you get.'
            : 'Your name, login email, time zone, mails and password.'
        }
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={() => void full.refetch()}
              loading={full.isFetching}
            >
              Reload
            </Button>
            {canSkip && (
              <Button variant="light" onClick={skip} data-testid="skip-profile">
                Skip
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

      {user.client_type === 'customer' && <PortalIntro user={full.data ?? user} />}

      <Paper radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Tabs value={tab} onChange={selectTab} keepMounted classNames={scrollTabClassNames}>
          <Tabs.List mb="lg" ref={tabList}>
            <Tabs.Tab value="basic" leftSection={PROFILE_TAB_ICONS.basic}>
              Basic Info
            </Tabs.Tab>
            {available.includes('billing') && (
              <Tabs.Tab value="billing" leftSection={PROFILE_TAB_ICONS.billing}>
                Billing
              </Tabs.Tab>
            )}
            <Tabs.Tab value="password" leftSection={PROFILE_TAB_ICONS.password}>
              Change Password
            </Tabs.Tab>
            {available.includes('analytics') && (
              <Tabs.Tab value="analytics" leftSection={PROFILE_TAB_ICONS.analytics}>
                YT Analytics Data
              </Tabs.Tab>
            )}
          </Tabs.List>

          <Tabs.Panel value="basic" maw={760}>
            {full.isPending ? (
              <SectionLoader />
            ) : full.isError ? (
              <ErrorState
                message={errorMessage(full.error)}
                onRetry={() => void full.refetch()}
                retrying={full.isFetching}
              />
            ) : (
              <>
                <AvatarEditor user={full.data} />
                <BasicInfoForm
                  key={formKey(full.data)}
                  user={full.data}
                  onSaved={goHome}
                  thumbnailReference={
                    <ThumbnailReference
                      customerId={full.data.client_id}
                      url={full.data.ref_thumbnails_file}
                      refresh={OWN_PROFILE_KEYS}
                    />
                  }
                />
              </>
            )}
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
