import { useState } from 'react';
import { Modal, SegmentedControl } from '@mantine/core';
import { MSG, type RatedPart } from '@cutroom/domain';
import { RatingForm } from './rating-form';
import { useRate } from '../lib/card/workflow-moves';

export type RatedSection = RatedPart;

interface FeedbackDialogProps {
  cardId: number;
  opened: boolean;
  /** The sections that can be rated; the first is preselected. */
  sections: RatedSection[];
  assignedQaId: number | null;
  onClose: (rated: boolean) => void;
}

const SECTION_LABELS: Record<RatedSection, string> = {
  done: 'Edited video',
  repurpose: 'Repurposed videos',
  yt: 'YouTube helper work',
};

/** Feedback on a completed card, for the edited or the repurposed videos. */
export function FeedbackDialog({ cardId, opened, sections, assignedQaId, onClose }: FeedbackDialogProps) {
  const [section, setSection] = useState<RatedSection>(sections[0] ?? 'done');
  const rate = useRate(cardId);

  return (
    <Modal opened={opened} onClose={() => onClose(false)} title={MSG.feedbackTitle} centered radius="lg">
      <RatingForm
        pending={rate.isPending}
        onLater={() => onClose(false)}
        onSubmit={(value) =>
          rate.mutate(
            { ...value, card_type: section, assigned_qa_id: assignedQaId },
            { onSuccess: () => onClose(true) },
          )
        }
      >
        {sections.length > 1 && (
          <SegmentedControl
            value={section}
            onChange={(value) => setSection(value)}
            data={sections.map((s) => ({ value: s, label: SECTION_LABELS[s] }))}
          />
        )}
      </RatingForm>
    </Modal>
  );
}
