import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { MSG, type CardTileReply } from '@cutroom/domain';
import { isLink } from '../move-plan';
import { DialogButtons } from './dialog-buttons';
import { LinkField } from './link-field';

interface QaDialogProps {
  card: CardTileReply;
  /** A card in Review is taken back from the customer, so that asks once more (spec 000 §4). */
  fromDone: boolean;
  onCancel: () => void;
  onSubmit: (link: string) => void;
}

export function QaDialog({ card, fromDone, onCancel, onSubmit }: QaDialogProps) {
  const [link, setLink] = useState('');
  const [confirming, setConfirming] = useState(false);
  const trimmed = link.trim();
  const valid = isLink(trimmed);

  const next = () => {
    if (!valid) return;
    if (fromDone && !confirming) setConfirming(true);
    else onSubmit(trimmed);
  };

  return (
    <Modal opened onClose={onCancel} title="Move to QA" centered radius="lg">
      <form
        data-testid="qa-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          next();
        }}
      >
        {confirming ? (
          <Stack gap="sm">
            <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
              {MSG.confirmQaFromDone}
            </Alert>
            <Text>{MSG.confirmMove}</Text>
            <Group justify="flex-end" gap="sm" mt="sm">
              <Button variant="default" onClick={() => setConfirming(false)}>
                Back
              </Button>
              <Button type="submit" data-autofocus>
                Yes
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Text fz="sm" c="dimmed">
              {card.card_title}
            </Text>
            <LinkField label="Video link" required data-autofocus value={link} onChange={setLink} />
            <DialogButtons onCancel={onCancel} canSubmit={valid} />
          </Stack>
        )}
      </form>
    </Modal>
  );
}
