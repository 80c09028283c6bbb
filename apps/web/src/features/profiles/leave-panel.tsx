import '@mantine/dates/styles.css';
import { useState } from 'react';
import { ActionIcon, Button, Checkbox, Group, Paper, Stack, Table, Textarea, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconBeach, IconCalendar, IconTrash } from '@tabler/icons-react';
import { API } from '@cutroom/domain/contract';
import {
  LEAVE_REASON_MAX,
  leaveNotifyChoices,
  updateLeaveBody,
  type LeaveNotifyChoice,
  type LeaveView,
  type UserView,
} from '@cutroom/domain/schemas';
import { MSG } from '@cutroom/domain';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyStateCard } from '../../components/empty-state-card';
import { QueryTable } from '../../components/query-table';
import { isApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/session';
import { useAddLeave, useDeleteLeave, useLeaveHistory } from './api';

interface LeaveValues {
  start: string | null;
  end: string | null;
  reason: string;
  notifyOptions: LeaveNotifyChoice[];
}

const NOTIFY_LABELS: Record<LeaveNotifyChoice, string> = {
  user: 'Notify the user',
  team_lead: 'Notify their team lead',
};

const EMPTY: LeaveValues = { start: null, end: null, reason: '', notifyOptions: [] };

/** Admin's Add Leave form; the dates are checked with the server's own rule (start after end is refused, equal passes). */
function AddLeaveForm({ person }: { person: UserView }) {
  const add = useAddLeave(person.client_id);
  const form = useForm<LeaveValues>({ initialValues: EMPTY });
  const { start, end, reason } = form.values;
  const ready = !!start && !!end && reason.trim() !== '';

  const submit = form.onSubmit((values) => {
    if (!values.start || !values.end) return;
    const body = {
      start: values.start,
      end: values.end,
      reason: values.reason.trim(),
      notifyOptions: values.notifyOptions,
      userId: person.client_id,
      userName: person.fullname,
      userClientType: person.client_type,
    };
    const checked = updateLeaveBody.safeParse(body);
    if (!checked.success) {
      for (const issue of checked.error.issues) form.setFieldError(issue.path.map(String).join('.'), issue.message);
      return;
    }
    add.mutate(body, {
      onSuccess: () => form.reset(),
      onError: (error) => {
        if (isApiError(error) && error.field) form.setFieldError(error.field, error.message || MSG.leaveUnknownError);
      },
    });
  });

  return (
    <Paper p="md" radius="lg" withBorder component="form" onSubmit={submit} aria-label="Add leave">
      <Title order={2} fz="h4" mb="sm">
        Add leave
      </Title>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <DatePickerInput
          label="Start date"
          placeholder="Pick a date"
          leftSection={<IconCalendar size={16} />}
          valueFormat="YYYY-MM-DD"
          w={{ base: '100%', sm: 200 }}
          {...form.getInputProps('start')}
        />
        <DatePickerInput
          label="End date"
          placeholder="Pick a date"
          leftSection={<IconCalendar size={16} />}
          valueFormat="YYYY-MM-DD"
          w={{ base: '100%', sm: 200 }}
          {...form.getInputProps('end')}
        />
      </Group>
      <Textarea label="Reason" mt="sm" rows={2} maxLength={LEAVE_REASON_MAX} {...form.getInputProps('reason')} />
      <Checkbox.Group label="Who is told" mt="sm" {...form.getInputProps('notifyOptions')}>
        <Group gap="md" mt={6}>
          {leaveNotifyChoices(person.client_type).map((choice) => (
            <Checkbox key={choice} value={choice} label={NOTIFY_LABELS[choice]} />
          ))}
        </Group>
      </Checkbox.Group>
      <Group justify="flex-end" mt="md">
        <Button type="submit" disabled={!ready} loading={add.isPending} data-testid="leave-submit">
          Submit
        </Button>
      </Group>
    </Paper>
  );
}

/** The Leave managment tab: the history (newest first, the server's order) and, for admins, add and delete. */
export function LeavePanel({ person }: { person: UserView }) {
  const viewer = useCurrentUser();
  const history = useLeaveHistory(person.client_id);
  const remove = useDeleteLeave(person.client_id);
  const [deleting, setDeleting] = useState<LeaveView | null>(null);
  const canAdd = API.leave.add.access.includes(viewer.client_type);
  const canDelete = API.leave.remove.access.includes(viewer.client_type);

  return (
    <Stack gap="lg">
      {canAdd && <AddLeaveForm person={person} />}
      <QueryTable
        query={history}
        rows={(data) => data.leaves}
        label="Leave history"
        headers={['Start', 'End', 'Reason']}
        minWidth={420}
        errorMessage={MSG.leaveHistoryLoadFailed}
        empty={
          <EmptyStateCard
            icon={<IconBeach />}
            title="No leave recorded"
            description="Leave periods of this team member are listed here, newest first."
          />
        }
        renderRow={(leave) => (
          <Table.Tr key={leave.leave_id} data-testid={`leave-${leave.leave_id}`}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{leave.start_date}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{leave.end_date}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{leave.reason}</Table.Td>
            <Table.Td>
              {canDelete && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete leave from ${leave.start_date}`}
                  onClick={() => setDeleting(leave)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              )}
            </Table.Td>
          </Table.Tr>
        )}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete leave"
        message={MSG.confirmDeleteLeave}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.leave_id, { onSettled: () => setDeleting(null) })}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
