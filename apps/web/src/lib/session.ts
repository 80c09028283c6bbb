import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ME_PATH, SIGNED_IN_HINT_COOKIE } from '@cutroom/domain';
import type { UserView } from '@cutroom/domain/schemas';
import { api, isApiError } from './api-client';
import { call } from './call';
import { loadContract } from './contract';
import { clearLocalKeys, isProfileSkipped } from './storage';

export const ME_KEY = ['me'] as const;

/**
 * The server's readable cookie beside the HttpOnly session one: without it there is no session to ask about.
 * The server renders a first screen only for a session it has checked.
 */
const hasSignedInHint = () =>
  import.meta.env.SSR || document.cookie.split(/;\s*/).some((c) => c.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));

/**
 * The logged-in user, or null when there is no session. A signed-out visit makes no call (a refused call
 * is a console error on every /login); a 401 here is still an answer, not an error. Asked by path, not
 * through the contract, so the login page does not load the contract and zod (issue 17).
 */
export async function fetchMe(): Promise<UserView | null> {
  if (!hasSignedInHint()) return null;
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
  // The server clears it too when it refuses the session; a stream's sign-out sends no response to do so.
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Strict`;
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
