import { useState } from 'react';
import { Button, Group, Modal, Rating, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { MSG, RATING_MAX } from '@cutroom/domain';
import { useRate } from '../api';

export type RatedSection = 'done' | 'repurpose';

interface FeedbackDialogProps {
  cardId: number;
  opened: boolean;
  /** The sections that can be rated; the first is preselected. */
  sections: RatedSection[];
  assignedQaId: number | null;
  onClose: (rated: boolean) => void;
}

const SECTION_LABELS: Record<RatedSection, string> = { done: 'Edited video', repurpose: 'Repurposed videos' };

/** Feedback: 1–5 stars and an optional comment; OK waits for a star (spec 001 §5). */
export function FeedbackDialog({ cardId, opened, sections, assignedQaId, onClose }: FeedbackDialogProps) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [section, setSection] = useState<RatedSection>(sections[0] ?? 'done');
  const rate = useRate(cardId);

  return (
    <Modal opened={opened} onClose={() => onClose(false)} title={MSG.feedbackTitle} centered radius="lg">
      <form
        data-testid="feedback-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          if (rating < 1) return;
          rate.mutate(
            { rating, comment: comment.trim() || undefined, card_type: section, assigned_qa_id: assignedQaId },
            { onSuccess: () => onClose(true) },
          );
        }}
      >
        <Stack gap="md">
          {sections.length > 1 && (
            <SegmentedControl
              value={section}
              onChange={(value) => setSection(value)}
              data={sections.map((s) => ({ value: s, label: SECTION_LABELS[s] }))}
            />
          )}
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
            <Button variant="default" onClick={() => onClose(false)}>
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
