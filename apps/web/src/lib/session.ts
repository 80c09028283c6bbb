import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ME_PATH, type UserView } from '@cutroom/domain';
import { api, isApiError } from './api-client';
import { call } from './call';
import { loadContract } from './contract';
import { clearLocalKeys, isProfileSkipped } from './storage';

export const ME_KEY = ['me'] as const;

/**
 * The logged-in user, or null when there is no session (a 401 here is an answer, not an error). Asked by
 * path, not through the contract, so the login page does not load the contract and zod (issue 17).
 */
export async function fetchMe(): Promise<UserView | null> {
  try {
    return await api<UserView>(ME_PATH, { expectUnauthorized: true });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const meQuery = queryOptions({ queryKey: ME_KEY, queryFn: fetchMe, staleTime: 60_000 });

export const useSession = () => useQuery(meQuery);

/** The user of an authenticated page; the route guard has already made sure there is one. */
export function useCurrentUser(): UserView {
  const { data } = useSession();
  if (!data) throw new Error('useCurrentUser outside an authenticated route');
  return data;
}

/** Forgets everything about the user in this tab; the guards then send the browser to /login. */
export function signOutLocally(queryClient: QueryClient): void {
  clearLocalKeys();
  queryClient.setQueryData(ME_KEY, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_KEY[0] });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => call((await loadContract()).API.auth.logout, { expectUnauthorized: true }),
    // The cookie may already be gone or the network down; the tab logs out either way.
    onSettled: () => signOutLocally(queryClient),
  });
}

/** Spec 000 §2: these users finish their profile first, unless they chose 'Skip'. */
export const needsProfile = (user: UserView): boolean =>
  user.is_temporary_password || !user.is_profile_completed || !user.is_yt_fields_filled;

/** 'Skip' is offered only to YouTube-helper customers whose registration is done (spec 002 §2). */
export const maySkipProfile = (user: UserView): boolean =>
  user.client_type === 'customer' &&
  user.has_youtube_helper &&
  user.is_profile_completed &&
  !user.is_temporary_password &&
  !user.is_yt_fields_filled;

export const mustVisitProfile = (user: UserView): boolean =>
  needsProfile(user) && !(maySkipProfile(user) && isProfileSkipped());
