import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_LIMITS,
  type WebhookEvent,
  INTEGRATION_MSG,
} from '@cutroom/domain';
import type { WebhookView } from '@cutroom/domain/schemas';
import { isApiError } from '../../lib/api-client';
import { useCreateWebhook, useUpdateWebhook } from './api';
import { SecretOnceStep } from './secret-once';

interface Values {
  url: string;
  events: WebhookEvent[];
  active: boolean;
}

/** Add a webhook (then show its secret once) or edit one; the server checks the URL and says why it refuses. */
export function WebhookDialog({ editing, onClose }: { editing: WebhookView | null; onClose: () => void }) {
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const [secret, setSecret] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: editing
      ? { url: editing.url, events: editing.events, active: editing.active }
      : { url: 'https://', events: ['card.created'], active: true },
  });
  const pending = create.isPending || update.isPending;
  const showFieldError = (error: unknown) => {
    if (isApiError(error) && error.field) form.setFieldError(error.field.split('.')[0]!, error.message);
  };
  const submit = form.onSubmit((values) => {
    const body = { url: values.url.trim(), events: values.events, active: values.active };
    if (editing) update.mutate({ id: editing.id, ...body }, { onSuccess: onClose, onError: showFieldError });
    else create.mutate(body, { onSuccess: (reply) => setSecret(reply.secret), onError: showFieldError });
  });

  if (secret) {
    return (
      <SecretOnceStep
        label="Signing secret"
        value={secret}
        notice={INTEGRATION_MSG.webhookCreated}
        onDone={onClose}
        doneTestId="webhook-done"
      />
    );
  }
  return (
    <form onSubmit={submit} aria-label="Webhook">
      <Stack>
        <TextInput
          label="Payload URL"
          description="Cutroom POSTs each event here as JSON, signed with the webhook's secret"
          maxLength={WEBHOOK_LIMITS.urlMax}
          data-autofocus
          data-testid="webhook-url"
          {...form.getInputProps('url')}
        />
        <Checkbox.Group label="Events" {...form.getInputProps('events')}>
          <Stack gap={6} mt={6}>
            {WEBHOOK_EVENTS.map((event) => (
              <Checkbox key={event} value={event} label={`${WEBHOOK_EVENT_LABELS[event]} (${event})`} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Switch label="Active" {...form.getInputProps('active', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button
            type="submit"
            loading={pending}
            disabled={!form.values.url.trim() || form.values.events.length === 0}
            data-testid="webhook-save"
          >
            {editing ? 'Save' : 'Add webhook'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The dialog frame; its content mounts afresh for each webhook opened. */
export function WebhookModal({
  opened,
  editing,
  onClose,
}: {
  opened: boolean;
  editing: WebhookView | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? 'Edit webhook' : 'New webhook'}
      centered
      radius="lg"
      size="lg"
    >
      {opened && <WebhookDialog key={editing?.id ?? 'new'} editing={editing} onClose={onClose} />}
    </Modal>
  );
}
