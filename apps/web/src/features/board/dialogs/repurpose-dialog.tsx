import { useEffect, useState } from 'react';
import { FileInput, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { MEDIA_MAX_BYTES, MSG, UPLOAD_PURPOSES, fill } from '@cutroom/domain';
import type { CardTileReply } from '@cutroom/domain/schemas';
import { useUploadMedia } from '../api';
import { CutUpload, DeliveryModeSwitch, type DeliveryMode } from '../../uploads/public';
import { DialogButtons } from './dialog-buttons';
import { LinkField, linkError } from './link-field';

/** Spec 000 §5: six link inputs for the repurposed sizes. */
const LINK_INPUTS = 6;

interface RepurposeDialogProps {
  card: CardTileReply;
  onCancel: () => void;
  /** The links, or (uploadId not null) a finished upload delivered instead of them (issue 49). */
  onSubmit: (values: { links: string[]; uploadId: number | null; srtFile: string }) => void;
}

/** Into Repurposing Review: links to the repurposed videos and an optional SRT file. */
export function RepurposeDialog({ card, onCancel, onSubmit }: RepurposeDialogProps) {
  const [links, setLinks] = useState<string[]>(() => Array.from({ length: LINK_INPUTS }, () => ''));
  const [file, setFile] = useState<File | null>(null);
  const [srtUrl, setSrtUrl] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const upload = useUploadMedia();
  const [mode, setMode] = useState<DeliveryMode>('link');
  const [cutBusy, setCutBusy] = useState(false);
  const [uploadId, setUploadId] = useState<number | null>(null);

  const filled = links.map((l) => l.trim()).filter(Boolean);
  const valid = mode === 'upload' ? uploadId !== null : filled.length > 0 && links.every((l) => !linkError(l));
  const canSubmit = valid && !upload.isPending;
  const submit = () => {
    if (canSubmit)
      onSubmit({
        links: mode === 'upload' ? [] : filled,
        uploadId: mode === 'upload' ? uploadId : null,
        srtFile: srtUrl,
      });
  };
  // The card moves as soon as the cut is stored (once a subtitle file being sent beside it is there too).
  const ready = mode === 'upload' && uploadId !== null && !upload.isPending;
  useEffect(() => {
    if (ready) onSubmit({ links: [], uploadId, srtFile: srtUrl });
    // Only the moment the upload is ready counts; the callbacks are the parent's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setSrtUrl('');
    setFileError(null);
    if (!chosen) return;
    if (chosen.size > MEDIA_MAX_BYTES) {
      setFileError(fill(MSG.fileTooLarge, { mb: String(MEDIA_MAX_BYTES / 1_048_576) }));
      return;
    }
    upload.mutate(chosen, {
      // Sent as the server answered it: its own /files/ path (mediaUrlField accepts those).
      onSuccess: (reply) => setSrtUrl(reply.url),
      onError: () => setFile(null),
    });
  };

  return (
    <Modal opened onClose={onCancel} title="Repurposed video" centered radius="lg" size="lg">
      <form
        data-testid="repurpose-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Text fz="sm" c="dimmed">
            {card.card_title}
          </Text>
          <DeliveryModeSwitch value={mode} onChange={setMode} disabled={cutBusy} />
          {mode === 'upload' ? (
            <CutUpload customerId={card.client_id} onBusyChange={setCutBusy} onUploaded={(f) => setUploadId(f.id)} />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
              {links.map((value, i) => (
                <LinkField
                  key={i}
                  label={i === 0 ? 'Repurposed video link' : `Link ${i + 1}`}
                  required={i === 0}
                  data-autofocus={i === 0 || undefined}
                  value={value}
                  onChange={(link) => {
                    const next = [...links];
                    next[i] = link;
                    setLinks(next);
                  }}
                />
              ))}
            </SimpleGrid>
          )}
          <FileInput
            label="SRT file (optional)"
            placeholder="Choose a subtitle file"
            accept={UPLOAD_PURPOSES.subtitles.accept}
            clearable
            leftSection={upload.isPending ? <Loader size={14} /> : <IconFileText size={16} />}
            value={file}
            onChange={chooseFile}
            error={fileError}
            description={srtUrl ? 'Uploaded' : undefined}
          />
          <DialogButtons
            onCancel={onCancel}
            canSubmit={canSubmit}
            holdReason={upload.isPending || cutBusy ? MSG.uploadInProgress : null}
          />
        </Stack>
      </form>
    </Modal>
  );
}
