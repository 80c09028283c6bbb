import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Stack, Switch, Table, Text } from '@mantine/core';
import { IconKey, IconListDetails, IconPencil, IconPlus, IconTrash, IconWebhook } from '@tabler/icons-react';
import { WEBHOOK_EVENT_LABELS } from '@cutroom/domain';
import type { WebhookView } from '@cutroom/domain/schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyStateCard } from '../../components/empty-state-card';
import { QueryTable } from '../../components/query-table';
import { formatEst } from '../../lib/format-time';
import { useDeleteWebhook, useUpdateWebhook, useWebhooks } from './api';
import { DeliveryLogDrawer, StateBadge } from './delivery-log';
import { RotateSecretModal } from './rotate-secret-dialog';
import { WebhookModal } from './webhook-dialog';

function WebhookRow({
  webhook,
  onEdit,
  onDelete,
  onLog,
  onRotate,
}: {
  webhook: WebhookView;
  onEdit: () => void;
  onDelete: () => void;
  onLog: () => void;
  onRotate: () => void;
}) {
  const update = useUpdateWebhook();
  const last = webhook.last_delivery;
  return (
    <Table.Tr data-testid={`webhook-${webhook.id}`}>
      <Table.Td style={{ overflowWrap: 'anywhere' }} fz="sm" ff="monospace">
        {webhook.url}
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {webhook.events.map((e) => (
            <Badge key={e} variant="light" size="sm" tt="none" title={e}>
              {WEBHOOK_EVENT_LABELS[e]}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>
        {last ? (
          <Group gap={4} wrap="nowrap">
            <StateBadge state={last.state} />
            <Text fz="xs" c="dimmed">
              {last.status_code ?? ''} {formatEst(last.at)}
            </Text>
          </Group>
        ) : (
          <Text fz="sm" c="dimmed">
            None yet
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Switch
          aria-label={`${webhook.url} is active`}
          checked={webhook.active}
          disabled={update.isPending}
          onChange={(e) => update.mutate({ id: webhook.id, active: e.currentTarget.checked })}
        />
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconListDetails size={14} />}
            onClick={onLog}
            data-testid={`webhook-log-${webhook.id}`}
          >
            Log
          </Button>
          <ActionIcon variant="subtle" aria-label={`Edit ${webhook.url}`} onClick={onEdit}>
            <IconPencil size={18} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={`New secret for ${webhook.url}`}
            title="New secret"
            onClick={onRotate}
          >
            <IconKey size={18} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${webhook.url}`} onClick={onDelete}>
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The webhooks tab: where events go, whether the last delivery arrived, and each one's log. */
export function WebhooksPanel() {
  const webhooks = useWebhooks();
  const remove = useDeleteWebhook();
  const [dialog, setDialog] = useState<{ editing: WebhookView | null } | null>(null);
  const [deleting, setDeleting] = useState<WebhookView | null>(null);
  const [logOf, setLogOf] = useState<WebhookView | null>(null);
  const [rotating, setRotating] = useState<WebhookView | null>(null);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Text c="dimmed" fz="sm" maw={640}>
          Cutroom POSTs card and comment events to these addresses, signed with each webhook's secret (Cutroom-Signature
          header). Failed deliveries are retried with backoff; every attempt is in the log.
        </Text>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setDialog({ editing: null })}
          data-testid="webhook-new"
        >
          New webhook
        </Button>
      </Group>
      <QueryTable
        query={webhooks}
        rows={(data) => data.webhooks}
        label="Webhooks"
        headers={['URL', 'Events', 'Last delivery', 'Active']}
        minWidth={760}
        renderRow={(w) => (
          <WebhookRow
            key={w.id}
            webhook={w}
            onEdit={() => setDialog({ editing: w })}
            onDelete={() => setDeleting(w)}
            onLog={() => setLogOf(w)}
            onRotate={() => setRotating(w)}
          />
        )}
        errorMessage="The webhooks could not be loaded."
        empty={
          <EmptyStateCard
            icon={<IconWebhook />}
            title="No webhooks yet"
            description="Add one to hear about new cards, moves, completions and comments as they happen."
          />
        }
      />
      <WebhookModal opened={!!dialog} editing={dialog?.editing ?? null} onClose={() => setDialog(null)} />
      <DeliveryLogDrawer webhook={logOf} onClose={() => setLogOf(null)} />
      <RotateSecretModal webhook={rotating} onClose={() => setRotating(null)} />
      <ConfirmDialog
        opened={!!deleting}
        title="Delete this webhook?"
        message="Its delivery log goes with it, and nothing more is sent to it."
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
