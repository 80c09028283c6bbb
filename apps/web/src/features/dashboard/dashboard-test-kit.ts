import { vi } from 'vitest';
import type { CommentStats, CustomerStatsRow, DashboardReply, StaffStats, VideoStats } from '@cutroom/domain/schemas';
import type { ReportTab } from '@cutroom/domain';
import { queriesTo } from '../../test/requests';

export const staffRow = (overrides: Partial<StaffStats> = {}): StaffStats => ({
  user_id: 20,
  qa_name: 'Quinn QA',
  lead_id: 5,
  lead_name: 'Lee Lead',
  total_request: 10,
  video_request: 1,
  in_progress: 3,
  on_time: 5,
  overdue: 1,
  revision_overdue: 0,
  completed: 6,
  average_time: 12.5,
  average_video_count: 0.86,
  revision_count: 2,
  revision_average_time: 3,
  revision_average_time_count: 1,
  total_rating: 9,
  rated_videos: 2,
  teamLeadUpdated: false,
  ...overrides,
});

export const commentRow = (overrides: Partial<CommentStats> = {}): CommentStats => ({
  user_id: 20,
  qaFirstName: 'Quinn',
  qaLastName: 'QA',
  leadFirstName: 'Lee',
  leadLastName: 'Lead',
  total_comments_count: 8,
  replied_count: 6,
  response_rate: 75,
  total_response_rated_cards: 3,
  average_response_hours: 2.5,
  teamLeadUpdated: false,
  ...overrides,
});

export const customerRow = (overrides: Partial<CustomerStatsRow> = {}): CustomerStatsRow => ({
  client_id: 50,
  customer_name: 'Cleo Creator',
  is_deleted: false,
  total_request: 4,
  in_progress: 1,
  completed: 3,
  average_time: 20,
  total_rating: 14,
  rated_videos: 3,
  ...overrides,
});

export const videoStats: VideoStats = {
  total_videos: 12,
  in_progress: 4,
  completed: 7,
  avg_rating: 4.5,
  rated_videos: 4,
  avg_time: 18.3,
  overdue: 2,
};

/** A dashboard reply for the tab the latest request asked for. */
export function dashboardReply(rows: Partial<DashboardReply> = {}): () => { body: DashboardReply } {
  return () => {
    const asked = queriesTo('/api/dashboard-data-V2').at(-1) ?? {};
    const tab = (asked.tab ?? 'QaTab') as ReportTab;
    const empty = { editor_stats: [], team_lead_data: [], yt_helper_data: [] };
    const customers = {
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
    const body: DashboardReply = {
      range: { start_date: asked.start_date ?? '', end_date: asked.end_date ?? '' },
      tab,
      tabs: ['QaTab', 'TeamLeadTab', 'YTHelperTab', 'customerTab'],
      video_stats: videoStats,
      ...empty,
      customer_data: customers,
    };
    if (tab === 'QaTab') body.editor_stats = rows.editor_stats ?? [];
    if (tab === 'TeamLeadTab') body.team_lead_data = rows.team_lead_data ?? [];
    if (tab === 'YTHelperTab') body.yt_helper_data = rows.yt_helper_data ?? [];
    if (tab === 'customerTab' && rows.customer_data) body.customer_data = rows.customer_data;
    return { body };
  };
}

/** happy-dom lays nothing out, so recharts warns that each graph is 0 × 0; the figures are checked as text. */
export function quietChartSizeWarnings() {
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('of chart should be greater than 0')) return;
    warn(...args);
  });
}
