import '@mantine/dates/styles.css';
import { useRef, useState } from 'react';
import { DataList, Loader, Select, Text } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { MSG, ROLE_LABELS, type CardDetailReply, type UserView } from '@cutroom/domain';
import { notify } from '../../../lib/notify';
import { policyFor } from '../../../lib/policy';
import { useAssign, useAssignableStaff, useDueDate } from '../api';
import { formatEst, isoToNyWall, nyWallToIso } from '../../../lib/format-time';
import { fullName } from '../format';
import listClasses from './details.module.css';

function AssignSelect({ card }: { card: CardDetailReply }) {
  const staff = useAssignableStaff(true);
  const assign = useAssign(card.card_id);
  const options = (staff.data ?? []).map((u) => ({
    value: String(u.client_id),
    label: `${fullName(u.firstname, u.lastname)} · ${ROLE_LABELS[u.client_type]}`,
  }));
  // The current assignee stays selectable even when outside the caller's list.
  if (card.assigned_to && !options.some((o) => o.value === String(card.assigned_to))) {
    options.unshift({ value: String(card.assigned_to), label: card.assigned_to_name ?? `User ${card.assigned_to}` });
  }
  return (
    <Select
      size="sm"
      w={{ base: '100%', xs: 300 }}
      aria-label="Assigned to"
      placeholder="Not assigned"
      data={options}
      value={card.assigned_to ? String(card.assigned_to) : null}
      searchable
      clearable
      allowDeselect
      nothingFoundMessage={MSG.noOneMatches}
      rightSection={staff.isPending || assign.isPending ? <Loader size={14} /> : undefined}
      onChange={(value) => {
        const next = value ? Number(value) : null;
        if (next !== card.assigned_to) assign.mutate(next);
      }}
      data-testid="assign-select"
    />
  );
}

interface DueDatePickerProps {
  due: string | null;
  /** The call that saves the date (the card's, or its helper side's). */
  save: { mutate: (iso: string, options: { onError: () => void }) => void; isPending: boolean };
  label?: string;
  testId?: string;
}

/** A due date in New York time, saved when the picker closes on a new value. */
export function DueDatePicker({ due, save, label = 'Due date (EST)', testId = 'due-date-picker' }: DueDatePickerProps) {
  const initial = isoToNyWall(due);
  const [value, setValue] = useState<string | null>(initial);
  // The picker calls onChange and then closes in one go; the close must see the new value.
  const latest = useRef(initial);
  const commit = (wall: string | null) => {
    if (wall === initial) return;
    const iso = nyWallToIso(wall);
    if (!iso) {
      setValue(initial);
      latest.current = initial;
      return notify.error(MSG.invalidDueDate);
    }
    save.mutate(iso, { onError: () => setValue(initial) });
  };
  return (
    <DateTimePicker
      size="sm"
      w={{ base: '100%', xs: 300 }}
      aria-label={label}
      placeholder="Pick a date and time"
      valueFormat="MMM D, YYYY h:mm A [EST]"
      value={value}
      onChange={(next) => {
        latest.current = next;
        setValue(next);
      }}
      onDropdownClose={() => commit(latest.current)}
      timePickerProps={{ format: '12h' }}
      rightSection={save.isPending ? <Loader size={14} /> : undefined}
      data-testid={testId}
    />
  );
}

function CardDueDate({ card }: { card: CardDetailReply }) {
  const save = useDueDate(card.card_id);
  return <DueDatePicker due={card.due_date} save={save} />;
}

/** Who works the card and by when; changing either is for the roles of spec 001 §6. */
export function AssignmentRows({ card, viewer }: { card: CardDetailReply; viewer: UserView }) {
  const may = policyFor(viewer, card);
  const qa = fullName(card.qa_firstname, card.qa_lastname);
  const helper = fullName(card.yt_firstname, card.yt_lastname);
  return (
    <DataList labelWidth={150} withDivider classNames={listClasses} data-testid="assignment-rows">
      <DataList.Item>
        <DataList.ItemLabel>Assigned to</DataList.ItemLabel>
        <DataList.ItemValue>
          {may.assign ? (
            <AssignSelect card={card} />
          ) : (
            (card.assigned_to_name ?? (
              <Text span c="dimmed" fz="sm">
                Not assigned
              </Text>
            ))
          )}
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>QA</DataList.ItemLabel>
        <DataList.ItemValue>
          {qa || (
            <Text span c="dimmed" fz="sm">
              Not assigned
            </Text>
          )}
        </DataList.ItemValue>
      </DataList.Item>
      {card.has_youtube_helper && (
        <DataList.Item>
          <DataList.ItemLabel>YouTube helper</DataList.ItemLabel>
          <DataList.ItemValue>
            {helper || (
              <Text span c="dimmed" fz="sm">
                Not assigned
              </Text>
            )}
          </DataList.ItemValue>
        </DataList.Item>
      )}
      <DataList.Item>
        <DataList.ItemLabel>Due date</DataList.ItemLabel>
        <DataList.ItemValue>
          {may.editDueDate ? <CardDueDate key={card.due_date ?? 'none'} card={card} /> : formatEst(card.due_date)}
        </DataList.ItemValue>
      </DataList.Item>
      {card.has_youtube_helper && card.yt_due_date && (
        <DataList.Item>
          <DataList.ItemLabel>YouTube due date</DataList.ItemLabel>
          <DataList.ItemValue>{formatEst(card.yt_due_date)}</DataList.ItemValue>
        </DataList.Item>
      )}
    </DataList>
  );
}
