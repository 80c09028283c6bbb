import { useState } from 'react';
import { Checkbox, Modal, Stack, Text, TextInput } from '@mantine/core';
import { MSG, QC_REVIEW_CONFIRM, fill, versionKeys } from '@cutroom/domain';
import type { CardTileReply } from '@cutroom/domain/schemas';
import { useCard } from '../../../lib/card/card-query';
import { useChecklist } from '../../chat/public';
import { openQcFindings } from '../../delivery-qc/public';
import { doneSubmitEnabled, extraLinkCount, syncIdText, type DoneForm } from '../move-plan';
import { DialogButtons } from './dialog-buttons';
import { LinkField, linkError } from './link-field';
import { OpenItems } from './open-items';

export interface DoneValues {
  links: string[];
  contentId: string;
  noContentId: boolean;
}

interface DoneDialogProps {
  card: CardTileReply;
  onCancel: () => void;
  onSubmit: (values: DoneValues) => void;
}

/** Into Review: the video link(s) and a Sync ID, or 'no Content ID' (spec 000 §4, §5). */
export function DoneDialog({ card, onCancel, onSubmit }: DoneDialogProps) {
  const hasRevision = card.revision_nr > 0;
  const [entered, setForm] = useState<DoneForm>({
    link: '',
    extraLinks: Array.from({ length: extraLinkCount(card.done_video_limit) }, () => ''),
    syncId: '',
    noContentId: false,
  });
  // The link delivered at QA is usually the one going to the customer: offered until the field is edited.
  const [linkEdited, setLinkEdited] = useState(false);
  const cardQuery = useCard(card.card_id);
  const detail = cardQuery.data;
  const delivered = detail?.done_video_link ?? '';
  // From QA, delivery QC's open findings are asked about first (issue 51), as the customer's open items are at QA.
  const fromQa = card.card_status === 'qa';
  const team = useChecklist(card.card_id, fromQa, 'team');
  const versions = detail?.video_versions ?? {};
  const latest = versions[versionKeys(versions).at(-1) ?? ''] ?? [];
  const openQc = fromQa
    ? openQcFindings(
        team.data,
        latest.map((v) => v.media?.qc),
      )
    : [];
  const [acceptQc, setAcceptQc] = useState(false);
  const qcSettled = !fromQa || (!team.isPending && !cardQuery.isPending && (openQc.length === 0 || acceptQc));
  const form = linkEdited ? entered : { ...entered, link: delivered };
  const sync = syncIdText(hasRevision);
  const links = [form.link, ...form.extraLinks].map((l) => l.trim());
  const linksValid = links.every((l) => !linkError(l));
  const canSubmit = doneSubmitEnabled(form, hasRevision) && linksValid && qcSettled;

  const submit = () => {
    if (!canSubmit) return;
    onSubmit({
      links: links.filter(Boolean),
      contentId: form.noContentId ? '' : form.syncId.trim(),
      noContentId: !hasRevision && form.noContentId,
    });
  };

  return (
    <Modal opened onClose={onCancel} title="Move to Review" centered radius="lg">
      <form
        data-testid="done-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Text fz="sm" c="dimmed">
            {card.card_title}
          </Text>
          {openQc.length > 0 && (
            <OpenItems
              title={fill(QC_REVIEW_CONFIRM.ask, { count: String(openQc.length) })}
              confirmLabel={QC_REVIEW_CONFIRM.confirm}
              items={openQc}
              accepted={acceptQc}
              onAccept={setAcceptQc}
              testId="review-open-qc"
            />
          )}
          <LinkField
            label="Video link"
            required
            data-autofocus
            value={form.link}
            onChange={(link) => {
              setLinkEdited(true);
              setForm({ ...form, link });
            }}
          />
          {form.extraLinks.map((value, i) => (
            <LinkField
              key={i}
              label={`Video link ${i + 2}`}
              value={value}
              onChange={(link) => {
                const extraLinks = [...form.extraLinks];
                extraLinks[i] = link;
                setForm({ ...form, extraLinks });
              }}
            />
          ))}
          <TextInput
            label={sync.label}
            placeholder={sync.placeholder}
            value={form.syncId}
            disabled={form.noContentId}
            onChange={(e) => setForm({ ...form, syncId: e.currentTarget.value })}
          />
          {!hasRevision && (
            <Checkbox
              label={MSG.noContentId}
              checked={form.noContentId}
              onChange={(e) => setForm({ ...form, noContentId: e.currentTarget.checked })}
            />
          )}
          <DialogButtons onCancel={onCancel} canSubmit={canSubmit} />
        </Stack>
      </form>
    </Modal>
  );
}
