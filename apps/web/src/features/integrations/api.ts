import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type CallInput } from '@cutroom/domain/contract';
import { errorMessage, isApiError } from '../../lib/api-client';
import { call } from '../../lib/call';
import { notify } from '../../lib/notify';

export type NewApiToken = CallInput<typeof API.integrations.createApiToken>['body'];
export type NewWebhook = CallInput<typeof API.integrations.createWebhook>['body'];
export type WebhookChanges = CallInput<typeof API.integrations.updateWebhook>['body'];

export const API_TOKENS_KEY = ['integrations', 'apiTokens'] as const;
export const WEBHOOKS_KEY = ['integrations', 'webhooks'] as const;
const deliveriesKey = (id: number) => ['integrations', 'webhooks', id, 'deliveries'] as const;

/** A refusal about one field is shown on that field by the form; anything else is a toast. */
const toastUnlessField = (error: unknown) => {
  if (!(isApiError(error) && error.field)) notify.error(errorMessage(error));
};

export const useApiTokens = () =>
  useQuery({ queryKey: API_TOKENS_KEY, queryFn: ({ signal }) => call(API.integrations.apiTokens, { signal }) });

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewApiToken) => call(API.integrations.createApiToken, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_TOKENS_KEY }),
    onError: toastUnlessField,
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(API.integrations.revokeApiToken, { params: { id } }),
    onSuccess: async (reply) => {
      notify.success(reply.message);
      await queryClient.invalidateQueries({ queryKey: API_TOKENS_KEY });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
}

export const useWebhooks = () =>
  useQuery({ queryKey: WEBHOOKS_KEY, queryFn: ({ signal }) => call(API.integrations.webhooks, { signal }) });

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewWebhook) => call(API.integrations.createWebhook, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
    onError: toastUnlessField,
  });
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: WebhookChanges & { id: number }) =>
      call(API.integrations.updateWebhook, { params: { id }, body }),
    onSuccess: async (reply) => {
      notify.success(reply.message);
      await queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
    },
    onError: toastUnlessField,
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(API.integrations.deleteWebhook, { params: { id } }),
    onSuccess: async (reply) => {
      notify.success(reply.message);
      await queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
}

/** The log refreshes while anything in it is still pending, so a retry's outcome shows up by itself. */
export const useDeliveries = (webhookId: number) =>
  useQuery({
    queryKey: deliveriesKey(webhookId),
    queryFn: ({ signal }) => call(API.integrations.deliveries, { params: { id: webhookId }, signal }),
    refetchInterval: (query) => (query.state.data?.deliveries.some((d) => d.state === 'pending') ? 3_000 : false),
  });

export function useReplayDelivery(webhookId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(API.integrations.replay, { params: { id } }),
    onSuccess: async (reply) => {
      notify.success(reply.message);
      await queryClient.invalidateQueries({ queryKey: deliveriesKey(webhookId) });
      await queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
}

/** A new signing secret, shown once by the dialog that asked for it. */
export function useRotateWebhookSecret() {
  return useMutation({
    mutationFn: (id: number) => call(API.integrations.rotateWebhookSecret, { params: { id } }),
    onError: (error) => notify.error(errorMessage(error)),
  });
}
