import { useEffect, useRef, useState } from 'react';
import {
  ActionIcon,
  Button,
  FileButton,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconCloudUpload, IconX } from '@tabler/icons-react';
import { DELIVERY_TEXT, MSG, formatBytes } from '@cutroom/domain';
import type { UploadedFile } from '@cutroom/domain/schemas';
import { failureMessage } from '../../lib/api-client';
import { formatDuration, isCanceled, startFileUpload, type UploadProgress, type UploadTask } from './upload-engine';

export type DeliveryMode = 'link' | 'upload';

/** "Paste a link" or "Upload the cut": how a move dialog takes the video (issue 49). */
export function DeliveryModeSwitch({
  value,
  onChange,
  disabled,
}: {
  value: DeliveryMode;
  onChange: (mode: DeliveryMode) => void;
  disabled?: boolean;
}) {
  return (
    <SegmentedControl
      fullWidth
      size="sm"
      value={value}
      disabled={disabled}
      onChange={(v) => onChange(v === 'upload' ? 'upload' : 'link')}
      data={[
        { value: 'link', label: DELIVERY_TEXT.pasteLink },
        { value: 'upload', label: DELIVERY_TEXT.uploadCut },
      ]}
      data-testid="delivery-mode"
    />
  );
}

type State =
  | { step: 'idle'; error?: string }
  | { step: 'uploading'; file: File; progress: UploadProgress | null }
  | { step: 'done'; file: File };

interface CutUploadProps {
  /** The card's customer: the upload goes into their folder. */
  customerId: number;
  /** Picking is held (e.g. open notes not yet confirmed). */
  disabled?: boolean;
  /** The finished upload; the dialog then sends its move with upload_id. */
  onUploaded: (file: UploadedFile) => void;
  onBusyChange?: (busy: boolean) => void;
}

/**
 * Picks the video file and sends it with the upload page's engine (parts in parallel, progress, speed,
 * time left, cancel). Resumable: the same file picked again after a reload carries on from the stored parts.
 */
export function CutUpload({ customerId, disabled, onUploaded, onBusyChange }: CutUploadProps) {
  const [state, setState] = useState<State>({ step: 'idle' });
  const task = useRef<UploadTask | null>(null);
  const uploaded = useRef(onUploaded);
  const busyChange = useRef(onBusyChange);
  useEffect(() => {
    uploaded.current = onUploaded;
    busyChange.current = onBusyChange;
  });

  // Closing the dialog stops sending but keeps the stored parts: the same file picked again carries on.
  useEffect(() => () => task.current?.pause(), []);

  const busy = state.step === 'uploading';
  useEffect(() => busyChange.current?.(busy), [busy]);

  const pick = (file: File | null) => {
    if (!file) return;
    if (file.size === 0) return setState({ step: 'idle', error: MSG.fileEmpty });
    const started = startFileUpload(
      file,
      customerId,
      (progress) => setState((s) => (s.step === 'uploading' && s.file === file ? { ...s, progress } : s)),
      { resumable: true },
    );
    task.current = started;
    setState({ step: 'uploading', file, progress: null });
    started.done.then(
      (stored) => {
        if (task.current !== started) return;
        task.current = null;
        setState({ step: 'done', file });
        uploaded.current(stored);
      },
      (e: unknown) => {
        if (task.current !== started) return;
        task.current = null;
        setState({ step: 'idle', error: isCanceled(e) ? MSG.uploadCanceled : failureMessage(e, MSG.uploadFailed) });
      },
    );
  };

  if (state.step === 'idle') {
    return (
      <Paper withBorder radius="md" p="md" style={{ borderStyle: 'dashed' }} data-testid="cut-upload">
        <Stack align="center" gap={6}>
          <FileButton onChange={pick} accept="video/*,.mxf" disabled={disabled}>
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconCloudUpload size={18} />} disabled={disabled}>
                {DELIVERY_TEXT.chooseCut}
              </Button>
            )}
          </FileButton>
          <Text fz="xs" c="dimmed" ta="center">
            {DELIVERY_TEXT.cutHint}
          </Text>
          {state.error && (
            <Text fz="sm" c="red" role="alert" ta="center">
              {state.error}
            </Text>
          )}
        </Stack>
      </Paper>
    );
  }

  const { file } = state;
  const progress = state.step === 'uploading' ? state.progress : null;
  const percent =
    state.step === 'done'
      ? 100
      : progress && progress.total > 0
        ? Math.min(100, (progress.loaded / progress.total) * 100)
        : 0;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="cut-upload" data-step={state.step}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600} fz="sm" truncate="end">
            {file.name}
          </Text>
          <Progress
            value={percent}
            size="md"
            radius="xl"
            color={state.step === 'done' ? 'green' : 'blue'}
            striped={state.step === 'uploading'}
            animated={state.step === 'uploading'}
            aria-label={`${file.name} upload progress`}
            data-testid="cut-upload-progress"
            data-percent={Math.round(percent)}
          />
          <Text fz="xs" c="dimmed" data-testid="cut-upload-status">
            {state.step === 'done'
              ? DELIVERY_TEXT.uploadedMoving
              : progress
                ? `${formatBytes(progress.loaded)} of ${formatBytes(progress.total)} · ${Math.round(percent)}%` +
                  (progress.bytesPerSecond > 0 ? ` · ${formatBytes(progress.bytesPerSecond)}/s` : '') +
                  (progress.secondsLeft !== null ? ` · ${formatDuration(progress.secondsLeft)} left` : '')
                : formatBytes(file.size)}
          </Text>
          {progress && progress.resumedParts > 0 && (
            <Text fz="xs" c="teal.7" data-testid="cut-upload-resumed">
              {DELIVERY_TEXT.resumed}
            </Text>
          )}
        </Stack>
        {state.step === 'uploading' && (
          <Tooltip label="Cancel the upload">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Cancel ${file.name}`}
              onClick={() => task.current?.cancel()}
            >
              <IconX size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Paper>
  );
}
