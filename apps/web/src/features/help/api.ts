import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type CallInput } from '@cutroom/domain/contract';
import { errorMessage, isApiError } from '../../lib/api-client';
import { call } from '../../lib/call';
import { notify } from '../../lib/notify';

export type HelpChanges = CallInput<typeof API.help.updateHelp>['body'];

const HELP_KEY = ['help', 'page'] as const;
const HANDBOOK_KEY = ['help', 'handbook'] as const;

/** A refusal about one field is shown on that field by the form; anything else is a toast. */
const toastUnlessField = (error: unknown) => {
  if (!(isApiError(error) && error.field)) notify.error(errorMessage(error));
};

export const useHelp = () => useQuery({ queryKey: HELP_KEY, queryFn: ({ signal }) => call(API.help.help, { signal }) });

export const useHandbook = () =>
  useQuery({ queryKey: HANDBOOK_KEY, queryFn: ({ signal }) => call(API.help.handbook, { signal }) });

export function useUpdateHelp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HelpChanges) => call(API.help.updateHelp, { body }),
    onSuccess: (reply) => {
      notify.success(reply.message);
      queryClient.setQueryData(HELP_KEY, reply);
    },
    onError: toastUnlessField,
  });
}

export function useUpdateHandbook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => call(API.help.updateHandbook, { body: { body } }),
    onSuccess: (reply) => {
      notify.success(reply.message);
      queryClient.setQueryData(HANDBOOK_KEY, reply);
    },
    onError: toastUnlessField,
  });
}
