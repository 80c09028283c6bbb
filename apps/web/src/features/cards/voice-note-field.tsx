import { useEffect, useId, useState } from 'react';
import { Alert, Box, Button, Group, Input, Loader, Paper, Text } from '@mantine/core';
import { IconMicrophone, IconPlayerStopFilled, IconRefresh, IconTrash } from '@tabler/icons-react';
import { MSG } from '@cutroom/domain';
import { useUploadVoiceNote } from './api';
import classes from './requests.module.css';
import { formatDuration, MAX_RECORDING_MS, useVoiceRecorder } from './use-voice-recorder';

interface VoiceNoteFieldProps {
  /** The uploaded note's URL, or ''. */
  value: string;
  onChange: (url: string) => void;
  /** True while recording or uploading, so the form can hold Create until the note is saved. */
  onBusyChange: (busy: boolean) => void;
}

/** Spec 000 §2 voice_note: record in the browser, upload, play back, re-record or remove. */
export function VoiceNoteField({ value, onChange, onBusyChange }: VoiceNoteFieldProps) {
  const labelId = useId();
  const upload = useUploadVoiceNote();
  const [pending, setPending] = useState<File | null>(null);
  const [localUrl, setLocalUrl] = useState<string | null>(null);
  // Recorded webm carries no duration, so the player would show 0:00; we know how long it ran.
  const [durationMs, setDurationMs] = useState<number | null>(null);

  function save(file: File) {
    setPending(file);
    upload.mutate(file, {
      onSuccess: (url) => {
        setPending(null);
        onChange(url);
      },
    });
  }

  const recorder = useVoiceRecorder((file, duration) => {
    setLocalUrl(URL.createObjectURL(file));
    setDurationMs(duration);
    save(file);
  });

  // The local copy plays at once and without a round trip; it is freed when replaced or on leaving.
  useEffect(() => () => void (localUrl && URL.revokeObjectURL(localUrl)), [localUrl]);

  const recording = recorder.state !== 'idle';
  const busy = recording || upload.isPending;
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  function startRecording() {
    upload.reset();
    setPending(null);
    void recorder.start();
  }

  function remove() {
    upload.reset();
    setPending(null);
    setLocalUrl(null);
    setDurationMs(null);
    recorder.clearError();
    onChange('');
  }

  const playable = localUrl ?? (value || null);
  const failed = upload.isError && pending !== null;

  return (
    <Input.Wrapper
      label="Voice note"
      labelElement="div"
      labelProps={{ id: labelId }}
      description="Optional: explain what you need in your own words."
    >
      <Paper
        mt={6}
        p="sm"
        radius="md"
        role="group"
        aria-labelledby={labelId}
        bg={recording ? 'red.0' : undefined}
        data-testid="voice-note"
      >
        {recording ? (
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Group gap="xs" wrap="nowrap" aria-live="polite">
              <Box w={10} h={10} bg="red.6" style={{ borderRadius: '50%' }} className={classes.recordingDot} />
              <Text fw={600} c="red.8">
                {recorder.state === 'starting' ? 'Starting…' : 'Recording'}
              </Text>
              <Text ff="monospace" data-testid="voice-note-time" aria-label="Recording time">
                {formatDuration(recorder.elapsedMs)}
              </Text>
              <Text c="dimmed" fz="xs" visibleFrom="xs">
                of {formatDuration(MAX_RECORDING_MS)} max
              </Text>
            </Group>
            <Button
              color="red"
              leftSection={<IconPlayerStopFilled size={16} />}
              onClick={recorder.stop}
              disabled={recorder.state !== 'recording'}
            >
              Stop recording
            </Button>
          </Group>
        ) : playable ? (
          <Group gap="sm" wrap="wrap">
            <audio controls src={playable} aria-label="Play the voice note" style={{ maxWidth: '100%', height: 40 }} />
            {localUrl && durationMs !== null && !upload.isPending && (
              <Text fz="sm" c="dimmed" data-testid="voice-note-length">
                {formatDuration(durationMs)} recorded
              </Text>
            )}
            {upload.isPending && (
              <Group gap={6} aria-live="polite">
                <Loader size="xs" />
                <Text fz="sm" c="dimmed">
                  Saving…
                </Text>
              </Group>
            )}
            <Group gap="xs">
              <Button
                variant="default"
                leftSection={<IconRefresh size={16} />}
                onClick={startRecording}
                disabled={upload.isPending}
              >
                Re-record
              </Button>
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={remove}
                disabled={upload.isPending}
              >
                Remove
              </Button>
            </Group>
          </Group>
        ) : (
          <Group gap="sm">
            <Button variant="light" leftSection={<IconMicrophone size={16} />} onClick={startRecording}>
              Record voice note
            </Button>
          </Group>
        )}
        {recorder.error && (
          <Alert mt="sm" color="red" variant="light" role="alert" data-testid="voice-note-error">
            {recorder.error}
          </Alert>
        )}
        {failed && (
          <Alert mt="sm" color="red" variant="light" role="alert">
            <Group justify="space-between" gap="xs">
              <Text fz="sm">{MSG.voiceNoteUploadFailed}</Text>
              <Button size="xs" variant="white" color="red" onClick={() => pending && save(pending)}>
                Try again
              </Button>
            </Group>
          </Alert>
        )}
      </Paper>
    </Input.Wrapper>
  );
}
