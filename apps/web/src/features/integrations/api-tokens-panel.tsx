import { useState } from 'react';
import { Badge, Button, Checkbox, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconKey, IconPlus } from '@tabler/icons-react';
import {
  API_TOKEN_SCOPES,
  API_TOKEN_SCOPE_LABELS,
  WEBHOOK_LIMITS,
  type ApiTokenScope,
  INTEGRATION_MSG,
} from '@cutroom/domain';
import type { ApiTokenView } from '@cutroom/domain/schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyStateCard } from '../../components/empty-state-card';
import { QueryTable } from '../../components/query-table';
import { isApiError } from '../../lib/api-client';
import { formatEst } from '../../lib/format-time';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from './api';
import { SecretOnceStep } from './secret-once';

/** Name and scopes; once created, the dialog shows the token (this once) instead of the form. */
function CreateTokenDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateApiToken();
  const [token, setToken] = useState<string | null>(null);
  const form = useForm<{ name: string; scopes: ApiTokenScope[] }>({
    initialValues: { name: '', scopes: ['cards:read'] },
  });
  const close = () => {
    setToken(null);
    form.reset();
    create.reset();
    onClose();
  };
  const submit = form.onSubmit((values) =>
    create.mutate(
      { name: values.name.trim(), scopes: values.scopes },
      {
        onSuccess: (reply) => setToken(reply.token),
        onError: (error) => {
          if (isApiError(error) && error.field) form.setFieldError(error.field.split('.')[0]!, error.message);
        },
      },
    ),
  );
  return (
    <Modal opened={opened} onClose={close} title="New API token" centered radius="lg" size="lg">
      {token ? (
        <SecretOnceStep
          label="Your API token"
          value={token}
          notice={INTEGRATION_MSG.apiTokenCreated}
          onDone={close}
          doneTestId="token-done"
        >
          <Text fz="sm" c="dimmed">
            Send it as <code>Authorization: Bearer &lt;token&gt;</code>. It acts as you, on the routes its scopes open.
          </Text>
        </SecretOnceStep>
      ) : (
        <form onSubmit={submit} aria-label="New API token">
          <Stack>
            <TextInput
              label="Name"
              description="What uses it, e.g. Zapier or the reporting script"
              maxLength={WEBHOOK_LIMITS.nameMax}
              data-autofocus
              data-testid="token-name"
              {...form.getInputProps('name')}
            />
            <Checkbox.Group label="Scopes" {...form.getInputProps('scopes')}>
              <Stack gap={6} mt={6}>
                {API_TOKEN_SCOPES.map((scope) => (
                  <Checkbox key={scope} value={scope} label={`${scope} · ${API_TOKEN_SCOPE_LABELS[scope]}`} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={create.isPending}>
                Cancel
              </Button>
              <Button
                type="submit"
                loading={create.isPending}
                disabled={!form.values.name.trim() || form.values.scopes.length === 0}
                data-testid="token-create"
              >
                Create token
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

function TokenRow({ token, onRevoke }: { token: ApiTokenView; onRevoke: () => void }) {
  return (
    <Table.Tr data-testid={`api-token-${token.id}`}>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        <Text fw={600} fz="sm">
          {token.name}
        </Text>
        <Text fz="xs" c="dimmed" ff="monospace">
          {token.prefix}…
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {token.scopes.map((s) => (
            <Badge key={s} variant="light" size="sm" tt="none">
              {s}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td fz="sm">
        {formatEst(token.created_at)}
        <Text fz="xs" c="dimmed">
          by {token.created_by_name || 'a removed user'}
        </Text>
      </Table.Td>
      <Table.Td fz="sm">{token.last_used_at ? formatEst(token.last_used_at) : 'Never'}</Table.Td>
      <Table.Td>
        {token.revoked_at ? (
          <Badge color="gray" variant="light">
            Revoked
          </Badge>
        ) : (
          <Badge color="green" variant="light">
            Active
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        {!token.revoked_at && (
          <Group justify="flex-end">
            <Button size="xs" variant="subtle" color="red" onClick={onRevoke} aria-label={`Revoke ${token.name}`}>
              Revoke
            </Button>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** The API tokens tab: who may call the API on the admin's behalf, and with which scopes. */
export function ApiTokensPanel() {
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiTokenView | null>(null);
  const newButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="token-new">
      New API token
    </Button>
  );
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Text c="dimmed" fz="sm" maw={640}>
          Integrations call the API with a token instead of a password. A token acts as the admin who made it, but only
          on the routes its scopes open; revoke it and its next call is refused.
        </Text>
        {newButton}
      </Group>
      <QueryTable
        query={tokens}
        rows={(data) => data.api_tokens}
        label="API tokens"
        headers={['Name', 'Scopes', 'Created', 'Last used', 'Status']}
        minWidth={760}
        renderRow={(token) => <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />}
        errorMessage="The API tokens could not be loaded."
        empty={
          <EmptyStateCard
            icon={<IconKey />}
            title="No API tokens yet"
            description="Create one for each integration, with only the scopes it needs."
          />
        }
      />
      <CreateTokenDialog opened={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        opened={!!revoking}
        title="Revoke this token?"
        message={`Anything using “${revoking?.name ?? ''}” stops working at once. This can't be undone.`}
        confirmLabel="Revoke"
        danger
        loading={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSettled: () => setRevoking(null) })}
        onCancel={() => setRevoking(null)}
      />
    </Stack>
  );
}
