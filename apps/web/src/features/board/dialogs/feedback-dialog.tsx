import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { MSG } from '@cutroom/domain';
import { RatingForm } from '../../../components/rating-form';
import { useRateCard } from '../api';

interface FeedbackDialogProps {
  cardId: number;
  cardType: 'done' | 'repurpose';
  onClose: () => void;
}

/** After completion: 1–5 stars and an optional comment; leaving without rating shows a reminder. */
export function FeedbackDialog({ cardId, cardType, onClose }: FeedbackDialogProps) {
  const [reminding, setReminding] = useState(false);
  const rate = useRateCard();

  if (reminding) {
    return (
      <Modal opened onClose={onClose} title="Reminder" centered radius="lg" size="sm">
        <Stack gap="md" data-testid="feedback-reminder">
          <Text>{MSG.feedbackReminder}</Text>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              OK
            </Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

  return (
    <Modal opened onClose={() => setReminding(true)} title={MSG.feedbackTitle} centered radius="lg">
      <RatingForm
        pending={rate.isPending}
        onLater={() => setReminding(true)}
        onSubmit={(value) => rate.mutate({ cardId, ...value, card_type: cardType }, { onSuccess: onClose })}
      />
    </Modal>
  );
}
