import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type CallInput } from '@cutroom/domain';
import { call } from '../../lib/call';
import { ME_KEY } from '../../lib/session';

export type ProfileChanges = CallInput<typeof API.auth.profile>['body'];

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileChanges) => call(API.auth.profile, { body: changes }),
    // The reply carries the saved user, so the page shows it without another round trip.
    onSuccess: (reply) => queryClient.setQueryData(ME_KEY, reply.user),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => call(API.auth.changePassword, { body: { password } }),
    // A temporary password stops being one; the flag lives on the user.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_KEY }),
  });
}
