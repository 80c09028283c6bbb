import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { API, CallInput } from '@cutroom/domain/contract';
import { call } from '../../lib/call';
import { loadContract } from '../../lib/contract';
import { meQuery } from '../../lib/session';
import { rememberViewType } from '../../lib/storage';
import { preloadHome } from '../../lib/home-preload';

export type LoginInput = CallInput<typeof API.auth.login>['body'];

/** Logs in, then loads the user so the public-page guard can move on to where they were going. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) => {
      const sent = call((await loadContract()).API.auth.login, { body: input, expectUnauthorized: true });
      // The board's code loads while the password is verified; once the call is out, so it never waits behind it.
      preloadHome();
      return sent;
    },
    onSuccess: async (reply) => {
      rememberViewType(reply.client_type);
      await queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
    },
  });
}

export type SignupInput = CallInput<typeof API.auth.signup>['body'];

export const useSignup = () =>
  useMutation({
    mutationFn: async (input: SignupInput) => call((await loadContract()).API.auth.signup, { body: input }),
  });

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (emailToken: string) =>
      call((await loadContract()).API.auth.verifyEmail, { body: { emailToken } }),
    // A confirmed email change moves pending_email into useremail for a logged-in user.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQuery.queryKey }),
  });
}

export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: async (email: string) => call((await loadContract()).API.auth.passwordReset, { body: { email } }),
  });

export const useConfirmPasswordReset = () =>
  useMutation({
    mutationFn: async (input: CallInput<typeof API.auth.passwordResetConfirm>['body']) =>
      call((await loadContract()).API.auth.passwordResetConfirm, { body: input }),
  });
