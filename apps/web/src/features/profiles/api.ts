import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type CallInput } from '@cutroom/domain/contract';
import { MSG, TABLE_PAGE_SIZE } from '@cutroom/domain';
import { errorMessage, isApiError } from '../../lib/api-client';
import { call } from '../../lib/call';
import { notify } from '../../lib/notify';
import { STAFF_KEY } from '../../lib/staff';

export type UserChanges = CallInput<typeof API.users.update>['body'];
export type NewLeave = CallInput<typeof API.leave.add>['body'];

/** One person as the profile pages hold them. */
export const userKey = (id: number) => ['profiles', 'user', id] as const;
const ratingKey = (id: number) => ['profiles', 'average-rating', id] as const;
const leaveKey = (id: number) => ['profiles', 'leave', id] as const;

/** A refusal about one field is shown on that field by the form; anything else is a toast. */
const toastUnlessField = (error: unknown) => {
  if (!(isApiError(error) && error.field)) notify.error(errorMessage(error));
};

export const useUser = (id: number, enabled = true) =>
  useQuery({
    queryKey: userKey(id),
    queryFn: ({ signal }) => call(API.users.get, { params: { id }, signal }),
    enabled,
  });

export const useAverageRating = (id: number) =>
  useQuery({
    queryKey: ratingKey(id),
    queryFn: ({ signal }) => call(API.users.averageRating, { params: { id }, signal }),
  });

export const useLeaveHistory = (id: number, enabled = true) =>
  useQuery({
    queryKey: leaveKey(id),
    queryFn: ({ signal }) => call(API.leave.history, { params: { id }, signal }),
    enabled,
  });

/** The customers a staff member works with, a page of 10 (the assignee table). */
export const useAssignedCustomers = (id: number, page: number) =>
  useQuery({
    queryKey: ['profiles', 'assigned-customers', id, page],
    queryFn: ({ signal }) =>
      call(API.users.assignedCustomers, {
        params: { id },
        query: { offset: (page - 1) * TABLE_PAGE_SIZE, limit: TABLE_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** PUT /api/user/:id with the changed fields only; the reply's user replaces the cached one. */
export function useUpdateUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserChanges) => call(API.users.update, { params: { id }, body }),
    onSuccess: (reply) => {
      notify.success(reply.message);
      queryClient.setQueryData(userKey(id), reply.user);
      // A new name or role changes what the pickers offer.
      void queryClient.invalidateQueries({ queryKey: STAFF_KEY });
    },
    onError: toastUnlessField,
  });
}

export function useAddLeave(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewLeave) => call(API.leave.add, { params: { id }, body }),
    onSuccess: async (reply) => {
      notify.success(reply.message);
      await queryClient.invalidateQueries({ queryKey: leaveKey(id) });
    },
    // Spec 002 §8: the server's error, or 'An unknown error occurred'.
    onError: (error) => {
      if (!isApiError(error)) notify.error(MSG.leaveUnknownError);
      else if (!error.field) notify.error(error.message);
    },
  });
}

export function useDeleteLeave(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (leaveId: number) => call(API.leave.remove, { params: { leaveId }, query: { client_id: id } }),
    onSuccess: async (reply) => {
      notify.success(reply.message);
      await queryClient.invalidateQueries({ queryKey: leaveKey(id) });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
}
