import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type Access, type CallInput, type ReplyOf } from '@cutroom/domain/contract';
import { MSG, type Role } from '@cutroom/domain';
import { errorMessage, failureMessage, isApiError } from '../../lib/api-client';
import { call } from '../../lib/call';
import { notify } from '../../lib/notify';
import { STAFF_KEY } from '../../lib/staff';

export type UsersQuery = NonNullable<CallInput<typeof API.users.list>['query']>;
export type CustomersQuery = NonNullable<CallInput<typeof API.users.customers>['query']>;
export type CustomerFilters = NonNullable<CallInput<typeof API.users.exportCustomers>['query']>;
export type CustomerList = ReplyOf<typeof API.users.customers>;
export type Customer = CustomerList['customers'][number];
export type NewUser = CallInput<typeof API.users.create>['body'];

/** Whether the contract lets this role call a route: the buttons follow the server's access, not a list of our own. */
export const mayCall = (route: { access: Access }, role: Role): boolean =>
  route.access === 'public' || route.access === 'user' || route.access.includes(role);

/** Every list of this feature sits under one key, so a change reloads them all. */
export const PEOPLE_KEY = ['people'] as const;

export const useUsers = (query: UsersQuery) =>
  useQuery({
    queryKey: [...PEOPLE_KEY, 'users', query],
    queryFn: ({ signal }) => call(API.users.list, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const useCustomers = (query: CustomersQuery) =>
  useQuery({
    queryKey: [...PEOPLE_KEY, 'customers', query],
    queryFn: ({ signal }) => call(API.users.customers, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** The export's address with the current filters; the session cookie goes along with a plain link. */
export function exportCustomersHref(filters: CustomerFilters): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) search.set(key, String(value));
  const text = search.toString();
  return API.users.exportCustomers.path + (text ? `?${text}` : '');
}

/** The server's own refusal when it gave one, else the spec's text for this action. */
const toastFailure = (fallback: string) => (error: unknown) => notify.error(failureMessage(error, fallback));

function useInvalidatePeople() {
  const queryClient = useQueryClient();
  // The pickers' staff list changes with the people, so a new lead or QA shows up there too.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: PEOPLE_KEY }),
      queryClient.invalidateQueries({ queryKey: STAFF_KEY }),
    ]);
}

/** Creates a user; a refusal about one field is left to the form, anything else is a toast. */
export function useCreateUser() {
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: (body: NewUser) => call(API.users.create, { body }),
    onSuccess: async (reply) => {
      notify.success(reply.message);
      await invalidate();
    },
    onError: (error) => {
      if (!(isApiError(error) && error.field)) notify.error(errorMessage(error));
    },
  });
}

export function useDeleteUser(fallback: string) {
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: (id: number) => call(API.users.remove, { params: { id } }),
    onSuccess: async (reply) => {
      notify.success(reply.message);
      await invalidate();
    },
    onError: toastFailure(fallback),
  });
}

export function useToggleSubscription() {
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      call(API.users.toggleSubscription, { params: { id }, body: { client_id: id, is_active_subscription: active } }),
    onSuccess: async (reply) => {
      notify.success(reply.message);
      await invalidate();
    },
    onError: toastFailure(MSG.somethingWentWrong),
  });
}

export function useRenewSubscription() {
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: (id: number) => call(API.users.renewSubscription, { params: { id } }),
    onSuccess: async (reply) => {
      notify.success(reply.message);
      await invalidate();
    },
    onError: toastFailure(MSG.renewSubscriptionFailed),
  });
}
