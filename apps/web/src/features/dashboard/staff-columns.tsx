import { averageOf, type ReportTab } from '@cutroom/domain';
import type { CommentStats, CustomerStatsRow, CustomerAverages, StaffStats } from '@cutroom/domain/schemas';
import { customerProfilePath, userProfilePath } from '../../lib/paths';
import { rangeSearch, type ReportRange } from '../../lib/report-range';
import { PersonCell } from './person-cell';
import type { ReportColumn } from './table-model';

type ProfileType = ReportTab | 'CSAT';

/** The profile a dashboard name opens, on the tab and range the dashboard shows (spec 002 §2). */
export const profileLink = (userId: number, userType: ProfileType, range: ReportRange) =>
  `${userProfilePath(userId)}?userType=${userType}&${rangeSearch(range)}`;

const count = <Row,>(key: string, header: string, value: (row: Row) => number): ReportColumn<Row> => ({
  key,
  header,
  value,
  numeric: true,
});

const staffName = (userType: ProfileType, range: ReportRange): ReportColumn<StaffStats> => ({
  key: 'name',
  header: 'Name',
  value: (row) => row.qa_name,
  render: (row) => (
    <PersonCell name={row.qa_name} gone={row.teamLeadUpdated} to={profileLink(row.user_id, userType, range)} />
  ),
});

const ratingOf = (row: { total_rating: number; rated_videos: number }) => averageOf(row.total_rating, row.rated_videos);

/** Team performance: the card figures of each person of the tab (docs/reporting.md "Card figures"). */
export function performanceColumns(tab: ReportTab, range: ReportRange): ReportColumn<StaffStats>[] {
  return [
    staffName(tab, range),
    ...(tab === 'TeamLeadTab'
      ? []
      : [{ key: 'lead', header: 'Team lead', value: (row: StaffStats) => row.lead_name ?? '-' }]),
    count('total_request', 'Requested', (r) => r.total_request),
    count('video_request', 'Video request', (r) => r.video_request),
    count('in_progress', 'In progress', (r) => r.in_progress),
    count('completed', 'Completed', (r) => r.completed),
    count('on_time', 'On time', (r) => r.on_time),
    count('overdue', 'Overdue', (r) => r.overdue),
    count('revision_overdue', 'Revision overdue', (r) => r.revision_overdue),
    count('average_time', 'Avg time (h)', (r) => r.average_time),
    count('average_video_count', 'Videos / day', (r) => r.average_video_count),
    count('revision_count', 'Revisions', (r) => r.revision_count),
    count('revision_average_time', 'Revision time (h)', (r) => r.revision_average_time),
    count('avg_rating', 'Avg rating', ratingOf),
    count('rated_videos', 'Ratings', (r) => r.rated_videos),
  ];
}

/** CSAT per person: their ratings' total over how many (spec 002 §9). */
export const csatColumns = (range: ReportRange): ReportColumn<StaffStats>[] => [
  staffName('CSAT', range),
  count('rated_videos', 'Rated videos', (r) => r.rated_videos),
  count('total_rating', 'Total rating', (r) => r.total_rating),
  count('csat', 'CSAT', ratingOf),
];

export const commentName = (row: CommentStats) => `${row.qaFirstName} ${row.qaLastName}`.trim();
const leadName = (row: CommentStats) => `${row.leadFirstName ?? ''} ${row.leadLastName ?? ''}`.trim() || '-';

/** ART: how many customer comments each person answered and how fast (docs/reporting.md "Response rate"). */
export function artColumns(tab: ReportTab, range: ReportRange): ReportColumn<CommentStats>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      value: commentName,
      render: (row) => (
        <PersonCell name={commentName(row)} gone={row.teamLeadUpdated} to={profileLink(row.user_id, tab, range)} />
      ),
    },
    ...(tab === 'TeamLeadTab' ? [] : [{ key: 'lead', header: 'Team lead', value: leadName }]),
    count('total_comments_count', 'Comments', (r) => r.total_comments_count),
    count('replied_count', 'Replied', (r) => r.replied_count),
    count('response_rate', 'Response rate (%)', (r) => r.response_rate),
    count('total_response_rated_cards', 'Cards with comments', (r) => r.total_response_rated_cards),
    count('average_response_hours', 'Avg response time (h)', (r) => r.average_response_hours),
  ];
}

/** The 'Customer Averages' table: one row (spec 002 §3). */
export const customerAverageColumns: ReportColumn<CustomerAverages>[] = [
  count('total_customers', 'Total customers', (r) => r.total_customers),
  count('active_customers', 'Active customers', (r) => r.active_customers),
  count('average_requests', 'Avg requests', (r) => r.average_requests),
  count('average_completed', 'Avg completed', (r) => r.average_completed),
  count('average_time', 'Avg time (h)', (r) => r.average_time),
  count('average_rating', 'Avg rating', (r) => r.average_rating),
  count('total_ratings', 'Ratings', (r) => r.total_ratings),
];

export const customerColumns: ReportColumn<CustomerStatsRow>[] = [
  {
    key: 'name',
    header: 'Customer',
    value: (row) => row.customer_name,
    render: (row) => (
      <PersonCell name={row.customer_name} gone={row.is_deleted} to={customerProfilePath(row.client_id)} />
    ),
  },
  count('total_request', 'Requested', (r) => r.total_request),
  count('in_progress', 'In progress', (r) => r.in_progress),
  count('completed', 'Completed', (r) => r.completed),
  count('average_time', 'Avg time (h)', (r) => r.average_time),
  count('avg_rating', 'Avg rating', ratingOf),
  count('rated_videos', 'Ratings', (r) => r.rated_videos),
];
