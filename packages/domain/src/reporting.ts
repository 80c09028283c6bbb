import { calendarDay } from './calendar-day.js';
import { EARLIEST_DATE } from './constants.js';
import type { Role } from './roles.js';

/** Dashboard tabs (spec 002 §2 "Dashboards"); also the profile's userType query parameter with CSAT. */
export const REPORT_TABS = ['QaTab', 'TeamLeadTab', 'YTHelperTab', 'customerTab'] as const;
export type ReportTab = (typeof REPORT_TABS)[number];
export const REPORT_TAB_LABELS: Record<ReportTab, string> = {
  QaTab: 'QA',
  TeamLeadTab: 'Team Lead',
  YTHelperTab: 'YT Helper',
  customerTab: 'Customer',
};
/** The profile page's tabs picked by ?userType= (spec 002 §2 "User profile"). */
export const PROFILE_REPORT_TYPES = ['QaTab', 'TeamLeadTab', 'CSAT'] as const;

/** Which staff dashboard tabs a role sees: a QA only their own row, a helper lead only helpers. */
export const REPORT_TABS_BY_ROLE: Partial<Record<Role, readonly ReportTab[]>> = {
  admin: ['QaTab', 'TeamLeadTab', 'YTHelperTab', 'customerTab'],
  'team-lead': ['QaTab', 'TeamLeadTab', 'YTHelperTab', 'customerTab'],
  qa: ['QaTab'],
  'yt-helper-lead': ['YTHelperTab'],
};
export const STAFF_DASHBOARD_ROLES = Object.keys(REPORT_TABS_BY_ROLE) as Role[];
/** Whose profile has the Response Rate and CSAT tabs, and the YT Helper Response Rate tab. */
export const RESPONSE_RATE_PROFILE_ROLES: readonly Role[] = ['qa', 'team-lead'];
export const YT_RESPONSE_RATE_PROFILE_ROLES: readonly Role[] = ['yt-helper', 'yt-helper-lead'];

/** Date-range presets and defaults in days (spec 002 §9). */
export const RANGE_PRESET_DAYS = [7, 14, 30, 90] as const;
export const DEFAULT_RANGE_DAYS = {
  staffDashboard: 7,
  customerDashboard: 30,
  export: 30,
  profile: 7,
  /** A team-lead-type viewer opens profiles on the last 29 days. */
  profileLeadViewer: 29,
} as const;

/** Export Cards: how many rows View shows (spec 002 §2 "Export"). */
export const EXPORT_LIMITS = [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000] as const;
/** Comment exports show their dates in Philippine time (spec 002 §9). */
export const COMMENT_EXPORT_TIME_ZONE = 'Asia/Manila';
/** Customer comments count as answered by a later staff note in the same chat; rates cap at 100 %. */
export const RESPONSE_RATE_CAP = 100;

/** The calendar day `days - 1` days before `end` and `end` itself: "last 7 days" ends today. */
export function lastDays(days: number, today: string): { start_date: string; end_date: string } {
  const end = new Date(`${today}T00:00:00Z`);
  const start = new Date(end.getTime() - (days - 1) * 86_400_000);
  const startDay = calendarDay(start, 'UTC');
  return { start_date: startDay < EARLIEST_DATE ? EARLIEST_DATE : startDay, end_date: calendarDay(end, 'UTC') };
}

/** `total / max(1, count)` to 2 decimals: the spec's averages never divide by zero. */
export const averageOf = (total: number, count: number): number => Math.round((total / Math.max(1, count)) * 100) / 100;

/**
 * What each dashboard figure counts (issue 33: 'Completed 0' beside 'Delivered 6' and '0 revisions' beside a
 * 66.7 % first pass read as contradictions; each counts a different set of the chosen dates).
 */
export const DASHBOARD_FIGURE_MEANINGS = {
  requested: 'Videos requested (created) in these dates that you can see.',
  inProgress: 'Of the videos requested in these dates, those in Editing or QA now.',
  completed: 'Of the videos requested in these dates, those delivered: in Review or later.',
  rating: 'Ratings customers gave in these dates, whenever the video was requested.',
  time: 'Average hours from assigning the editor to delivery, over the completed videos above.',
  overdue: 'Of the videos in progress, those past their due date and not paused.',
  firstPass: 'Videos delivered in these dates (whenever requested) that needed no revision at any time.',
  revisions: 'Revisions customers asked for in these dates, whichever videos they were on.',
} as const;

/** The rating admin changes a card's done or repurpose rating, saying why in more than five characters. */
export const RATING_ADMIN_PARTS = ['done', 'repurpose'] as const;
export const RATING_REASON_MIN = 6;
