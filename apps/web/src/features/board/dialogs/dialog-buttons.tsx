import { Button, Group, Tooltip } from '@mantine/core';

interface DialogButtonsProps {
  onCancel: () => void;
  canSubmit: boolean;
  /** Why Submit is held (an upload under way), shown on hover; null or absent shows nothing. */
  holdReason?: string | null;
}

/** Cancel and Submit at the foot of a move dialog; Submit sends the dialog's form. */
export function DialogButtons({ onCancel, canSubmit, holdReason = null }: DialogButtonsProps) {
  return (
    <Group justify="flex-end" gap="sm" mt="sm">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Tooltip label={holdReason} disabled={!holdReason}>
        <Button type="submit" disabled={!canSubmit}>
          Submit
        </Button>
      </Tooltip>
    </Group>
  );
}
