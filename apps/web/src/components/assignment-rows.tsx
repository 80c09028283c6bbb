import { DataList, Loader, Select, Text } from '@mantine/core';
import { MSG, ROLE_LABELS, fullName } from '@cutroom/domain';
import type { CardDetailReply, UserView } from '@cutroom/domain/schemas';
import { policyFor } from '../lib/policy';
import { useAssignableStaff } from '../lib/card/assignable-staff';
import { useAssign, useDueDate } from '../lib/card/card-edits';
import { formatEst, isoToNyWall } from '../lib/format-time';
import { HydrationSlice } from './hydration-slice';
import { PickerOnDemand } from './picker-on-demand';
import listClasses from './details.module.css';
import type { DueDatePickerProps } from './due-date-picker';

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

const loadPicker = () => import('./due-date-picker');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** New York wall time ('2026-11-27 09:56:00') as the picker shows it ('MMM D, YYYY h:mm A [EST]'). */
export function wallLabel(wall: string): string {
  const [y, mo, d, h, mi] = wall.split(/[- :]/).map(Number) as [number, number, number, number, number];
  const minutes = String(mi).padStart(2, '0');
  return `${MONTHS[mo - 1]} ${d}, ${y} ${h % 12 || 12}:${minutes} ${h < 12 ? 'AM' : 'PM'} EST`;
}

/** A due date in New York time; the picker (and @mantine/dates) loads with the first click (issue 17). */
export function DueDatePicker(props: DueDatePickerProps) {
  const { label = 'Due date (EST)', testId = 'due-date-picker' } = props;
  const wall = isoToNyWall(props.due);
  return (
    <PickerOnDemand
      load={loadPicker}
      props={props}
      field={{ 'aria-label': label, 'data-testid': testId, w: { base: '100%', xs: 300 } }}
      text={wall && wallLabel(wall)}
      placeholder="Pick a date and time"
      busy={props.save.isPending}
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
            <HydrationSlice>
              <AssignSelect card={card} />
            </HydrationSlice>
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
