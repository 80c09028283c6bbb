import { Badge, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import { FIX_STATE_LABELS, openFixLabel, withoutLeadingTimeTag } from '@cutroom/domain';
import type { ChecklistReply } from '@cutroom/domain/schemas';
import { useChecklist } from './api/revision-checklist';
import { formatClock } from '../../lib/format';
import { plainQuote } from '../../lib/comment-tokens';

const STATE_COLORS = { open: 'orange', fixed: 'teal', wont_fix: 'gray' } as const;

function RoundList({ items }: { items: ChecklistReply['items'] }) {
  return (
    <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <li key={item.note_id} data-testid="checklist-item" data-state={item.state}>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <Badge size="xs" variant="light" color={STATE_COLORS[item.state]} miw={78} style={{ flexShrink: 0 }}>
              {FIX_STATE_LABELS[item.state]}
            </Badge>
            <div style={{ minWidth: 0 }}>
              <Text fz="sm" lineClamp={2}>
                {item.video_time !== null && (
                  <Text span fz="xs" fw={600} c="dimmed" mr={4}>
                    {formatClock(item.video_time)}
                  </Text>
                )}
                {plainQuote(withoutLeadingTimeTag(item.text))}
              </Text>
              {item.wont_fix_reason && (
                <Text fz="xs" c="dimmed">
                  Won't fix: {item.wont_fix_reason}
                </Text>
              )}
            </div>
          </Group>
        </li>
      ))}
    </Stack>
  );
}

/**
 * The revision checklist at a glance (issue 19): how many of the customer's notes are open, and, opened,
 * the last round's notes with their state; earlier rounds are counted below.
 */
export function ChecklistBadge({ cardId, open }: { cardId: number; open: number }) {
  const checklist = useChecklist(cardId);
  const items = checklist.data?.items ?? [];
  if (items.length === 0 && open === 0) return null;
  const lastRound = checklist.data?.last_round ?? null;
  const last = items.filter((i) => i.round === lastRound);
  const earlier = items.length - last.length;
  const label = open > 0 ? openFixLabel(open) : `All ${items.length} notes handled`;
  return (
    <Popover width={360} position="bottom-start" shadow="md" withArrow>
      <Popover.Target>
        <UnstyledButton aria-label={`Revision checklist: ${label}`} data-testid="checklist-badge">
          <Badge
            variant="light"
            color={open > 0 ? 'grape' : 'teal'}
            size="md"
            leftSection={<IconListCheck size={12} />}
            style={{ cursor: 'pointer' }}
          >
            {label}
          </Badge>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown data-testid="checklist">
        <Text fw={600} fz="sm" mb={6}>
          Revision checklist{lastRound !== null ? ` · round ${lastRound + 1}` : ''}
        </Text>
        {checklist.isPending ? (
          <Text fz="sm" c="dimmed">
            Loading…
          </Text>
        ) : (
          <RoundList items={last} />
        )}
        {earlier > 0 && (
          <Text fz="xs" c="dimmed" mt={8}>
            {earlier} {earlier === 1 ? 'note' : 'notes'} from earlier rounds
            {items.some((i) => i.round !== lastRound && i.state === 'open') ? ', some still open' : ', all handled'}.
          </Text>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
