import { useState, type ReactNode } from 'react';
import { Button, Group, Rating, Stack, Text, Textarea } from '@mantine/core';
import { RATING_MAX } from '@cutroom/domain';

export interface RatingValue {
  rating: number;
  comment: string | undefined;
}

interface RatingFormProps {
  pending: boolean;
  onSubmit: (value: RatingValue) => void;
  onLater: () => void;
  /** Shown above the stars, e.g. a choice of what is rated. */
  children?: ReactNode;
}

/** The Feedback body: 1–5 stars and an optional comment; OK waits for a star (spec 000 §5, 001 §5). */
export function RatingForm({ pending, onSubmit, onLater, children }: RatingFormProps) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  return (
    <form
      data-testid="feedback-dialog"
      onSubmit={(e) => {
        e.preventDefault();
        if (rating >= 1) onSubmit({ rating, comment: comment.trim() || undefined });
      }}
    >
      <Stack gap="md">
        {children}
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
          <Button variant="default" onClick={onLater}>
            Later
          </Button>
          <Button type="submit" disabled={rating < 1} loading={pending}>
            OK
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
