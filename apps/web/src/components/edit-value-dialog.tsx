import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';

interface EditValueDialogProps {
  opened: boolean;
  title: string;
  label: string;
  initial: string;
  placeholder?: string;
  description?: string;
  pending: boolean;
  /** Sync IDs may be cleared; an emptied link is simply not sent (spec 001 §5). */
  allowEmpty?: boolean;
  /** A message when the value can't be sent, else null. */
  validate?: (value: string) => string | null;
  /** Resolves once saved. */
  onSave: (value: string) => Promise<unknown>;
  onClose: () => void;
}

/** One field in a small dialog: a link or the Sync IDs. */
export function EditValueDialog({
  opened,
  title,
  label,
  initial,
  placeholder,
  description,
  pending,
  allowEmpty = false,
  validate,
  onSave,
  onClose,
}: EditValueDialogProps) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered radius="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const trimmed = value.trim();
          if (!trimmed && !allowEmpty) return onClose();
          const problem = trimmed ? (validate?.(trimmed) ?? null) : null;
          if (problem) return setError(problem);
          void onSave(trimmed).then(onClose, () => undefined);
        }}
      >
        <Stack gap="md">
          <TextInput
            label={label}
            description={description}
            placeholder={placeholder}
            value={value}
            error={error}
            data-autofocus
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setError(null);
            }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
