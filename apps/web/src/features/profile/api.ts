import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { profileBody, UserView } from '@cutroom/domain';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { ME_KEY } from '../../lib/session';

export type ProfileChanges = z.input<typeof profileBody>;

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileChanges) =>
      api<{ message: string; user: UserView }>('/api/user/profile', { method: 'POST', body: changes }),
    // The reply carries the saved user, so the page shows it without another round trip.
    onSuccess: (reply) => queryClient.setQueryData(ME_KEY, reply.user),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      api<{ status: boolean; message: string }>('/api/change-password', { method: 'PUT', body: { password } }),
    // A temporary password stops being one; the flag lives on the user.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_KEY }),
  });
}
