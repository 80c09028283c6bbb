import { calendarDay } from './calendar-day.js';
import { averageOf } from './reporting.js';

/** The analytics tab's periods (spec 002 §2): the last n days or months; 9months is "All" and has no comparison. */
export const ANALYTICS_PERIODS = [
  { value: '7days', label: '7 days', days: 7 },
  { value: '30days', label: '30 days', days: 30 },
  { value: '6months', label: '6 months', months: 6 },
  { value: '9months', label: '9 months (All)', months: 9 },
] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number]['value'];
export const ANALYTICS_PERIOD_VALUES = ANALYTICS_PERIODS.map((p) => p.value) as [AnalyticsPeriod, ...AnalyticsPeriod[]];
/** The period the tab opens with, and the one the sign-in call answers with. */
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = '7days';
/** The period whose comparison arrows are not shown (spec 002 §2). */
export const UNCOMPARED_PERIOD: AnalyticsPeriod = '9months';

/** Read-only access to channel analytics: the one scope the sign-in asks for. */
export const YT_ANALYTICS_SCOPE = 'https://www.googleapis.com/auth/yt-analytics.readonly';
/** What the server needs for the tab; the not-configured message names them. */
export const GOOGLE_ENV_VARIABLES = ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'TOKEN_ENCRYPTION_KEY'] as const;

export interface DayRange {
  startDate: string;
  endDate: string;
}

const parseDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};
const addDays = (day: string, n: number) => {
  const date = parseDay(day);
  date.setUTCDate(date.getUTCDate() + n);
  return calendarDay(date, 'UTC');
};
/** The same day n months earlier, clamped to the month's last day (Aug 31 − 6 months = Feb 28/29). */
const monthsBefore = (day: string, n: number) => {
  const date = parseDay(day);
  const firstOfTarget = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - n, 1));
  const lastDay = new Date(Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0)).getUTCDate();
  firstOfTarget.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return calendarDay(firstOfTarget, 'UTC');
};

/** The first day of the period of `length` that ends on `endDate` (both days included). */
function startOf(period: AnalyticsPeriod, endDate: string): string {
  const p = ANALYTICS_PERIODS.find((x) => x.value === period)!;
  return 'days' in p ? addDays(endDate, 1 - p.days) : addDays(monthsBefore(endDate, p.months), 1);
}

/**
 * The days a period covers, ending today (the caller's day), and the equal period just before it
 * for the comparison; 9months has none.
 */
export function analyticsRanges(
  period: AnalyticsPeriod,
  today: string,
): { current: DayRange; previous: DayRange | null } {
  const current = { startDate: startOf(period, today), endDate: today };
  if (period === UNCOMPARED_PERIOD) return { current, previous: null };
  const previousEnd = addDays(current.startDate, -1);
  return { current, previous: { startDate: startOf(period, previousEnd), endDate: previousEnd } };
}

/** The figures of one period (spec 002 §3); the averages are per-day values summed and divided by their counts (§9). */
export interface AnalyticsFigures {
  views: number;
  subscribersGained: number;
  subscribersLost: number;
  estimatedMinutesWatched: number;
  /** Seconds: the daily averages' sum divided by averageViewDurationCount. */
  averageViewDuration: number;
  averageViewDurationCount: number;
  /** Percent: the daily averages' sum divided by averageViewPercentageCount. */
  averageViewPercentage: number;
  averageViewPercentageCount: number;
}

/** The metrics asked of the YouTube Analytics reports endpoint, in this order. */
export const YT_REPORT_METRICS = [
  'views',
  'subscribersGained',
  'subscribersLost',
  'estimatedMinutesWatched',
  'averageViewDuration',
  'averageViewPercentage',
] as const;
export type YtReportMetric = (typeof YT_REPORT_METRICS)[number];
export type DayMetrics = Record<YtReportMetric, number>;

/**
 * Sums a period's daily rows. A day without views has no average view duration or percentage, so
 * only days with views count towards the averages.
 */
export function summarizeDays(days: readonly DayMetrics[]): AnalyticsFigures {
  const sum = (metric: YtReportMetric, rows: readonly DayMetrics[] = days) =>
    rows.reduce((total, day) => total + day[metric], 0);
  const watched = days.filter((day) => day.views > 0);
  return {
    views: sum('views'),
    subscribersGained: sum('subscribersGained'),
    subscribersLost: sum('subscribersLost'),
    estimatedMinutesWatched: sum('estimatedMinutesWatched'),
    averageViewDuration: averageOf(sum('averageViewDuration', watched), watched.length),
    averageViewDurationCount: watched.length,
    averageViewPercentage: averageOf(sum('averageViewPercentage', watched), watched.length),
    averageViewPercentageCount: watched.length,
  };
}

/** The cards the tab shows, in order; subscribers lost going up is bad news. */
export const ANALYTICS_FIGURES = [
  { key: 'views', label: 'Views', unit: 'count', higherIsBetter: true },
  { key: 'subscribersGained', label: 'Subscribers gained', unit: 'count', higherIsBetter: true },
  { key: 'subscribersLost', label: 'Subscribers lost', unit: 'count', higherIsBetter: false },
  { key: 'estimatedMinutesWatched', label: 'Watch time', unit: 'minutes', higherIsBetter: true },
  { key: 'averageViewDuration', label: 'Average view duration', unit: 'seconds', higherIsBetter: true },
  { key: 'averageViewPercentage', label: 'Average view percentage', unit: 'percent', higherIsBetter: true },
] as const satisfies readonly {
  key: keyof AnalyticsFigures;
  label: string;
  unit: string;
  higherIsBetter: boolean;
}[];

export interface Comparison {
  direction: 'up' | 'down' | 'none';
  /** The change in percent of the previous value, to 1 decimal; null when there was nothing before. */
  percent: number | null;
  /** Whether the change is good news (subscribers lost going down is). */
  good: boolean | null;
}

/** The arrow beside a figure: up, down or none against the previous period; none at all for 9months. */
export function compareFigure(
  current: number,
  previous: number | null | undefined,
  higherIsBetter = true,
): Comparison | null {
  if (previous === null || previous === undefined) return null;
  const direction = current > previous ? 'up' : current < previous ? 'down' : 'none';
  const percent = previous === 0 ? null : Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
  const good = direction === 'none' ? null : (direction === 'up') === higherIsBetter;
  return { direction, percent, good };
}
