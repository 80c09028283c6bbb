import { useState } from 'react';
import { Button, Group, Modal, Rating, Stack, Text, Textarea } from '@mantine/core';
import { MSG, RATING_MAX } from '@cutroom/domain';
import { useRateCard } from '../api';

interface FeedbackDialogProps {
  cardId: number;
  cardType: 'done' | 'repurpose';
  onClose: () => void;
}

/** After completion: 1–5 stars and an optional comment; leaving without rating shows a reminder. */
export function FeedbackDialog({ cardId, cardType, onClose }: FeedbackDialogProps) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
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
      <form
        data-testid="feedback-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          if (rating < 1) return;
          rate.mutate(
            { cardId, rating, comment: comment.trim() || undefined, card_type: cardType },
            { onSuccess: onClose },
          );
        }}
      >
        <Stack gap="md">
          <Text>How happy are you with this video?</Text>
          <Rating
            value={rating}
            onChange={setRating}
            count={RATING_MAX}
            size="xl"
            aria-label="Rating"
            getSymbolLabel={(i) => `${i} star${i === 1 ? '' : 's'}`}
          />
          <Textarea
            label="Comment (optional)"
            autosize
            minRows={3}
            maxLength={2000}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setReminding(true)}>
              Later
            </Button>
            <Button type="submit" disabled={rating < 1} loading={rate.isPending}>
              OK
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
