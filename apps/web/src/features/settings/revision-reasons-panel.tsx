import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import { MSG, REVISION_REASON_LABEL_MAX } from '@cutroom/domain';
import { QueryTable } from '../../components/query-table';
import { isApiError } from '../../lib/api-client';
import { useAddRevisionReason, useAllRevisionReasons, useReorderRevisionReasons, useUpdateRevisionReason } from './api';

type Reason = NonNullable<ReturnType<typeof useAllRevisionReasons>['data']>['reasons'][number];

function AddReason() {
  const add = useAddRevisionReason();
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Paper
      p="md"
      radius="lg"
      withBorder
      component="form"
      aria-label="Add a revision reason"
      onSubmit={(e) => {
        e.preventDefault();
        add.mutate(label, {
          onSuccess: () => setLabel(''),
          onError: (err) => setError(isApiError(err) && err.field ? err.message : null),
        });
      }}
    >
      <Title order={2} fz="h4" mb="sm">
        Add a reason
      </Title>
      <Group align="flex-start" gap="sm">
        <TextInput
          aria-label="New reason"
          placeholder="e.g. Music choice"
          maxLength={REVISION_REASON_LABEL_MAX}
          style={{ flex: '1 1 220px' }}
          value={label}
          error={error}
          onChange={(e) => {
            setLabel(e.currentTarget.value);
            setError(null);
          }}
          data-testid="reason-new-label"
        />
        <Button type="submit" disabled={!label.trim()} loading={add.isPending}>
          Add
        </Button>
      </Group>
    </Paper>
  );
}

/** One row: rename in place, switch on or off, and how many revisions named it. */
function ReasonRow({
  reason,
  first,
  last,
  onMove,
}: {
  reason: Reason;
  first: boolean;
  last: boolean;
  onMove: (step: -1 | 1) => void;
}) {
  const update = useUpdateRevisionReason();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = () =>
    draft !== null &&
    update.mutate(
      { key: reason.key, label: draft },
      { onSuccess: () => setDraft(null), onError: (err) => setError(isApiError(err) ? err.message : null) },
    );
  return (
    <Table.Tr data-testid={`reason-row-${reason.key}`}>
      <Table.Td>
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            aria-label={`Move ${reason.label} up`}
            disabled={first}
            onClick={() => onMove(-1)}
          >
            <IconArrowUp size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={`Move ${reason.label} down`}
            disabled={last}
            onClick={() => onMove(1)}
          >
            <IconArrowDown size={16} />
          </ActionIcon>
        </Group>
      </Table.Td>
      <Table.Td>
        {draft === null ? (
          <Group gap="xs" wrap="nowrap">
            <Text c={reason.active ? undefined : 'dimmed'}>{reason.label}</Text>
            <ActionIcon variant="subtle" aria-label={`Rename ${reason.label}`} onClick={() => setDraft(reason.label)}>
              <IconPencil size={16} />
            </ActionIcon>
          </Group>
        ) : (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              aria-label={`New name for ${reason.label}`}
              size="xs"
              maxLength={REVISION_REASON_LABEL_MAX}
              value={draft}
              error={error}
              data-autofocus
              onChange={(e) => {
                setDraft(e.currentTarget.value);
                setError(null);
              }}
              onKeyDown={(e) => e.key === 'Enter' && save()}
            />
            <ActionIcon aria-label="Save name" disabled={!draft.trim()} loading={update.isPending} onClick={save}>
              <IconCheck size={16} />
            </ActionIcon>
            <ActionIcon variant="default" aria-label="Cancel rename" onClick={() => setDraft(null)}>
              <IconX size={16} />
            </ActionIcon>
          </Group>
        )}
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={reason.used > 0 ? 'grape' : 'gray'}>
          {reason.used}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Switch
          label="Offered"
          aria-label={`${reason.label} offered`}
          checked={reason.active}
          disabled={update.isPending}
          onChange={(e) => update.mutate({ key: reason.key, active: e.currentTarget.checked })}
        />
      </Table.Td>
    </Table.Tr>
  );
}

/** Settings › Revision reasons (admin): the list the revision dialog offers; a reason is switched off, never deleted. */
export function RevisionReasonsPanel() {
  const reasons = useAllRevisionReasons();
  const reorder = useReorderRevisionReasons();
  const list = reasons.data?.reasons ?? [];
  const move = (index: number, step: -1 | 1) => {
    const keys = list.map((r) => r.key);
    const [key] = keys.splice(index, 1);
    keys.splice(index + step, 0, key!);
    reorder.mutate(keys);
  };
  return (
    <Stack gap="lg">
      <Text c="dimmed" fz="sm">
        The reasons a customer or the team picks when asking for a revision. Switch one off to stop offering it;
        revisions that named it keep it in the dashboard.
      </Text>
      <AddReason />
      <QueryTable
        query={reasons}
        rows={(data) => data.reasons}
        label="Revision reasons"
        headers={['Order', 'Reason', 'Used']}
        minWidth={460}
        errorMessage={MSG.generic}
        empty={null}
        renderRow={(r) => {
          const i = list.indexOf(r);
          return (
            <ReasonRow
              key={r.key}
              reason={r}
              first={i === 0}
              last={i === list.length - 1}
              onMove={(step) => move(i, step)}
            />
          );
        }}
      />
    </Stack>
  );
}
