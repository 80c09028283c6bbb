import { Center, Loader, Modal, Text, Timeline } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import {
  CAPTION_ACTIVITY_EDITED,
  CAPTION_ACTIVITY_LABEL,
  MSG,
  ROLE_LABELS,
  activityStatusLabel,
  decisionOfActivity,
  isRole,
} from '@cutroom/domain';
import { errorMessage } from '../../../lib/api-client';
import { formatEst } from '../../../lib/format-time';
import { useCardActivity, type ActivityEntry } from '../api';

const statusLabel = (value: string | null) => (value ? activityStatusLabel(value) : value);

function who(entry: ActivityEntry) {
  // A guest's decision has no account behind it: their name is the entry's own.
  if (entry.user_id === 0 && entry.actor_name) return `${entry.actor_name} (guest)`;
  if (entry.user_id === 0) return MSG.automaticMove;
  const name = [entry.firstname, entry.lastname].filter(Boolean).join(' ') || 'Someone';
  return entry.client_type && isRole(entry.client_type) ? `${name} (${ROLE_LABELS[entry.client_type]})` : name;
}

/** Staff see who moved a card and when (spec 000 §2 "Other dialogs"). */
export function ActivityDialog({ cardId, title, onClose }: { cardId: number; title: string; onClose: () => void }) {
  const activity = useCardActivity(cardId);
  return (
    <Modal opened onClose={onClose} title={`Card Activity · ${title}`} centered radius="lg">
      <div data-testid="activity-dialog">
        {activity.isPending ? (
          <Center py="lg">
            <Loader size="sm" />
          </Center>
        ) : activity.isError ? (
          <Text c="red">{errorMessage(activity.error)}</Text>
        ) : activity.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            {MSG.noActivity}
          </Text>
        ) : (
          <Timeline bulletSize={22} lineWidth={2}>
            {activity.data.map((entry, i) => (
              <Timeline.Item key={i} bullet={<IconArrowRight size={12} />} title={who(entry)}>
                <Text fz="sm">
                  {decisionOfActivity(entry.card_activity_status)
                    ? `Decided: ${statusLabel(entry.card_activity_status)}`
                    : entry.card_activity_status === CAPTION_ACTIVITY_EDITED
                      ? CAPTION_ACTIVITY_LABEL
                      : `${entry.from_status ? `${statusLabel(entry.from_status)} → ` : 'Created in '}${statusLabel(entry.card_activity_status)}`}
                </Text>
                <Text fz="xs" c="dimmed">
                  {formatEst(entry.created_at)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </div>
    </Modal>
  );
}
