import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { MSG, UPLOAD_PURPOSES } from '@cutroom/domain';
import type { UserView } from '@cutroom/domain/schemas';
import { errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useDeleteProfileFile, useUploadAvatar } from './own-profile-api';

const initials = (user: UserView) => `${user.firstname.charAt(0)}${user.lastname.charAt(0)}`.toUpperCase();

/** The own avatar: pick an image (the server checks it is one by its bytes), or remove it. */
export function AvatarEditor({ user }: { user: UserView }) {
  const upload = useUploadAvatar();
  const remove = useDeleteProfileFile();

  async function pick(file: File | null) {
    if (!file) return;
    try {
      const reply = await upload.mutateAsync(file);
      notify.success(reply.message);
    } catch (e) {
      notify.error(errorMessage(e));
    }
  }

  async function clear() {
    if (!user.profile_img) return;
    try {
      await remove.mutateAsync(user.profile_img);
      notify.success(MSG.fileRemoved);
    } catch (e) {
      notify.error(errorMessage(e));
    }
  }

  return (
    <Group gap="md" wrap="nowrap" mb="lg" aria-label="Avatar" role="group">
      <Avatar src={user.profile_img} size={72} radius="xl" color="brand" alt={`${user.fullname}'s avatar`}>
        {initials(user)}
      </Avatar>
      <Stack gap={6}>
        <Group gap="xs">
          <FileButton onChange={(file) => void pick(file)} accept={UPLOAD_PURPOSES.avatar.accept}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                leftSection={<IconPhotoUp size={14} />}
                loading={upload.isPending}
                data-testid="avatar-upload"
              >
                {user.profile_img ? 'Change photo' : 'Upload photo'}
              </Button>
            )}
          </FileButton>
          {user.profile_img && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => void clear()}
              loading={remove.isPending}
            >
              Remove
            </Button>
          )}
        </Group>
        <Text fz="xs" c="dimmed">
          PNG, JPEG, GIF or WebP.
        </Text>
      </Stack>
    </Group>
  );
}
