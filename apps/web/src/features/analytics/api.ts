import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@cutroom/domain/contract';
import { DEFAULT_ANALYTICS_PERIOD, type AnalyticsPeriod } from '@cutroom/domain';
import { call } from '../../lib/call';

/** Whose analytics: a customer's id, or undefined for the signed-in customer's own. */
export type AnalyticsOwner = number | undefined;

const ROOT = ['ytAnalytics'] as const;
export const analyticsKeys = {
  status: (clientId: AnalyticsOwner) => [...ROOT, 'status', clientId ?? 'own'] as const,
  figures: (clientId: AnalyticsOwner, period: AnalyticsPeriod) =>
    [...ROOT, 'figures', clientId ?? 'own', period] as const,
};

const clientQuery = (clientId: AnalyticsOwner) => (clientId === undefined ? {} : { clientId });

/** Configured on the server, connected, and whether this viewer is the one who connects. */
export function useAnalyticsStatus(clientId: AnalyticsOwner) {
  return useQuery({
    queryKey: analyticsKeys.status(clientId),
    queryFn: ({ signal }) => call(API.analytics.status, { query: clientQuery(clientId), signal }),
  });
}

export function useAnalyticsFigures(clientId: AnalyticsOwner, period: AnalyticsPeriod, enabled: boolean) {
  return useQuery({
    queryKey: analyticsKeys.figures(clientId, period),
    queryFn: ({ signal }) =>
      call(API.analytics.analytics, { params: { period }, query: clientQuery(clientId), signal }),
    enabled,
    // A failure at Google is shown with a retry button; repeating it at once would only wait longer.
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** Asks the server for Google's sign-in URL (state and PKCE are made there) and goes to it. */
export function useStartGoogleSignIn() {
  return useMutation({
    mutationFn: () => call(API.analytics.authUrl),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** Finishes the sign-in with what Google sent back; the reply is the first period's figures. */
export function useConnectGoogle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { code: string; state: string }) => call(API.analytics.accessToken, { body }),
    onSuccess: async (figures) => {
      queryClient.setQueryData(analyticsKeys.figures(undefined, DEFAULT_ANALYTICS_PERIOD), figures);
      await queryClient.invalidateQueries({ queryKey: analyticsKeys.status(undefined) });
    },
  });
}

export function useDisconnectGoogle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(API.analytics.deleteTokens),
    onSuccess: () => queryClient.resetQueries({ queryKey: ROOT }),
  });
}

/** The figures were refused because the tokens are gone: the status is stale too. */
export function useForgetAnalytics() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: [...ROOT, 'status'] }), [queryClient]);
}
