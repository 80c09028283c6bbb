import { Anchor, Button, FileButton, Group, Image, Input, Paper, Text } from '@mantine/core';
import { IconPhotoUp, IconX } from '@tabler/icons-react';
import { MSG, UPLOAD_PURPOSES } from '@cutroom/domain';
import { errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useDeleteProfileFile, useThumbnailFile } from './api';

interface ThumbnailReferenceProps {
  customerId: number;
  url: string | null | undefined;
}

/** The thumbnail reference image (spec 002 §2): upload replaces the old file; then a preview with Clear and Update. */
export function ThumbnailReference({ customerId, url }: ThumbnailReferenceProps) {
  const save = useThumbnailFile(customerId);
  const remove = useDeleteProfileFile();

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
    <Input.Wrapper label="Thumbnail reference file" description="An image of a thumbnail style you like.">
      <Paper withBorder radius="md" p="sm" mt={6}>
        {url ? (
          <Group gap="md" wrap="wrap">
            <Anchor href={url} target="_blank" rel="noreferrer">
              <Image src={url} alt="Thumbnail reference" h={90} w={160} fit="cover" radius="sm" />
            </Anchor>
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
          </Group>
        ) : (
          <Group gap="sm">
            {chooser('Upload image')}
            <Text fz="sm" c="dimmed">
              No file yet
            </Text>
          </Group>
        )}
      </Paper>
    </Input.Wrapper>
  );
}
