import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { WebhookView } from '@cutroom/domain/schemas';
import { useRotateWebhookSecret } from './api';
import { SecretOnceStep } from './secret-once';

/** Asks before replacing a webhook's secret (the receiver must change too), then shows the new one once. */
function RotateSecret({ webhook, onClose }: { webhook: WebhookView; onClose: () => void }) {
  const rotate = useRotateWebhookSecret();
  if (rotate.data) {
    return (
      <SecretOnceStep
        label="New signing secret"
        value={rotate.data.secret}
        notice={rotate.data.message}
        onDone={onClose}
        doneTestId="rotate-secret-done"
      />
    );
  }
  return (
    <Stack>
      <Text fz="sm">
        Deliveries to{' '}
        <Text span ff="monospace" fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {webhook.url}
        </Text>{' '}
        will be signed with a new secret at once, and the current one will no longer verify them. Put the new secret in
        the receiver straight after, or its checks will refuse what Cutroom sends.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          color="red"
          loading={rotate.isPending}
          onClick={() => rotate.mutate(webhook.id)}
          data-testid="rotate-secret-confirm"
        >
          Make a new secret
        </Button>
      </Group>
    </Stack>
  );
}

export function RotateSecretModal({ webhook, onClose }: { webhook: WebhookView | null; onClose: () => void }) {
  return (
    <Modal opened={!!webhook} onClose={onClose} title="Rotate the signing secret?" centered radius="lg">
      {webhook && <RotateSecret key={webhook.id} webhook={webhook} onClose={onClose} />}
    </Modal>
  );
}
