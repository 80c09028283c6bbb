import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { API, type CallInput } from '@cutroom/domain/contract';
import type { UserView } from '@cutroom/domain/schemas';
import { call } from '../../lib/call';
import { ME_KEY } from '../../lib/session';
import { uploadFile } from '../../lib/upload';

export type ProfileChanges = CallInput<typeof API.profiles.updateOwn>['body'];

/** The own profile with a customer's details (GET /api/getWebsiteUser); the session's user leaves them out. */
export const WEBSITE_USER_KEY = ['websiteUser'] as const;
export function useWebsiteUser() {
  return useQuery({
    queryKey: WEBSITE_USER_KEY,
    queryFn: async () => (await call(API.auth.websiteUser)).data,
  });
}

/** A saved profile is the session's user too; both caches take it without another round trip. */
function keepSaved(queryClient: QueryClient, user: UserView) {
  queryClient.setQueryData(WEBSITE_USER_KEY, user);
  const { details: _details, ...sessionUser } = user;
  queryClient.setQueryData(ME_KEY, sessionUser);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileChanges) => call(API.profiles.updateOwn, { body: changes }),
    onSuccess: (reply) => keepSaved(queryClient, reply.user),
  });
}

/** Uploads an image and makes it the avatar; the server deletes the one it replaces. */
export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const { url } = await uploadFile(file, 'avatar');
      return call(API.profiles.updateOwn, { body: { profile_img: url } });
    },
    onSuccess: (reply) => keepSaved(queryClient, reply.user),
  });
}

/** Deletes an avatar or reference file (POST /api/delete/media); the profile stops showing it. */
export function useDeleteProfileFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (url: string) => call(API.media.deleteMedia, { body: { url } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: WEBSITE_USER_KEY }),
        queryClient.invalidateQueries({ queryKey: ME_KEY }),
      ]),
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
