import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MSG } from '@cutroom/domain';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorMessage, isApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useEnableRepurpose, useEnableYtHelper } from './api';
import { RepurposeFields } from './repurpose-fields';
import { RequestModalFrame, type ModalFormHooks } from './request-modal-frame';
import { emptyRequest, repurposeBody, repurposeReady, type RequestValues } from './request-values';
import { SubmitButton } from './submit-button';
import classes from './requests.module.css';

interface EnableExtraModalProps {
  cardId: number;
  opened: boolean;
  onClose: () => void;
}

const REPURPOSE_FIELDS = new Set([
  'repurpose_aspect',
  'custom_repurpose_size',
  'repurpose_headline',
  'call_to_action',
  'repurpose_additional_info',
]);

function EnableRepurposeForm({ cardId, requestClose, onDirtyChange, closeSaved }: ModalFormHooks & { cardId: number }) {
  const enable = useEnableRepurpose(cardId);
  const [initial] = useState<RequestValues>(() => ({ ...emptyRequest(), hasRepurpose: true }));
  const [initialJson] = useState(() => JSON.stringify(initial));
  const form = useForm<RequestValues>({
    initialValues: initial,
    onValuesChange: (values) => onDirtyChange(JSON.stringify(values) !== initialJson),
  });
  const blockedReason = repurposeReady(form.values) ? null : MSG.repurposeSizesHint;

  async function submit(values: RequestValues) {
    if (blockedReason) return;
    try {
      const reply = await enable.mutateAsync(repurposeBody(values));
      notify.success(reply.message || MSG.repurposeEnabled);
      closeSaved();
    } catch (error) {
      if (isApiError(error) && error.field && REPURPOSE_FIELDS.has(error.field)) {
        form.setFieldError(error.field, error.message);
      } else notify.error(errorMessage(error));
    }
  }

  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate aria-label="Enable repurpose">
      <Stack gap="lg">
        <Text c="dimmed" fz="sm">
          Also get this video in other sizes for social media.
        </Text>
        <Stack gap="md">
          <RepurposeFields form={form} />
        </Stack>
        <Group justify="space-between" gap="sm" className={classes.actions}>
          <Button variant="default" onClick={requestClose} disabled={enable.isPending}>
            Cancel
          </Button>
          <SubmitButton
            blockedReason={blockedReason}
            disabled={!!blockedReason}
            loading={enable.isPending}
            testId="enable-repurpose-submit"
          >
            Submit
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

/** Spec 000 §2, §6: turns repurposing on for an existing card, with the sizes and notes it needs. */
export function EnableRepurposeModal({ cardId, opened, onClose }: EnableExtraModalProps) {
  return (
    <RequestModalFrame opened={opened} onClose={onClose} title="Enable repurpose" discardMessage={MSG.discardChanges}>
      {(hooks) => <EnableRepurposeForm key={cardId} cardId={cardId} {...hooks} />}
    </RequestModalFrame>
  );
}

const YT_HELPER_DOES = [
  'A thumbnail designed for the video',
  'An optimised title and description',
  'The upload to your YouTube channel',
];

/** Spec 000 §2, §6: a yes/no before turning the YouTube helper on for an existing card. */
export function EnableYtHelperModal({ cardId, opened, onClose }: EnableExtraModalProps) {
  const enable = useEnableYtHelper(cardId);
  const confirm = () =>
    enable.mutate(undefined, {
      onSuccess: (reply) => {
        notify.success(reply.message || MSG.ytHelperEnabled);
        onClose();
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  return (
    <ConfirmDialog
      opened={opened}
      title="Enable YouTube helper"
      message={
        <Stack gap="xs" component="span" data-testid="yt-helper-explained">
          <Text span>A YouTube helper takes this video the rest of the way on YouTube:</Text>
          {/* Spans only: the dialog puts its message inside a paragraph. */}
          {YT_HELPER_DOES.map((line) => (
            <Text span fz="sm" key={line}>
              • {line}
            </Text>
          ))}
        </Stack>
      }
      confirmLabel="Confirm"
      loading={enable.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
