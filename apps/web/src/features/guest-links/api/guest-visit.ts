import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type CallInput } from '@cutroom/domain/contract';
import { call } from '../../../lib/call';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

const COPY_POLL_MS = 4000;

/** The guest's visit: its review, or a 401 when there is none yet (the page then asks for the link's name and password). */
export const guestReviewKey = ['guest-review'] as const;
export const useGuestReview = () =>
  useQuery({
    queryKey: guestReviewKey,
    queryFn: ({ signal }) => call(API.guestLinks.review, { signal, expectUnauthorized: true }),
    retry: false,
    // A watermarked guest's copy is being made (issue 52): ask again until it plays; guests have no live stream.
    refetchInterval: (query) =>
      query.state.data?.versions.some((v) => v.videos.some((x) => x.watermark === 'preparing')) ? COPY_POLL_MS : false,
  });

/** Which link this tab's visit came from: another link's page asks to be opened, not shows the old card. */
export const GUEST_LINK_KEY = 'cutroom_guest_link';

export function useOpenGuestLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: CallInput<typeof API.guestLinks.open>['body']) => {
      const reply = await call(API.guestLinks.open, { body, expectUnauthorized: true });
      // Before the review is asked again, so the page knows the visit is this link's.
      sessionStorage.setItem(GUEST_LINK_KEY, body.token);
      return reply;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: guestReviewKey }),
  });
}

export function useGuestComment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CallInput<typeof API.guestLinks.comment>['body']) =>
      call(API.guestLinks.comment, { body, expectUnauthorized: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: guestReviewKey }),
  });
}

export function useLeaveGuestVisit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(API.guestLinks.leave, { expectUnauthorized: true }),
    onSuccess: () => qc.resetQueries({ queryKey: guestReviewKey }),
  });
}

/** An approver guest's decision on the latest version; the review reloads with the round. */
export function useGuestDecision() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CallInput<typeof API.guestLinks.decision>['body']) =>
      call(API.guestLinks.decision, { body, expectUnauthorized: true }),
    onSuccess: (reply) => {
      notify.success(reply.message);
      return qc.invalidateQueries({ queryKey: guestReviewKey });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
}

/** What the guest played of a version, for the approval round's coverage. */
export const sendGuestWatched = (video_version: number, ranges: [number, number][]) =>
  call(API.guestLinks.watched, { body: { video_version, ranges }, expectUnauthorized: true });

/** What the guest has played of a version so far, asked before they approve it. */
export const guestWatchedSoFar = (video_version: number) =>
  call(API.guestLinks.myWatched, { query: { video_version }, expectUnauthorized: true });

/** A short-lived link to what the guest's link lets them download of a version. */
export const guestDownloadLink = (video_version: number) =>
  call(API.guestLinks.download, { query: { video_version }, expectUnauthorized: true });
