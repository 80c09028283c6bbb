import { useQuery } from '@tanstack/react-query';
import { API } from '@cutroom/domain/contract';
import { ASSIGNABLE_ROLES, type Role } from '@cutroom/domain';
import { call } from '../call';
import { cardKeys } from './card-keys';

/** Editors, QA and team leads the caller may hand the card to (spec 001 §6: non-deleted users); or, for the helper side, helpers. */
export function useAssignableStaff(enabled: boolean, roles: readonly Role[] = ASSIGNABLE_ROLES) {
  return useQuery({
    queryKey: cardKeys.staff,
    queryFn: ({ signal }) => call(API.users.list, { query: { limit: 100 }, signal }),
    select: (reply) => reply.users.filter((u) => !u.is_deleted && roles.includes(u.client_type)),
    enabled,
    staleTime: 5 * 60_000,
  });
}
