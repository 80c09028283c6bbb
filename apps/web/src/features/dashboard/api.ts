import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API } from '@cutroom/domain/contract';
import type { ReportTab } from '@cutroom/domain';
import { call } from '../../lib/call';
import type { ReportRange } from '../../lib/report-range';

const DASHBOARD_KEY = ['dashboard'] as const;

/** The circular graphs and one tab's rows. */
export const useDashboard = (range: ReportRange, tab: ReportTab) =>
  useQuery({
    queryKey: [...DASHBOARD_KEY, 'staff', range, tab],
    queryFn: ({ signal }) => call(API.dashboard.staff, { query: { ...range, tab }, signal }),
    // The figures on screen stay while the next range loads, instead of flashing to skeletons.
    placeholderData: keepPreviousData,
  });

/** Comment stats (response rate, time to answer) of one staff tab. */
export const useArtDashboard = (range: ReportRange, tab: ReportTab, enabled: boolean) =>
  useQuery({
    queryKey: [...DASHBOARD_KEY, 'art', range, tab],
    queryFn: ({ signal }) => call(API.dashboard.art, { query: { ...range, tab }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** A customer's own cards created in the range, 10 a page. */
export const useClientDashboard = (range: ReportRange, page: number) =>
  useQuery({
    queryKey: [...DASHBOARD_KEY, 'client', range, page],
    queryFn: ({ signal }) => call(API.dashboard.client, { query: { ...range, page }, signal }),
    placeholderData: keepPreviousData,
  });

/** First-pass approval per editor, QA and customer, and the top revision reasons (issue 20). */
export const useFirstPass = (range: ReportRange, enabled: boolean) =>
  useQuery({
    queryKey: [...DASHBOARD_KEY, 'first-pass', range],
    queryFn: ({ signal }) => call(API.revisionReasons.firstPass, { query: range, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
