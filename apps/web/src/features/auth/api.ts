import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@cutroom/domain';
import { api } from '../../lib/api-client';
import { meQuery } from '../../lib/session';
import { rememberViewType } from '../../lib/storage';

export interface LoginInput {
  useremail: string;
  password: string;
  remember_me: boolean;
}
interface LoginReply {
  client_type: Role;
  timezone: string;
}

/** Logs in, then loads the user so the public-page guard can move on to where they were going. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) =>
      api<LoginReply>('/api/login', { method: 'POST', body: input, expectUnauthorized: true }),
    onSuccess: async (reply) => {
      rememberViewType(reply.client_type);
      await queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
    },
  });
}

export interface SignupInput {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  referral?: string;
  otherreferral?: string;
}

export const useSignup = () =>
  useMutation({
    mutationFn: (input: SignupInput) =>
      api<{ message: string; client_id: number }>('/api/signup', { method: 'POST', body: input }),
  });

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emailToken: string) =>
      api<{ status: boolean; message: string }>('/api/verify-email-address', { method: 'POST', body: { emailToken } }),
    // A confirmed email change moves pending_email into useremail for a logged-in user.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQuery.queryKey }),
  });
}

export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (email: string) =>
      api<{ message: string }>('/api/user/password-reset', { method: 'POST', body: { email } }),
  });

export const useConfirmPasswordReset = () =>
  useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      api<{ message: string }>('/api/user/password-reset/confirm', { method: 'POST', body: input }),
  });
