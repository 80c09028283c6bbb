import '@mantine/dates/styles.css';
import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Switch, Table, TextInput, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconCalendar, IconCalendarOff, IconPencil, IconTrash } from '@tabler/icons-react';
import { MSG, TITLE_MAX } from '@cutroom/domain';
import type { HolidayView } from '@cutroom/domain/schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyStateCard } from '../../components/empty-state-card';
import { QueryTable } from '../../components/query-table';
import { isApiError } from '../../lib/api-client';
import { useHolidays, useSaveHoliday, useUpdateHoliday } from './api';

interface HolidayValues {
  holiday_title: string;
  holiday_date: string | null;
}

const EMPTY: HolidayValues = { holiday_title: '', holiday_date: null };

/** Add a holiday, or edit the one chosen in the list (Save becomes Update). */
function HolidayForm({ editing, onDone }: { editing: HolidayView | null; onDone: () => void }) {
  const save = useSaveHoliday();
  const update = useUpdateHoliday();
  const form = useForm<HolidayValues>({
    initialValues: editing ? { holiday_title: editing.holiday_title, holiday_date: editing.holiday_date } : EMPTY,
  });
  const { holiday_title: title, holiday_date: date } = form.values;
  const ready = title.trim() !== '' && !!date;
  const pending = save.isPending || update.isPending;

  const showFieldError = (error: unknown) => {
    if (isApiError(error) && error.field) form.setFieldError(error.field, error.message);
  };

  const submit = form.onSubmit((values) => {
    if (!values.holiday_date) return;
    const fields = { holiday_title: values.holiday_title.trim(), holiday_date: values.holiday_date };
    if (editing) {
      update.mutate({ id: editing.id, ...fields }, { onSuccess: onDone, onError: showFieldError });
    } else {
      save.mutate(
        { ...fields, holiday_status: 1, is_deleted: 0 },
        {
          onSuccess: () => {
            form.reset();
            onDone();
          },
          onError: showFieldError,
        },
      );
    }
  });

  return (
    <Paper p="md" radius="lg" withBorder component="form" onSubmit={submit} aria-label="Holiday form">
      <Title order={2} fz="h4" mb="sm">
        {editing ? 'Edit holiday' : 'Add a holiday'}
      </Title>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <DatePickerInput
          label="Date"
          placeholder="Pick a date"
          leftSection={<IconCalendar size={16} />}
          valueFormat="YYYY-MM-DD"
          w={{ base: '100%', sm: 200 }}
          data-testid="holiday-date"
          {...form.getInputProps('holiday_date')}
        />
        <TextInput
          label="Title"
          placeholder="e.g. Independence Day"
          maxLength={TITLE_MAX}
          style={{ flex: '1 1 220px' }}
          data-testid="holiday-title"
          {...form.getInputProps('holiday_title')}
        />
      </Group>
      <Group justify="flex-end" mt="md" gap="sm">
        {editing && (
          <Button variant="default" onClick={onDone} disabled={pending}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={!ready} loading={pending} data-testid="holiday-save">
          {editing ? 'Update' : 'Save'}
        </Button>
      </Group>
    </Paper>
  );
}

function HolidayRow({ holiday, onEdit, onDelete }: { holiday: HolidayView; onEdit: () => void; onDelete: () => void }) {
  const update = useUpdateHoliday(MSG.holidayStatusFailed);
  return (
    <Table.Tr data-testid={`holiday-${holiday.id}`}>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{holiday.holiday_date}</Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{holiday.holiday_title}</Table.Td>
      <Table.Td>
        <Switch
          aria-label={`${holiday.holiday_title} is on`}
          checked={holiday.holiday_status}
          disabled={update.isPending}
          onChange={(e) => update.mutate({ id: holiday.id, holiday_status: e.currentTarget.checked ? 1 : 0 })}
        />
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <ActionIcon variant="subtle" aria-label={`Edit ${holiday.holiday_title}`} onClick={onEdit}>
            <IconPencil size={18} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${holiday.holiday_title}`} onClick={onDelete}>
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The Holiday List tab: the form, then the holidays newest first (the server's order; deleted ones left out). */
export function HolidaysPanel() {
  const holidays = useHolidays();
  const remove = useUpdateHoliday(MSG.holidayDeleteFailed);
  const [editing, setEditing] = useState<HolidayView | null>(null);
  const [deleting, setDeleting] = useState<HolidayView | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { id: deleting.id, is_deleted: 1 },
      {
        onSettled: () => setDeleting(null),
        onSuccess: () => {
          if (editing?.id === deleting.id) setEditing(null);
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <HolidayForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      <QueryTable
        query={holidays}
        rows={(data) => data.holidays}
        label="Holidays"
        headers={['Date', 'Title', 'Status']}
        minWidth={420}
        rowHeight={40}
        errorMessage={MSG.somethingWentWrong}
        empty={
          <EmptyStateCard
            icon={<IconCalendarOff />}
            title="No holidays yet"
            description="Holidays you add here are listed newest first."
          />
        }
        renderRow={(h) => (
          <HolidayRow key={h.id} holiday={h} onEdit={() => setEditing(h)} onDelete={() => setDeleting(h)} />
        )}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete holiday"
        message={MSG.confirmDeleteHoliday}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
