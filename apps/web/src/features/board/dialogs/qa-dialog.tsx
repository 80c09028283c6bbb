import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { fill, isLink, MSG, withoutLeadingTimeTag } from '@cutroom/domain';
import type { CardTileReply } from '@cutroom/domain/schemas';
import { useChecklist } from '../../chat/public';
import { plainQuote } from '../../../lib/comment-tokens';
import { CutUpload, DeliveryModeSwitch, type DeliveryMode } from '../../uploads/public';
import { DialogButtons } from './dialog-buttons';
import { LinkField } from './link-field';
import { OpenItems } from './open-items';

interface QaDialogProps {
  card: CardTileReply;
  /** A card in Review is taken back from the customer, so that asks once more (spec 000 §4). */
  fromDone: boolean;
  onCancel: () => void;
  onSubmit: (delivery: VideoDelivery) => void;
}

/** A move's video: a pasted link, or a finished upload in the card's customer's folder (issue 49). */
export type VideoDelivery = { link: string } | { uploadId: number };

export function QaDialog({ card, fromDone, onCancel, onSubmit }: QaDialogProps) {
  const [link, setLink] = useState('');
  const [mode, setMode] = useState<DeliveryMode>('link');
  const [uploading, setUploading] = useState(false);
  const [uploadId, setUploadId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [acceptOpen, setAcceptOpen] = useState(false);
  // The tile says whether the card has open items; the checklist says which, and is asked only then.
  const checklist = useChecklist(card.card_id, card.open_fix_items > 0);
  const open = (checklist.data?.items ?? []).filter((i) => i.state === 'open');
  const waiting = card.open_fix_items > 0 && checklist.isPending;
  const trimmed = link.trim();
  const openSettled = !waiting && (open.length === 0 || acceptOpen);
  const valid = (mode === 'link' ? isLink(trimmed) : uploadId !== null) && openSettled;
  const delivery = (id = uploadId): VideoDelivery =>
    mode === 'upload' && id !== null ? { uploadId: id } : { link: trimmed };

  const next = () => {
    if (!valid) return;
    if (fromDone && !confirming) setConfirming(true);
    else onSubmit(delivery());
  };
  // The card moves as soon as its upload is stored; from Review it asks once more first.
  const uploaded = (id: number) => {
    setUploadId(id);
    if (fromDone) setConfirming(true);
    else onSubmit(delivery(id));
  };

  return (
    <Modal opened onClose={onCancel} title="Move to QA" centered radius="lg">
      <form
        data-testid="qa-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          next();
        }}
      >
        {confirming ? (
          <Stack gap="sm">
            <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
              {MSG.confirmQaFromDone}
            </Alert>
            <Text>{MSG.confirmMove}</Text>
            <Group justify="flex-end" gap="sm" mt="sm">
              <Button variant="default" onClick={() => setConfirming(false)}>
                Back
              </Button>
              <Button type="submit" data-autofocus>
                Yes
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Text fz="sm" c="dimmed">
              {card.card_title}
            </Text>
            <DeliveryModeSwitch value={mode} onChange={setMode} disabled={uploading} />
            {open.length > 0 && (
              // The customer's notes still open on the card (the revision checklist): the editor confirms sending them.
              <OpenItems
                title={fill(MSG.openFixItemsBeforeQa, { count: String(open.length) })}
                confirmLabel={MSG.openFixItemsConfirm}
                items={open.map((item) => ({
                  key: String(item.note_id),
                  time: item.video_time,
                  text: plainQuote(withoutLeadingTimeTag(item.text)),
                }))}
                accepted={acceptOpen}
                onAccept={setAcceptOpen}
                testId="qa-open-items"
              />
            )}
            {mode === 'link' ? (
              <LinkField label="Video link" required data-autofocus value={link} onChange={setLink} />
            ) : (
              <CutUpload
                customerId={card.client_id}
                disabled={!openSettled}
                onBusyChange={setUploading}
                onUploaded={(file) => uploaded(file.id)}
              />
            )}
            <DialogButtons onCancel={onCancel} canSubmit={valid} holdReason={uploading ? MSG.uploadInProgress : null} />
          </Stack>
        )}
      </form>
    </Modal>
  );
}
