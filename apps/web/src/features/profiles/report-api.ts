import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API, type CallInput } from '@cutroom/domain/contract';
import { call } from '../../lib/call';
import type { ReportRange } from '../../lib/report-range';

type ProfileReportQuery = NonNullable<CallInput<typeof API.dashboard.responseRate>['query']>;
export type ProfileType = NonNullable<ProfileReportQuery['profileType']>;

/** Whose chat a response rate reads: the customer chat, or the helper chat for helpers. */
export type CommentSide = 'comments' | 'yt_helper_comments';

const REPORT_KEY = ['profiles', 'report'] as const;

interface ReportArgs {
  userId: number;
  range: ReportRange;
  page: number;
  profileType?: ProfileType;
}

export const useResponseRate = ({ userId, range, page, profileType }: ReportArgs, side: CommentSide) =>
  useQuery({
    queryKey: [...REPORT_KEY, side, userId, range, page, profileType],
    queryFn: ({ signal }) =>
      call(side === 'comments' ? API.dashboard.responseRate : API.dashboard.ytResponseRate, {
        params: { userId },
        query: { ...range, page, type: side, ...(profileType ? { profileType } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useCsat = ({ userId, range, page }: ReportArgs) =>
  useQuery({
    queryKey: [...REPORT_KEY, 'csat', userId, range, page],
    queryFn: ({ signal }) =>
      call(API.dashboard.csat, { params: { userId }, query: { ...range, page, profileType: 'CSAT' }, signal }),
    placeholderData: keepPreviousData,
  });

/** The customer comments of the listed cards with the staff note that answered each. */
export function fetchComments(
  cardIds: readonly number[],
  range: ReportRange,
  side: CommentSide,
  profileType?: ProfileType,
) {
  const [first] = cardIds;
  if (first === undefined) return Promise.resolve({ data: [] });
  return call(side === 'comments' ? API.dashboard.exportComments : API.dashboard.ytExportComments, {
    params: { card_id: first },
    query: { ...range, type: side, cardIds: cardIds.join(','), ...(profileType ? { profileType } : {}) },
  });
}
