import { Skeleton, Stack } from '@mantine/core';
import { MSG, REPORT_TAB_LABELS, type ReportTab } from '@cutroom/domain';
import type { DashboardReply, StaffStats } from '@cutroom/domain/schemas';
import { ErrorState } from '../../components/error-state';
import type { ReportRange } from '../../lib/report-range';
import { useArtDashboard } from './api';
import { ReportTable } from './report-table';
import {
  artColumns,
  commentName,
  csatColumns,
  customerAverageColumns,
  customerColumns,
  performanceColumns,
} from './staff-columns';
import { csvFileName } from './table-model';

type StaffTab = Exclude<ReportTab, 'customerTab'>;

const staffRows = (data: DashboardReply, tab: StaffTab): StaffStats[] =>
  tab === 'QaTab' ? data.editor_stats : tab === 'TeamLeadTab' ? data.team_lead_data : data.yt_helper_data;

export function TablesLoading() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading tables">
      {[0, 1].map((i) => (
        <Skeleton key={i} h={160} radius="lg" />
      ))}
    </Stack>
  );
}

interface TabTablesProps {
  data: DashboardReply;
  range: ReportRange;
}

/** A staff tab: team performance, ART (comment answers) and CSAT per person. */
export function StaffTabTables({ data, range, tab }: TabTablesProps & { tab: StaffTab }) {
  const art = useArtDashboard(range, tab, true);
  const rows = staffRows(data, tab);
  const tabLabel = REPORT_TAB_LABELS[tab];
  const file = (title: string) => csvFileName(title, tabLabel, range);
  return (
    <Stack gap="md">
      <ReportTable
        title="Team performance"
        testId="performance-table"
        columns={performanceColumns(tab, range)}
        rows={rows}
        rowKey={(r) => r.user_id}
        nameOf={(r) => r.qa_name}
        fileName={file('Team performance')}
        minWidth={1200}
      />
      {art.isPending ? (
        <TablesLoading />
      ) : art.isError ? (
        <ErrorState message={MSG.dashboardLoadFailed} onRetry={() => void art.refetch()} retrying={art.isFetching} />
      ) : (
        <ReportTable
          title="ART (response to comments)"
          testId="art-table"
          columns={artColumns(tab, range)}
          rows={art.data.tab === tab ? art.data.data : []}
          rowKey={(r) => r.user_id}
          nameOf={commentName}
          fileName={file('ART')}
          minWidth={820}
        />
      )}
      <ReportTable
        title="CSAT"
        testId="csat-table"
        columns={csatColumns(range)}
        rows={rows}
        rowKey={(r) => r.user_id}
        nameOf={(r) => r.qa_name}
        fileName={file('CSAT')}
        minWidth={480}
      />
    </Stack>
  );
}

/** The customer tab: the 'Customer Averages' table and each customer's figures. */
export function CustomerTabTables({ data, range }: TabTablesProps) {
  const { customer_stats, customers } = data.customer_data;
  const file = (title: string) => csvFileName(title, REPORT_TAB_LABELS.customerTab, range);
  return (
    <Stack gap="md">
      <ReportTable
        title="Customer Averages"
        testId="customer-averages-table"
        columns={customerAverageColumns}
        rows={[customer_stats]}
        rowKey={() => 'averages'}
        nameOf={() => ''}
        fileName={file('Customer Averages')}
        minWidth={760}
        searchable={false}
      />
      <ReportTable
        title="Customers"
        testId="customers-table"
        columns={customerColumns}
        rows={customers}
        rowKey={(r) => r.client_id}
        nameOf={(r) => r.customer_name}
        fileName={file('Customers')}
        minWidth={720}
      />
    </Stack>
  );
}
