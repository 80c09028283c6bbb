import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { MSG } from '@cutroom/domain';
import { CutUpload, DeliveryModeSwitch, type DeliveryMode } from '../../uploads/public';

interface DoneVideoDialogProps {
  title: string;
  initial: string;
  /** The card's customer: an uploaded cut goes into their folder. */
  customerId: number;
  pending: boolean;
  validate: (link: string) => string | null;
  /** Resolves once saved: a new link, or a finished upload delivered instead (issue 49). */
  onSave: (video: { link: string } | { uploadId: number }) => Promise<unknown>;
  onClose: () => void;
}

/** Replaces a delivered video: paste a link, or upload the cut (saved as soon as the upload is stored). */
export function DoneVideoDialog({
  title,
  initial,
  customerId,
  pending,
  validate,
  onSave,
  onClose,
}: DoneVideoDialogProps) {
  const [mode, setMode] = useState<DeliveryMode>('link');
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const save = (video: { link: string } | { uploadId: number }) => void onSave(video).then(onClose, () => undefined);

  return (
    <Modal opened onClose={onClose} title={title} centered radius="lg">
      <form
        data-testid="done-video-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          if (mode !== 'link') return;
          const trimmed = value.trim();
          if (!trimmed) return onClose();
          const problem = validate(trimmed);
          if (problem) return setError(problem);
          save({ link: trimmed });
        }}
      >
        <Stack gap="md">
          <DeliveryModeSwitch value={mode} onChange={setMode} disabled={uploading} />
          {mode === 'link' ? (
            <TextInput
              label="Video link"
              placeholder="https://"
              value={value}
              error={error}
              data-autofocus
              onChange={(e) => {
                setValue(e.currentTarget.value);
                setError(null);
              }}
            />
          ) : (
            <CutUpload
              customerId={customerId}
              onBusyChange={setUploading}
              onUploaded={(f) => save({ uploadId: f.id })}
            />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            {mode === 'link' && (
              <Button type="submit" loading={pending}>
                Save
              </Button>
            )}
            {mode === 'upload' && pending && <Button loading>{MSG.uploadInProgress}</Button>}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
