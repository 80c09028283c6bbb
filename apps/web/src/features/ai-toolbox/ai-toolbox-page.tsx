import { Badge, Code, List, Tabs, Text } from '@mantine/core';
import { IconBookmark, IconPlugConnectedX, IconSparkles } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { MSG, NAV_ITEMS } from '@cutroom/domain';
import { EmptyStateCard } from '../../components/empty-state-card';
import { ErrorState } from '../../components/error-state';
import { SectionLoader } from '../../components/loaders';
import { PageHeader } from '../../components/page-header';
import { useCurrentUser } from '../../lib/session';
import { useAiStatus } from './api';
import { SavedListPanel } from './saved-list-panel';
import { ToolboxPanel } from './toolbox-panel';

const TABS = ['toolbox', 'saved'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.some((t) => t === value);

/** Shown instead of the tools until the server has an AI endpoint; only an admin reads what to set, and where. */
function NotConfigured({ forAdmin }: { forAdmin: boolean }) {
  return (
    <EmptyStateCard
      icon={<IconPlugConnectedX size={34} stroke={1.5} />}
      title={forAdmin ? 'The AI toolbox is not set up yet' : MSG.aiNotConfigured}
      description={
        forAdmin ? (
          <>
            <Text fz="sm" mb="xs">
              {MSG.aiSetupHelp}
            </Text>
            <List fz="sm" ta="left" spacing={4}>
              <List.Item>
                <Code>AI_BASE_URL</Code>: an OpenAI-compatible endpoint, e.g. https://api.openai.com/v1
              </List.Item>
              <List.Item>
                <Code>AI_API_KEY</Code>: its key (kept on the server only)
              </List.Item>
              <List.Item>
                <Code>AI_MODEL</Code>: the model to use
              </List.Item>
            </List>
          </>
        ) : (
          'Your agency has not turned on the AI toolbox yet. Ask your team about it.'
        )
      }
    />
  );
}

/** /AIToolbox (spec 002 §2): the ToolBox and Saved List tabs. */
export function AiToolboxPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'toolbox';
  const status = useAiStatus();
  const viewer = useCurrentUser();
  const selectTab = (value: string | null) =>
    setParams(
      (p) => {
        p.set('tab', isTab(value) ? value : 'toolbox');
        return p;
      },
      { replace: true },
    );
  const remaining = status.data?.configured ? status.data.remaining : null;

  return (
    <>
      <PageHeader
        title={NAV_ITEMS.aiToolbox.label}
        description="Generate video ideas, title inspiration and scripts, and keep the best in your saved list."
        actions={
          remaining !== null && (
            <Badge variant="light" color={remaining > 0 ? 'brand' : 'red'} size="lg" data-testid="ai-remaining">
              {remaining} of {status.data?.daily_limit} generations left today
            </Badge>
          )
        }
      />
      <Tabs value={tab} onChange={selectTab}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="toolbox" leftSection={<IconSparkles size={16} />}>
            ToolBox
          </Tabs.Tab>
          <Tabs.Tab value="saved" leftSection={<IconBookmark size={16} />}>
            Saved List
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="toolbox">
          {status.isPending ? (
            <SectionLoader mih={240} />
          ) : status.isError ? (
            <ErrorState
              message={MSG.dashboardLoadFailed}
              onRetry={() => void status.refetch()}
              retrying={status.isFetching}
            />
          ) : status.data.configured ? (
            <ToolboxPanel />
          ) : (
            <NotConfigured forAdmin={viewer.client_type === 'admin'} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="saved">{tab === 'saved' && <SavedListPanel />}</Tabs.Panel>
      </Tabs>
    </>
  );
}
