import { Accordion, Badge, Button, Code, Drawer, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconRefresh, IconSend } from '@tabler/icons-react';
import { WEBHOOK_EVENT_LABELS, type DeliveryState } from '@cutroom/domain';
import type { DeliveryView, WebhookView } from '@cutroom/domain/schemas';
import { EmptyStateCard } from '../../components/empty-state-card';
import { ErrorState } from '../../components/error-state';
import { formatEst } from '../../lib/format-time';
import { useDeliveries, useReplayDelivery } from './api';

const STATE_COLORS: Record<DeliveryState, string> = { pending: 'yellow', delivered: 'green', failed: 'red' };
export const StateBadge = ({ state }: { state: DeliveryState }) => (
  <Badge color={STATE_COLORS[state]} variant="light">
    {state}
  </Badge>
);

function DeliveryItem({ delivery, webhookId }: { delivery: DeliveryView; webhookId: number }) {
  const replay = useReplayDelivery(webhookId);
  const last = delivery.attempts_log.at(-1);
  return (
    <Accordion.Item value={String(delivery.id)} data-testid={`delivery-${delivery.id}`}>
      <Accordion.Control>
        <Group gap="xs" wrap="wrap">
          <StateBadge state={delivery.state} />
          <Text fz="sm" fw={600}>
            {WEBHOOK_EVENT_LABELS[delivery.event_type]}
          </Text>
          {last && (
            <Badge variant="outline" color={last.status_code && last.status_code < 300 ? 'green' : 'red'}>
              {last.status_code ?? 'no answer'}
            </Badge>
          )}
          <Text fz="xs" c="dimmed">
            {formatEst(delivery.created_at)} · {delivery.attempts} attempt{delivery.attempts === 1 ? '' : 's'}
            {delivery.replay_of ? ` · replay of #${delivery.replay_of}` : ''}
          </Text>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">
          {delivery.next_attempt_at && <Text fz="sm">Next attempt {formatEst(delivery.next_attempt_at)}</Text>}
          {delivery.attempts_log.length > 0 && (
            <Table.ScrollContainer minWidth={480}>
              <Table fz="sm" aria-label={`Attempts of delivery ${delivery.id}`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>When</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Time</Table.Th>
                    <Table.Th>Response</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {delivery.attempts_log.map((a, i) => (
                    <Table.Tr key={i}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatEst(a.at)}</Table.Td>
                      <Table.Td>{a.status_code ?? '—'}</Table.Td>
                      <Table.Td>{a.duration_ms} ms</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        {a.error ?? (a.response_excerpt || '(empty)')}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {delivery.payload}
          </Code>
          <Group justify="flex-end">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconSend size={14} />}
              loading={replay.isPending}
              onClick={() => replay.mutate(delivery.id)}
              data-testid={`replay-${delivery.id}`}
            >
              Replay
            </Button>
          </Group>
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

function DeliveryList({ webhook }: { webhook: WebhookView }) {
  const deliveries = useDeliveries(webhook.id);
  if (deliveries.isPending)
    return (
      <Stack gap="xs" aria-busy="true" aria-label="Loading">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={48} radius="md" />
        ))}
      </Stack>
    );
  if (deliveries.isError)
    return (
      <ErrorState
        message="The delivery log could not be loaded."
        onRetry={() => void deliveries.refetch()}
        retrying={deliveries.isFetching}
      />
    );
  const list = deliveries.data.deliveries;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fz="sm" c="dimmed">
          The latest {list.length} deliveries, newest first
        </Text>
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconRefresh size={14} />}
          loading={deliveries.isFetching}
          onClick={() => void deliveries.refetch()}
        >
          Refresh
        </Button>
      </Group>
      {list.length === 0 ? (
        <EmptyStateCard
          icon={<IconSend />}
          title="Nothing sent yet"
          description="Deliveries appear here when one of the webhook's events happens."
        />
      ) : (
        <Accordion variant="separated" radius="md" data-testid="delivery-log">
          {list.map((d) => (
            <DeliveryItem key={d.id} delivery={d} webhookId={webhook.id} />
          ))}
        </Accordion>
      )}
    </Stack>
  );
}

/** A webhook's delivery log in a side drawer (full screen on a phone). */
export function DeliveryLogDrawer({ webhook, onClose }: { webhook: WebhookView | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <Drawer
      opened={!!webhook}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'xl'}
      title={webhook ? `Deliveries to ${webhook.url}` : ''}
      styles={{ title: { overflowWrap: 'anywhere', fontWeight: 600 } }}
    >
      {webhook && <DeliveryList webhook={webhook} />}
    </Drawer>
  );
}
