import { DEFAULT_RANGE_DAYS, REPORT_TABS_BY_ROLE, type ReportTab } from '@cutroom/domain';
import type {
  CustomerAverages,
  CustomerStatsRow,
  DashboardReply,
  StaffStats,
  VideoStats,
  dashboardQuery,
} from '@cutroom/domain/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { SessionUser } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { customerAveragesSql, customerRowsSql } from './customer-stats.sql.js';
import { resolveRange, rowsOf } from './report-range.js';
import { staffStatsSql, videoStatsSql } from './staff-stats.sql.js';

type Query = z.output<typeof dashboardQuery>;

interface StaffRow extends Omit<StaffStats, 'qa_name' | 'lead_name' | 'teamLeadUpdated'> {
  firstname: string;
  lastname: string;
  lead_first: string | null;
  lead_last: string | null;
  left_team: boolean;
}

const fullName = (first: string | null, last: string | null) =>
  first === null ? null : `${first} ${last ?? ''}`.trim();

/** The tab asked for (or the caller's first); a tab the caller's role lacks is one they may not see: 404. */
export function chosenTab(viewer: SessionUser, tab: ReportTab | undefined) {
  const tabs = REPORT_TABS_BY_ROLE[viewer.role] ?? [];
  const chosen = tab ?? tabs[0];
  if (!chosen || !tabs.includes(chosen)) throw new AppError('NOT_FOUND');
  return { tab: chosen, tabs: [...tabs] };
}

export const staffRow = ({ firstname, lastname, lead_first, lead_last, left_team, ...figures }: StaffRow) => ({
  ...figures,
  qa_name: fullName(firstname, lastname)!,
  lead_name: fullName(lead_first, lead_last),
  teamLeadUpdated: left_team,
});

const NO_CUSTOMERS: DashboardReply['customer_data'] = {
  customer_stats: {
    total_customers: 0,
    active_customers: 0,
    average_requests: 0,
    average_completed: 0,
    average_time: 0,
    average_rating: 0,
    total_ratings: 0,
  },
  customers: [],
};

/** GET /api/dashboard-data-V2: the graphs, then one statement for the chosen tab's rows (two for customers). */
export async function dashboardData(db: Db, viewer: SessionUser, query: Query, zone: string): Promise<DashboardReply> {
  const { tab, tabs } = chosenTab(viewer, query.tab);
  const range = resolveRange(query, zone, DEFAULT_RANGE_DAYS.staffDashboard);
  const [stats] = await rowsOf<VideoStats>(db.execute(videoStatsSql(viewer, range)));
  const reply: DashboardReply = {
    range: { start_date: range.start_date, end_date: range.end_date },
    tab,
    tabs,
    video_stats: stats!,
    editor_stats: [],
    team_lead_data: [],
    yt_helper_data: [],
    customer_data: NO_CUSTOMERS,
  };
  if (tab === 'customerTab') {
    const [customers, [averages]] = await Promise.all([
      rowsOf<CustomerStatsRow>(db.execute(customerRowsSql(viewer, range))),
      rowsOf<CustomerAverages>(db.execute(customerAveragesSql(viewer, range))),
    ]);
    reply.customer_data = { customer_stats: averages!, customers };
    return reply;
  }
  const rows = (await rowsOf<StaffRow>(db.execute(staffStatsSql(viewer, tab, range)))).map(staffRow);
  const key = ({ QaTab: 'editor_stats', TeamLeadTab: 'team_lead_data', YTHelperTab: 'yt_helper_data' } as const)[tab];
  reply[key] = rows;
  return reply;
}
