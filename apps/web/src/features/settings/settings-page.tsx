import { Tabs } from '@mantine/core';
import { IconArrowBackUp, IconCalendarEvent, IconSpeakerphone } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { AnnouncementsPanel } from './announcements-panel';
import { HolidaysPanel } from './holidays-panel';
import { RevisionReasonsPanel } from './revision-reasons-panel';

const TABS = ['announcements', 'holidays', 'revision-reasons'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.some((t) => t === value);

/** /settings (admin only): announcements for everyone's home page, and the holiday list (spec 002 §2). */
export function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'announcements';
  const selectTab = (value: string | null) =>
    setParams(
      (p) => {
        p.set('tab', isTab(value) ? value : 'announcements');
        return p;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader
        title="Portal Settings"
        description="Announcements for everyone's home page, the holiday list the team plans due dates around, and the reasons offered when asking for a revision."
      />
      <Tabs value={tab} onChange={selectTab} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="announcements" leftSection={<IconSpeakerphone size={16} />}>
            Announcements
          </Tabs.Tab>
          <Tabs.Tab value="holidays" leftSection={<IconCalendarEvent size={16} />}>
            Holiday List
          </Tabs.Tab>
          <Tabs.Tab value="revision-reasons" leftSection={<IconArrowBackUp size={16} />}>
            Revision reasons
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="announcements">
          <AnnouncementsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="holidays">
          <HolidaysPanel />
        </Tabs.Panel>
        <Tabs.Panel value="revision-reasons">
          <RevisionReasonsPanel />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
