import { useState } from 'react';
import { Alert, Button, Checkbox, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconListCheck } from '@tabler/icons-react';
import { fill, isLink, MSG, withoutLeadingTimeTag } from '@cutroom/domain';
import type { CardTileReply } from '@cutroom/domain/schemas';
import { useChecklist } from '../../chat/public';
import { plainQuote } from '../../../lib/comment-tokens';
import { formatClock } from '../../../lib/format';
import { CutUpload, DeliveryModeSwitch, type DeliveryMode } from '../../uploads/public';
import { DialogButtons } from './dialog-buttons';
import { LinkField } from './link-field';

interface QaDialogProps {
  card: CardTileReply;
  /** A card in Review is taken back from the customer, so that asks once more (spec 000 §4). */
  fromDone: boolean;
  onCancel: () => void;
  onSubmit: (delivery: VideoDelivery) => void;
}

/** A move's video: a pasted link, or a finished upload in the card's customer's folder (issue 49). */
export type VideoDelivery = { link: string } | { uploadId: number };

type FixItems = NonNullable<ReturnType<typeof useChecklist>['data']>['items'];

/** The customer's notes still open on the card (the revision checklist): the editor confirms sending them to QA. */
function OpenItems({
  open,
  accepted,
  onAccept,
}: {
  open: FixItems;
  accepted: boolean;
  onAccept: (v: boolean) => void;
}) {
  return (
    <Alert color="grape" variant="light" icon={<IconListCheck size={18} />} data-testid="qa-open-items">
      <Text fz="sm" fw={500}>
        {fill(MSG.openFixItemsBeforeQa, { count: String(open.length) })}
      </Text>
      <List size="sm" my={6} spacing={2}>
        {open.slice(0, 8).map((item) => (
          <List.Item key={item.note_id}>
            {item.video_time !== null ? `${formatClock(item.video_time)} · ` : ''}
            {plainQuote(withoutLeadingTimeTag(item.text))}
          </List.Item>
        ))}
      </List>
      {open.length > 8 && (
        <Text fz="xs" c="dimmed">
          and {open.length - 8} more
        </Text>
      )}
      <Checkbox
        mt={6}
        label={MSG.openFixItemsConfirm}
        checked={accepted}
        onChange={(e) => onAccept(e.currentTarget.checked)}
        data-testid="qa-open-items-confirm"
      />
    </Alert>
  );
}

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
            {open.length > 0 && <OpenItems open={open} accepted={acceptOpen} onAccept={setAcceptOpen} />}
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
