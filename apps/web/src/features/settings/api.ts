import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { API, type CallInput } from '@cutroom/domain/contract';
import { REVISION_REASON_MSG } from '@cutroom/domain';
import { errorMessage, failureMessage, isApiError } from '../../lib/api-client';
import { call } from '../../lib/call';
import { notify } from '../../lib/notify';

export type NewHoliday = CallInput<typeof API.settings.saveHoliday>['body'];
export type HolidayChanges = CallInput<typeof API.settings.updateHoliday>['body'];
export type NewAnnouncement = CallInput<typeof API.settings.createAnnouncement>['body'];
export type AnnouncementChanges = CallInput<typeof API.settings.updateAnnouncement>['body'];

export const HOLIDAYS_KEY = ['settings', 'holidays'] as const;
export const ANNOUNCEMENTS_KEY = ['settings', 'announcements'] as const;
export const ACTIVE_ANNOUNCEMENT_KEY = ['announcement', 'active'] as const;

/** A refusal about one field is shown on that field by the form; anything else is a toast. */
const toastUnlessField = (error: unknown) => {
  if (!(isApiError(error) && error.field)) notify.error(errorMessage(error));
};

export const useHolidays = () =>
  useQuery({ queryKey: HOLIDAYS_KEY, queryFn: ({ signal }) => call(API.settings.holidays, { signal }) });

export const useAnnouncements = () =>
  useQuery({ queryKey: ANNOUNCEMENTS_KEY, queryFn: ({ signal }) => call(API.settings.announcements, { signal }) });

/** The home page banner; any signed-in user may ask. A failure only means no banner. */
const activeAnnouncementQuery = queryOptions({
  queryKey: ACTIVE_ANNOUNCEMENT_KEY,
  queryFn: ({ signal }) => call(API.settings.activeAnnouncement, { signal }),
  staleTime: 5 * 60_000,
  // A failed banner is no banner: asking again on every mount would hold the home page each time.
  retryOnMount: false,
});
export const useActiveAnnouncement = () => useQuery(activeAnnouncementQuery);
/** Asked by the home route's loader beside the board's first calls, so the banner comes with the board. */
export const prefetchActiveAnnouncement = (queryClient: QueryClient) =>
  void queryClient.prefetchQuery(activeAnnouncementQuery);

export function useSaveHoliday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewHoliday) => call(API.settings.saveHoliday, { body }),
    onSuccess: async (reply) => {
      notify.success(reply.message);
      await queryClient.invalidateQueries({ queryKey: HOLIDAYS_KEY });
    },
    onError: toastUnlessField,
  });
}

/** `failure` is the spec's text for an action without a form (delete, status switch); the form shows field refusals itself. */
export function useUpdateHoliday(failure?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HolidayChanges) => call(API.settings.updateHoliday, { body }),
    onSuccess: async (reply) => {
      notify.success(reply.message);
      await queryClient.invalidateQueries({ queryKey: HOLIDAYS_KEY });
    },
    onError: failure ? (error) => notify.error(failureMessage(error, failure)) : toastUnlessField,
  });
}

/** Every announcement change may change today's banner too. */
function useInvalidateAnnouncements() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ANNOUNCEMENTS_KEY }),
      queryClient.invalidateQueries({ queryKey: ACTIVE_ANNOUNCEMENT_KEY }),
    ]);
}

export function useCreateAnnouncement() {
  const invalidate = useInvalidateAnnouncements();
  return useMutation({
    mutationFn: (body: NewAnnouncement) => call(API.settings.createAnnouncement, { body }),
    onSuccess: async (reply) => {
      notify.success(reply.message);
      await invalidate();
    },
    onError: toastUnlessField,
  });
}

export function useUpdateAnnouncement() {
  const invalidate = useInvalidateAnnouncements();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AnnouncementChanges }) =>
      call(API.settings.updateAnnouncement, { params: { id }, body }),
    onSuccess: async (reply) => {
      notify.success(reply.message);
      await invalidate();
    },
    onError: toastUnlessField,
  });
}

export function useDeleteAnnouncement() {
  const invalidate = useInvalidateAnnouncements();
  return useMutation({
    mutationFn: (id: number) => call(API.settings.deleteAnnouncement, { params: { id } }),
    onSuccess: async (reply) => {
      notify.success(reply.message);
      await invalidate();
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
}

// ---------------------------------------------------------------- revision reasons (issue 20)

export const REVISION_REASONS_KEY = ['settings', 'revision-reasons'] as const;
/** The dialog's list (components/revision-dialog.tsx) follows the admin's changes. */
const ACTIVE_REASONS_KEY = ['revision-reasons'] as const;

export const useAllRevisionReasons = () =>
  useQuery({
    queryKey: REVISION_REASONS_KEY,
    queryFn: ({ signal }) => call(API.revisionReasons.adminList, { signal }),
  });

function useReasonMutation<V>(send: (vars: V) => Promise<{ message?: string }>, { toast = true } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (reply) => {
      if (toast && reply.message) notify.success(reply.message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: REVISION_REASONS_KEY }),
        queryClient.invalidateQueries({ queryKey: ACTIVE_REASONS_KEY }),
      ]);
    },
    onError: toastUnlessField,
  });
}

export const useAddRevisionReason = () =>
  useReasonMutation((label: string) => call(API.revisionReasons.create, { body: { label } }));

export const useUpdateRevisionReason = () =>
  useReasonMutation((v: { key: string; label?: string; active?: boolean }) =>
    call(API.revisionReasons.update, { params: { key: v.key }, body: { label: v.label, active: v.active } }),
  );

export const useReorderRevisionReasons = () =>
  useReasonMutation(async (keys: string[]) => ({
    ...(await call(API.revisionReasons.reorder, { body: { keys } })),
    message: REVISION_REASON_MSG.revisionReasonsReordered,
  }));
