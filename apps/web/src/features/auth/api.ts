import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type CallInput } from '@cutroom/domain';
import { call } from '../../lib/call';
import { meQuery } from '../../lib/session';
import { rememberViewType } from '../../lib/storage';

export type LoginInput = CallInput<typeof API.auth.login>['body'];

/** Logs in, then loads the user so the public-page guard can move on to where they were going. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => call(API.auth.login, { body: input, expectUnauthorized: true }),
    onSuccess: async (reply) => {
      rememberViewType(reply.client_type);
      await queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
    },
  });
}

export type SignupInput = CallInput<typeof API.auth.signup>['body'];

export const useSignup = () =>
  useMutation({
    mutationFn: (input: SignupInput) => call(API.auth.signup, { body: input }),
  });

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emailToken: string) => call(API.auth.verifyEmail, { body: { emailToken } }),
    // A confirmed email change moves pending_email into useremail for a logged-in user.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQuery.queryKey }),
  });
}

export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (email: string) => call(API.auth.passwordReset, { body: { email } }),
  });

export const useConfirmPasswordReset = () =>
  useMutation({
    mutationFn: (input: CallInput<typeof API.auth.passwordResetConfirm>['body']) =>
      call(API.auth.passwordResetConfirm, { body: input }),
  });
