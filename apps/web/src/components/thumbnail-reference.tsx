import { Anchor, Button, FileButton, Group, Image, Input, Paper, Text } from '@mantine/core';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { IconPhotoUp, IconX } from '@tabler/icons-react';
import { API } from '@cutroom/domain/contract';
import { MSG, UPLOAD_PURPOSES } from '@cutroom/domain';
import { errorMessage } from '../lib/api-client';
import { call } from '../lib/call';
import { notify } from '../lib/notify';
import { uploadFile } from '../lib/upload';

interface ThumbnailReferenceProps {
  customerId: number;
  url: string | null | undefined;
  /** The queries that show this customer, refetched after a change (the own profile, someone's profile). */
  refresh: readonly QueryKey[];
  /** Only the preview: the viewer may not change this customer's details. */
  readOnly?: boolean;
  /** The hint under the label, in the words of whoever edits it. */
  description?: string;
}

/**
 * The thumbnail reference image (spec 002 §2), on /profile and /customer/:id/profile: upload replaces
 * the old file (the server deletes it); then a preview with Clear and Update.
 */
export function ThumbnailReference({
  customerId,
  url,
  refresh,
  readOnly = false,
  description = 'An image of a thumbnail style you like.',
}: ThumbnailReferenceProps) {
  const queryClient = useQueryClient();
  const refetch = () => Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  const save = useMutation({
    mutationFn: async (file: File) => {
      const { url: uploaded } = await uploadFile(file, 'thumbnail');
      return call(API.media.thumbnailFile, { body: { client_id: customerId, ref_thumbnails_file: uploaded } });
    },
    onSuccess: refetch,
  });
  const remove = useMutation({
    mutationFn: (file: string) => call(API.media.deleteMedia, { body: { url: file } }),
    onSuccess: refetch,
  });

  async function pick(file: File | null) {
    if (!file) return;
    try {
      notify.success((await save.mutateAsync(file)).message);
    } catch (e) {
      notify.error(errorMessage(e));
    }
  }

  async function clear() {
    if (!url) return;
    try {
      await remove.mutateAsync(url);
      notify.success(MSG.fileRemoved);
    } catch (e) {
      notify.error(errorMessage(e));
    }
  }

  const chooser = (label: string) => (
    <FileButton onChange={(file) => void pick(file)} accept={UPLOAD_PURPOSES.thumbnail.accept}>
      {(props) => (
        <Button {...props} size="xs" variant="light" leftSection={<IconPhotoUp size={14} />} loading={save.isPending}>
          {label}
        </Button>
      )}
    </FileButton>
  );

  return (
    <Input.Wrapper
      label="Thumbnail reference file"
      description={readOnly ? undefined : description}
      data-testid="thumbnail-reference"
    >
      <Paper withBorder radius="md" p="sm" mt={6}>
        {url ? (
          <Group gap="md" wrap="wrap">
            <Anchor href={url} target="_blank" rel="noreferrer">
              <Image src={url} alt="Thumbnail reference" h={90} w={160} fit="cover" radius="sm" />
            </Anchor>
            {!readOnly && (
              <Group gap="xs">
                {chooser('Update')}
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconX size={14} />}
                  onClick={() => void clear()}
                  loading={remove.isPending}
                >
                  Clear
                </Button>
              </Group>
            )}
          </Group>
        ) : (
          <Group gap="sm">
            {!readOnly && chooser('Upload image')}
            <Text fz="sm" c="dimmed">
              No file yet
            </Text>
          </Group>
        )}
      </Paper>
    </Input.Wrapper>
  );
}
