import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { MSG } from '@cutroom/domain';
import { useFirstOpened } from '../../../lib/first-opened';

/** What a Sync ID is for (spec 001 §2 "Sync-ID help dialog for music licensing"). */
export function SyncIdHelpDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  // Mounted from its first opening: closed, it set state as the card's page hydrated (lib/first-opened.ts).
  if (!useFirstOpened(opened)) return null;
  return (
    <Modal opened={opened} onClose={onClose} title="Music licensing and Sync IDs" centered radius="lg">
      <Stack gap="sm" data-testid="sync-id-help">
        <Text fz="sm">{MSG.syncIdHelp}</Text>
        <List size="sm" spacing={4}>
          <List.Item>Each licensed track used in the edit has its own Sync ID.</List.Item>
          <List.Item>Several IDs are listed separated by commas.</List.Item>
          <List.Item>&quot;{MSG.noContentId}&quot; means the edit uses no licensed music.</List.Item>
        </List>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            Got it
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
