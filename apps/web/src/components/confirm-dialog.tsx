import type { ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useFirstOpened } from '../lib/first-opened';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question before an action the user may not have meant. */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel = 'Yes',
  cancelLabel = 'Cancel',
  danger = false,
  loading = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const used = useFirstOpened(opened);
  if (!used) return null;
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered radius="lg">
      <Text mb="lg">{message}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={loading}>
          {cancelLabel}
        </Button>
        <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={loading} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
