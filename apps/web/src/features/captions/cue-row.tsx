import { useState } from 'react';
import { ActionIcon, Tooltip, UnstyledButton } from '@mantine/core';
import { IconMessagePlus, IconPencil } from '@tabler/icons-react';
import type { CueView } from '@cutroom/domain/schemas';
import { formatClock } from '../../lib/format';
import { EditCueForm } from './edit-cue-form';
import classes from './transcript.module.css';

interface CueRowProps {
  cue: CueView;
  captionId: number;
  active: boolean;
  onSeek: (seconds: number) => void;
  onCommentLine?: (cue: CueView) => void;
  editCardId: number | null;
}

/** One line of the transcript: its start time and words (a click plays from there), a comment on it, an edit. */
export function CueRow({ cue, captionId, active, onSeek, onCommentLine, editCardId }: CueRowProps) {
  const [editing, setEditing] = useState(false);
  if (editing && editCardId !== null)
    return <EditCueForm cardId={editCardId} captionId={captionId} cue={cue} onDone={() => setEditing(false)} />;
  return (
    <div
      className={classes.cue}
      data-testid="transcript-cue"
      data-cue={cue.n}
      data-active={active || undefined}
      aria-current={active || undefined}
    >
      <UnstyledButton className={classes.jump} onClick={() => onSeek(cue.start)}>
        <span className={classes.time}>{formatClock(cue.start)}</span>
        <span className={classes.words}>{cue.text}</span>
      </UnstyledButton>
      {onCommentLine && (
        <Tooltip label="Comment on this line">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label="Comment on this line"
            onClick={() => onCommentLine(cue)}
          >
            <IconMessagePlus size={15} />
          </ActionIcon>
        </Tooltip>
      )}
      {editCardId !== null && (
        <Tooltip label="Edit this line">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label="Edit this line"
            onClick={() => setEditing(true)}
          >
            <IconPencil size={15} />
          </ActionIcon>
        </Tooltip>
      )}
    </div>
  );
}
