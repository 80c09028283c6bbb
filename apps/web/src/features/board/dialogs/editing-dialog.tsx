import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { MSG, ROLE_LABELS } from '@cutroom/domain';
import { useAssignableStaff } from '../../../lib/card/assignable-staff';

interface EditingDialogProps {
  note: string;
  /** Admins may move it without an assignee; team leads choose one. */
  mayLeaveUnassigned: boolean;
  onCancel: () => void;
  onConfirm: (assignee: number | null) => void;
}

/** The move to Editing of a card nobody is assigned to: the spec's question, and who edits it. */
export function EditingDialog({ note, mayLeaveUnassigned, onCancel, onConfirm }: EditingDialogProps) {
  const [assignee, setAssignee] = useState<string | null>(null);
  const staff = useAssignableStaff(true);
  const options = (staff.data ?? []).map((u) => ({
    value: String(u.client_id),
    label: `${u.fullname} · ${ROLE_LABELS[u.client_type]}`,
  }));
  const canConfirm = mayLeaveUnassigned || assignee !== null;
  return (
    <Modal opened onClose={onCancel} title="Move to Editing" centered radius="lg">
      <Stack gap="sm" data-testid="move-confirm">
        <Text fw={500}>{MSG.confirmMoveToEditing}</Text>
        <Text fz="sm" c="dimmed" data-testid="move-timeline">
          {note}
        </Text>
        <Select
          label={MSG.assignOnEditingLabel}
          description={mayLeaveUnassigned ? MSG.assignOnEditingOptional : MSG.assignOnEditingRequired}
          placeholder={staff.isPending ? 'Loading…' : 'Not assigned'}
          data={options}
          value={assignee}
          onChange={setAssignee}
          searchable
          clearable={mayLeaveUnassigned}
          withAsterisk={!mayLeaveUnassigned}
          comboboxProps={{ withinPortal: true }}
          data-testid="editing-assignee"
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button disabled={!canConfirm} onClick={() => onConfirm(assignee === null ? null : Number(assignee))}>
            Yes
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
