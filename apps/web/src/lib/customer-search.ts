import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Role } from '@cutroom/domain';
import { API } from '@cutroom/domain/contract';
import { call } from './call';

/** Staff's customer search ('Request for', the archive and board filters): shared, so it lives outside features. */
export function useCustomerSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['customers', 'search', search] as const,
    queryFn: ({ signal }) => call(API.users.customers, { query: { limit: 20, ...(search ? { search } : {}) }, signal }),
    select: (reply) => reply.customers,
    enabled,
    // Keeps the last list on screen while the next search is in flight.
    placeholderData: keepPreviousData,
  });
}

/** Who may list customers (the route's access): nobody else is shown a customer picker that would get 403. */
export const mayListCustomers = (role: Role): boolean => API.users.customers.access.includes(role);
