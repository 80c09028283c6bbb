import {
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { API, type CallInput } from '@cutroom/domain/contract';
import {
  NOTIFICATION_POLL_MS,
  NOTIFICATIONS_PAGE_MAX,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationGroup,
} from '@cutroom/domain';
import type { NotificationView } from '@cutroom/domain/schemas';
import { errorMessage } from '../../lib/api-client';
import { call } from '../../lib/call';
import { useLiveEvents, useStreamState } from '../../lib/live-events';
import { notify } from '../../lib/notify';

export type NotificationFilters = Omit<
  NonNullable<CallInput<typeof API.notifications.list>['query']>,
  'page' | 'limit' | 'group'
>;

export const notificationKeys = {
  all: ['notifications'] as const,
  count: ['notifications', 'count'] as const,
  latest: ['notifications', 'latest'] as const,
  list: (group: NotificationGroup, filters: NotificationFilters) => ['notifications', 'list', group, filters] as const,
  types: ['notifications', 'types'] as const,
};

const LIVE = ['notification.created', 'notifications.read', 'resync'] as const;

/** Sets the bell's count from a reply or an event, and refetches the lists that may have changed. */
function applyCount(qc: QueryClient, unseen: number) {
  qc.setQueryData(notificationKeys.count, { notificationsCount: unseen });
  void qc.invalidateQueries({ queryKey: notificationKeys.all, predicate: (q) => q.queryKey[1] !== 'count' });
}

/**
 * The unseen count for the bell: new notifications and reads arrive on the event stream; the
 * 30-second poll of getCount runs only while the stream is down (spec 002 §9 keeps it as the fallback).
 */
/** The bell's count; the app frame's loader asks it with the page's first calls (app/layout/frame-prefetch.ts). */
export const unseenCountQuery = queryOptions({
  queryKey: notificationKeys.count,
  queryFn: ({ signal }) => call(API.notifications.count, { signal }),
});

export function useUnseenCount() {
  const qc = useQueryClient();
  useLiveEvents(
    LIVE,
    (message) => {
      if (message.type === 'resync') void qc.invalidateQueries({ queryKey: notificationKeys.all });
      else applyCount(qc, message.data.unseen);
    },
    { keepOwn: () => true, onReconnect: () => void qc.invalidateQueries({ queryKey: notificationKeys.all }) },
  );
  const stream = useStreamState();
  const query = useQuery({
    ...unseenCountQuery,
    refetchInterval: stream === 'down' ? NOTIFICATION_POLL_MS : false,
  });
  // `loaded` tells a real 0 from one still loading (the bell carries its count only once loaded).
  return { count: query.data?.notificationsCount ?? 0, loaded: query.data !== undefined, stream };
}

/** The bell's dropdown: the latest few, loaded when it opens. */
export const useLatestNotifications = (enabled: boolean) =>
  useQuery({
    queryKey: notificationKeys.latest,
    queryFn: ({ signal }) => call(API.notifications.latest, { signal }),
    enabled,
  });

/** One tab of the page: pages of 50, Show More loads the next while the total says there are more. */
export const useNotificationList = (group: NotificationGroup, filters: NotificationFilters) =>
  useInfiniteQuery({
    queryKey: notificationKeys.list(group, filters),
    queryFn: ({ pageParam, signal }) =>
      call(API.notifications.list, {
        query: { ...filters, group, page: pageParam, limit: NOTIFICATIONS_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 1,
    // Past the counting cap the total is a floor: go on while pages come back full.
    getNextPageParam: (last, pages) =>
      pages.length < NOTIFICATIONS_PAGE_MAX &&
      (pages.length * NOTIFICATIONS_PAGE_SIZE < last.allNotificationsCount ||
        (last.countsCapped && last.allNotifications.length === NOTIFICATIONS_PAGE_SIZE))
        ? pages.length + 1
        : undefined,
  });

export const useNotificationTypes = () =>
  useQuery({
    queryKey: notificationKeys.types,
    queryFn: ({ signal }) => call(API.notifications.types, { signal }),
    staleTime: Infinity,
  });

/** Marks these as read (or all, without ids); `quiet` skips the toast (opening one from the list). */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ ids }: { ids?: number[]; quiet?: boolean }) =>
      call(API.notifications.markRead, { body: ids ? { resultIds: ids } : {} }),
    onSuccess: (reply, { quiet }) => {
      if (!quiet) notify.success(reply.message);
      applyCount(qc, reply.notificationsCount);
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
}

export function useDeleteOld() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(API.notifications.deleteOld),
    onSuccess: (reply) => {
      notify.success(reply.message);
      applyCount(qc, reply.notificationsCount);
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
}

/** Where a notification leads: its card, from card_id or its action link (/card-details/{id}). */
export function cardIdOf(n: Pick<NotificationView, 'card_id' | 'action_link'>): number | null {
  if (n.card_id) return n.card_id;
  const match = /\/card-details\/(\d+)/.exec(n.action_link ?? '');
  return match ? Number(match[1]) : null;
}
