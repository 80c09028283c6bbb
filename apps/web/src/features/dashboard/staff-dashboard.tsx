import { Stack, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_RANGE_DAYS,
  FIRST_PASS_REPORT_ROLES,
  MSG,
  REPORT_TAB_LABELS,
  type ReportTab,
  type Role,
} from '@cutroom/domain';
import { ErrorState } from '../../components/error-state';
import { PageHeader } from '../../components/page-header';
import { ReloadButton } from '../../components/reload-button';
import { ReportRangePicker } from '../../components/report-range-picker';
import { PromiseHitRate } from './promise-hit-rate';
import { useReportRange } from '../../lib/report-range';
import { useDashboard } from './api';
import { FirstPassSection } from './first-pass-section';
import { CustomerTabTables, StaffTabTables, TablesLoading } from './staff-tab-tables';
import { VideoGraphs } from './video-graphs';

/** A QA's only tab is their own row (spec 002 §2: "Own or Team Lead"). */
const tabLabel = (tab: ReportTab, role: Role) => (role === 'qa' && tab === 'QaTab' ? 'Own' : REPORT_TAB_LABELS[tab]);

/** /dashboard for staff: the range, the circular graphs and the caller's tabs of tables. */
export function StaffDashboard({ tabs, role }: { tabs: readonly ReportTab[]; role: Role }) {
  const [range, setRange] = useReportRange(DEFAULT_RANGE_DAYS.staffDashboard);
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = tabs.find((t) => t === asked) ?? tabs[0]!;
  const setTab = (next: string | null) =>
    next &&
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  const dashboard = useDashboard(range, tab);
  // While another tab loads, the last tab's reply is still held: its graphs may stay, its rows may not.
  const data = dashboard.data?.tab === tab ? dashboard.data : undefined;

  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Requested, in-progress and completed videos, ratings, completion time and overdue work."
        actions={
          <ReloadButton label="Reload" loading={dashboard.isFetching} onReload={() => void dashboard.refetch()} />
        }
      />
      <Stack gap="lg">
        <ReportRangePicker range={range} onChange={setRange} />
        {dashboard.isError ? (
          <ErrorState
            message={MSG.dashboardLoadFailed}
            onRetry={() => void dashboard.refetch()}
            retrying={dashboard.isFetching}
          />
        ) : (
          <>
            <VideoGraphs stats={dashboard.data?.video_stats} range={range} />
            {FIRST_PASS_REPORT_ROLES.includes(role) && <FirstPassSection range={range} />}
            <PromiseHitRate range={range} />
            <Tabs value={tab} onChange={setTab} keepMounted={false}>
              <Tabs.List mb="md">
                {tabs.map((t) => (
                  <Tabs.Tab key={t} value={t}>
                    {tabLabel(t, role)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {tabs.map((t) => (
                <Tabs.Panel key={t} value={t}>
                  {!data ? (
                    <TablesLoading />
                  ) : t === 'customerTab' ? (
                    <CustomerTabTables data={data} range={range} />
                  ) : (
                    <StaffTabTables data={data} range={range} tab={t} />
                  )}
                </Tabs.Panel>
              ))}
            </Tabs>
          </>
        )}
      </Stack>
    </>
  );
}
