import { useState } from 'react';
import { Alert, Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { clockOf } from '@cutroom/domain';
import type { CueView } from '@cutroom/domain/schemas';
import { errorMessage } from '../../lib/api-client';
import { useEditCue } from './api/captions';
import { parseCueTime } from './cue-time';

const TIME_HINT = 'Write a time as m:ss.mmm, such as 0:04.250';

/** A line changed in place: its words and its times; the server's refusal (overlap, past the end) shows above Save. */
export function EditCueForm({
  cardId,
  captionId,
  cue,
  onDone,
}: {
  cardId: number;
  captionId: number;
  cue: CueView;
  onDone: () => void;
}) {
  const edit = useEditCue(cardId);
  const [text, setText] = useState(cue.text);
  const [start, setStart] = useState(clockOf(cue.start));
  const [end, setEnd] = useState(clockOf(cue.end));
  const startAt = parseCueTime(start);
  const endAt = parseCueTime(end);
  return (
    <form
      data-testid="edit-cue"
      onSubmit={(e) => {
        e.preventDefault();
        if (startAt === null || endAt === null) return;
        edit.mutate({ captionId, n: cue.n, body: { text, start: startAt, end: endAt } }, { onSuccess: onDone });
      }}
    >
      <Stack gap={6} py={4}>
        <Textarea
          size="xs"
          aria-label="Line text"
          autosize
          minRows={1}
          maxRows={4}
          autoFocus
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <Group gap="xs" grow>
          <TextInput
            size="xs"
            label="Start"
            value={start}
            onChange={(e) => setStart(e.currentTarget.value)}
            error={startAt === null ? TIME_HINT : undefined}
          />
          <TextInput
            size="xs"
            label="End"
            value={end}
            onChange={(e) => setEnd(e.currentTarget.value)}
            error={endAt === null ? TIME_HINT : undefined}
          />
        </Group>
        {edit.isError && (
          <Alert color="red" variant="light" p="xs" data-testid="edit-cue-error">
            {errorMessage(edit.error)}
          </Alert>
        )}
        <Group gap="xs" justify="flex-end">
          <Button size="compact-xs" variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button
            size="compact-xs"
            type="submit"
            loading={edit.isPending}
            disabled={startAt === null || endAt === null}
          >
            Save line
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
