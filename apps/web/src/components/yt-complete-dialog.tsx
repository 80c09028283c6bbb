import { useState } from 'react';
import { Button, Group, Modal, Rating, Stack, Text, Textarea } from '@mantine/core';
import { MSG, RATING_MAX } from '@cutroom/domain';

export interface YtCompletion {
  rating?: number;
  comment?: string;
}

interface YtCompleteDialogProps {
  title: string;
  /** Whoever may rate the helper's work once complete gives the feedback with the completion (spec 001 §4). */
  withFeedback: boolean;
  loading?: boolean;
  onConfirm: (completion: YtCompletion) => void;
  onCancel: () => void;
}

/**
 * 'Ready For Upload' / Mark as done on the helper side: the completion question, and for those who
 * rate the helper's work, optional stars and a comment sent with it (no Feedback dialog afterwards).
 */
export function YtCompleteDialog({ title, withFeedback, loading = false, onConfirm, onCancel }: YtCompleteDialogProps) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  return (
    <Modal opened onClose={onCancel} title={title} centered radius="lg">
      <Stack gap="md" data-testid="yt-complete-dialog">
        <Text span fw={500} data-testid="move-confirm">
          {MSG.confirmMarkComplete}
        </Text>
        {withFeedback && (
          <>
            <Text fz="sm" c="dimmed">
              {MSG.feedbackTitle} (optional)
            </Text>
            <Rating
              value={rating}
              onChange={setRating}
              count={RATING_MAX}
              size="lg"
              aria-label="Rating"
              getSymbolLabel={(i) => `${i} star${i === 1 ? '' : 's'}`}
            />
            <Textarea
              label="Comment (optional)"
              autosize
              minRows={2}
              maxLength={2000}
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
            />
          </>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={loading}>
            Cancel
          </Button>
          <Button
            loading={loading}
            data-autofocus
            onClick={() => onConfirm(rating >= 1 ? { rating, comment: comment.trim() || undefined } : {})}
          >
            Yes
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
