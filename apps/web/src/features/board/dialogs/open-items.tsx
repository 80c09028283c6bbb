import { Alert, Checkbox, List, Text } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import { formatClock } from '../../../lib/format';

/** One thing still open on the card: where it is in the video, if anywhere, and what it says. */
export interface OpenItem {
  key: string;
  time: number | null;
  text: string;
}

interface OpenItemsProps {
  /** The question, with the count in it. */
  title: string;
  confirmLabel: string;
  items: OpenItem[];
  accepted: boolean;
  onAccept: (accepted: boolean) => void;
  /** The alert's test id; its checkbox's is this with `-confirm`. */
  testId: string;
}

/** What a move leaves open (the customer's items, delivery QC's findings): the mover confirms going on anyway. */
export function OpenItems({ title, confirmLabel, items, accepted, onAccept, testId }: OpenItemsProps) {
  return (
    <Alert color="grape" variant="light" icon={<IconListCheck size={18} />} data-testid={testId}>
      <Text fz="sm" fw={500}>
        {title}
      </Text>
      <List size="sm" my={6} spacing={2}>
        {items.slice(0, 8).map((item) => (
          <List.Item key={item.key}>
            {item.time !== null ? `${formatClock(item.time)} · ` : ''}
            {item.text}
          </List.Item>
        ))}
      </List>
      {items.length > 8 && (
        <Text fz="xs" c="dimmed">
          and {items.length - 8} more
        </Text>
      )}
      <Checkbox
        mt={6}
        label={confirmLabel}
        checked={accepted}
        onChange={(e) => onAccept(e.currentTarget.checked)}
        data-testid={`${testId}-confirm`}
      />
    </Alert>
  );
}
