import { Tabs } from '@mantine/core';
import { IconKey, IconWebhook } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { ApiTokensPanel } from './api-tokens-panel';
import { WebhooksPanel } from './webhooks-panel';

const TABS = ['webhooks', 'tokens'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.some((t) => t === value);

/** /integrations (admin only): webhooks out of Cutroom, API tokens into it. */
export function IntegrationsPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'webhooks';
  const selectTab = (value: string | null) =>
    setParams(
      (p) => {
        p.set('tab', isTab(value) ? value : 'webhooks');
        return p;
      },
      { replace: true },
    );
  return (
    <>
      <PageHeader
        title="Integrations"
        description="Send card and comment events to other tools, and let them call Cutroom's API."
      />
      <Tabs value={tab} onChange={selectTab} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="webhooks" leftSection={<IconWebhook size={16} />}>
            Webhooks
          </Tabs.Tab>
          <Tabs.Tab value="tokens" leftSection={<IconKey size={16} />}>
            API tokens
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="webhooks">
          <WebhooksPanel />
        </Tabs.Panel>
        <Tabs.Panel value="tokens">
          <ApiTokensPanel />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
