import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { MSG, WONT_FIX_REASON_MAX } from '@cutroom/domain';
import type { NoteView } from '@cutroom/domain/schemas';
import { plainQuote } from '../../lib/comment-tokens';

interface WontFixDialogProps {
  note: NoteView;
  pending: boolean;
  onCancel: () => void;
  onSave: (reason: string) => void;
}

/** Setting an item to fix aside: the reason is required, because the customer reads it under their note. */
export function WontFixDialog({ note, pending, onCancel, onSave }: WontFixDialogProps) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const trimmed = reason.trim();
  return (
    <Modal opened onClose={onCancel} title="Won't fix this note" centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (trimmed) onSave(trimmed);
        }}
      >
        <Stack gap="sm">
          <Text fz="sm" c="dimmed" lineClamp={3}>
            “{plainQuote(note.note)}”
          </Text>
          <Textarea
            label="Why not"
            description="The customer reads this under their note."
            placeholder="e.g. The title card comes from your brand kit; send a new one and we'll use it."
            autosize
            minRows={3}
            maxLength={WONT_FIX_REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={tried && !trimmed ? MSG.wontFixReasonMissing : undefined}
            data-autofocus
            data-testid="wont-fix-reason"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={pending} data-testid="wont-fix-save">
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
