import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBrandYoutube } from '@tabler/icons-react';
import { MSG } from '@cutroom/domain';
import { useFirstOpened } from '../lib/first-opened';

/** Cards with a YouTube helper go on to optimisation after completion (spec 001 §4 "Rate"). */
export function ReminderDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const used = useFirstOpened(opened);
  if (!used) return null;
  return (
    <Modal opened={opened} onClose={onClose} title="Reminder" centered radius="lg" size="sm">
      <Stack gap="md" data-testid="reminder-dialog">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color="red" size="lg" radius="xl">
            <IconBrandYoutube size={20} />
          </ThemeIcon>
          <Text>{MSG.ytHelperReminder}</Text>
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            OK
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
