import { useEffect, useRef, useState, type DragEvent } from 'react';
import { ActionIcon, Badge, Button, Group, Paper, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconCloudUpload, IconX } from '@tabler/icons-react';
import { MSG, formatBytes } from '@cutroom/domain';
import { failureMessage } from '../../lib/api-client';
import { formatDuration, isCanceled, startFileUpload, type UploadProgress, type UploadTask } from './upload-engine';

type Status = 'queued' | 'uploading' | 'done' | 'failed' | 'canceled';
interface QueueItem {
  key: string;
  file: File;
  status: Status;
  progress: UploadProgress | null;
  error?: string;
}

const STATUS_LABEL: Record<Status, string> = {
  queued: 'Waiting',
  uploading: 'Uploading',
  done: 'Uploaded',
  failed: 'Failed',
  canceled: 'Canceled',
};
const STATUS_COLOR: Record<Status, string> = {
  queued: 'gray',
  uploading: 'blue',
  done: 'green',
  failed: 'red',
  canceled: 'gray',
};

let counter = 0;

interface UploadQueueProps {
  customerId: number;
  /** A file finished: the folder's list reloads. */
  onUploaded: () => void;
}

/**
 * Picks files (several at once, or dropped on the zone) and sends them one after another, each with its
 * progress bar, speed, time left and a cancel button. Empty files are refused here (spec 002 §9).
 */
export function UploadQueue({ customerId, onUploaded }: UploadQueueProps) {
  const [items, setItems] = useState<QueueItem[]>([]);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const tasks = useRef(new Map<string, UploadTask>());
  const update = (key: string, change: Partial<QueueItem>) =>
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const add = (files: FileList | File[]) => {
    const picked = [...files].map((file): QueueItem => ({
      key: `${++counter}`,
      file,
      status: file.size > 0 ? 'queued' : 'failed',
      progress: null,
      ...(file.size > 0 ? {} : { error: MSG.fileEmpty }),
    }));
    setItems((list) => [...list, ...picked]);
  };

  // One file at a time, in the order picked; each sends its parts in parallel.
  const next = items.find((i) => i.status === 'queued');
  const busy = items.some((i) => i.status === 'uploading');
  useEffect(() => {
    // The started-set guard keeps a re-run of this effect (React's strict mode) from sending a file twice.
    if (busy || !next || tasks.current.has(next.key)) return;
    // Resumable as the move dialogs' uploads are: the same file picked again after a reload carries on.
    const task = startFileUpload(next.file, customerId, (progress) => update(next.key, { progress }), {
      resumable: true,
    });
    tasks.current.set(next.key, task);
    update(next.key, { status: 'uploading' });
    task.done
      .then(() => {
        update(next.key, { status: 'done' });
        onUploaded();
      })
      .catch((e: unknown) => {
        if (isCanceled(e)) update(next.key, { status: 'canceled' });
        else update(next.key, { status: 'failed', error: failureMessage(e, MSG.uploadFailed) });
      })
      .finally(() => tasks.current.delete(next.key));
  }, [busy, next, customerId, onUploaded]);

  // Leaving the page (the page remounts the queue for another customer) stops what is still going.
  useEffect(() => {
    const running = tasks.current;
    return () => running.forEach((task) => task.cancel());
  }, []);

  const cancel = (item: QueueItem) => {
    if (item.status === 'uploading') tasks.current.get(item.key)?.cancel();
    else if (item.status === 'queued') update(item.key, { status: 'canceled' });
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (e.dataTransfer.files.length) add(e.dataTransfer.files);
  };

  return (
    <Stack gap="sm">
      <Paper
        withBorder
        radius="lg"
        p="lg"
        data-testid="upload-dropzone"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        style={{
          borderStyle: 'dashed',
          borderWidth: 2,
          borderColor: dragging ? 'var(--mantine-color-blue-5)' : undefined,
          background: dragging ? 'var(--mantine-color-blue-0)' : undefined,
        }}
      >
        <Stack align="center" gap={6}>
          <IconCloudUpload size={36} stroke={1.5} color="var(--mantine-color-blue-6)" aria-hidden />
          <Text fw={600} ta="center">
            Drag files here, or
          </Text>
          <Button variant="light" onClick={() => input.current?.click()}>
            Choose files
          </Button>
          <input
            ref={input}
            type="file"
            multiple
            hidden
            aria-label="Files to upload"
            data-testid="upload-input"
            onChange={(e) => {
              if (e.currentTarget.files) add(e.currentTarget.files);
              e.currentTarget.value = '';
            }}
          />
          <Text fz="xs" c="dimmed" ta="center">
            Large files go straight to storage in parts; a dropped connection picks up where it stopped.
          </Text>
        </Stack>
      </Paper>
      {items.length > 0 && (
        <Stack gap="xs" aria-label="Uploads" role="list">
          {items.map((item) => (
            <QueueRow key={item.key} item={item} onCancel={() => cancel(item)} />
          ))}
          {items.some((i) => i.status !== 'queued' && i.status !== 'uploading') && (
            <Group justify="flex-end">
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={() =>
                  setItems((list) => list.filter((i) => i.status === 'queued' || i.status === 'uploading'))
                }
              >
                Clear finished
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}

function QueueRow({ item, onCancel }: { item: QueueItem; onCancel: () => void }) {
  const { progress, status } = item;
  const percent =
    status === 'done'
      ? 100
      : progress && progress.total > 0
        ? Math.min(100, (progress.loaded / progress.total) * 100)
        : 0;
  const running = status === 'queued' || status === 'uploading';
  return (
    <Paper withBorder radius="md" p="sm" role="listitem" aria-label={item.file.name} data-testid="upload-row">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="nowrap">
            <Text fw={600} fz="sm" truncate="end" style={{ minWidth: 0 }}>
              {item.file.name}
            </Text>
            <Badge size="sm" variant="light" color={STATUS_COLOR[status]} style={{ flexShrink: 0 }}>
              {STATUS_LABEL[status]}
            </Badge>
          </Group>
          <Progress
            value={percent}
            size="md"
            radius="xl"
            color={status === 'failed' ? 'red' : status === 'done' ? 'green' : 'blue'}
            striped={status === 'uploading'}
            animated={status === 'uploading'}
            aria-label={`${item.file.name} upload progress`}
            data-testid="upload-progress"
            data-percent={Math.round(percent)}
          />
          <Text fz="xs" c={status === 'failed' ? 'red' : 'dimmed'} role={status === 'failed' ? 'alert' : undefined}>
            {status === 'failed'
              ? item.error
              : status === 'uploading' && progress
                ? `${formatBytes(progress.loaded)} of ${formatBytes(progress.total)} · ${Math.round(percent)}%` +
                  (progress.bytesPerSecond > 0 ? ` · ${formatBytes(progress.bytesPerSecond)}/s` : '') +
                  (progress.secondsLeft !== null ? ` · ${formatDuration(progress.secondsLeft)} left` : '')
                : formatBytes(item.file.size)}
          </Text>
        </Stack>
        {running && (
          <Tooltip label="Cancel">
            <ActionIcon variant="subtle" color="gray" aria-label={`Cancel ${item.file.name}`} onClick={onCancel}>
              <IconX size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Paper>
  );
}
