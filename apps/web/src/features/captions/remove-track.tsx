import { useState } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { CaptionView } from '@cutroom/domain/schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useRemoveCaptions } from './api/captions';
import { trackLabel } from './track-label';

/** Removes a track (staff and the customer), after asking. */
export function RemoveTrack({ cardId, track }: { cardId: number; track: CaptionView }) {
  const remove = useRemoveCaptions(cardId);
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Tooltip label="Remove this track">
        <ActionIcon variant="subtle" color="gray" aria-label="Remove this track" onClick={() => setAsking(true)}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
      <ConfirmDialog
        opened={asking}
        title="Remove captions"
        message={`Remove the ${trackLabel(track)} captions of this video? Its lines and edits go with it.`}
        confirmLabel="Remove"
        danger
        loading={remove.isPending}
        onConfirm={() => remove.mutate(track.caption_id, { onSettled: () => setAsking(false) })}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
