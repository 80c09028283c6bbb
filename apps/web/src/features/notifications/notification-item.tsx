import { Avatar, Badge, Box, Group, Text, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { NOTIFICATION_TYPES } from '@cutroom/domain';
import type { NotificationView } from '@cutroom/domain/schemas';
import { cardDetailsPath } from '../../lib/card-url';
import { formatEst } from '../../lib/format-time';
import { cardIdOf, useMarkRead } from './api';
import classes from './notifications.module.css';

const TYPE_LABEL = Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t.value, t.label]));
const initials = (n: NotificationView) => `${n.firstname?.[0] ?? ''}${n.lastname?.[0] ?? ''}`.toUpperCase() || '?';

/** Opening one marks it seen and goes to its card (spec 002 §4). */
export function useOpenNotification(onOpened?: () => void) {
  const navigate = useNavigate();
  const markRead = useMarkRead();
  return (n: NotificationView) => {
    if (!n.seen) markRead.mutate({ ids: [n.id], quiet: true });
    const cardId = cardIdOf(n);
    onOpened?.();
    if (cardId) void navigate(cardDetailsPath(cardId));
  };
}

interface NotificationItemProps {
  n: NotificationView;
  onOpen: (n: NotificationView) => void;
  /** On the page the avatar selects the notification for Mark as read; the bell leaves it out. */
  selected?: boolean;
  onToggle?: (id: number) => void;
  compact?: boolean;
}

/** One notification: who, what, when, unseen or not; the text opens the card. */
export function NotificationItem({ n, onOpen, selected = false, onToggle, compact = false }: NotificationItemProps) {
  const who = [n.firstname, n.lastname].filter(Boolean).join(' ') || 'Cutroom';
  const avatar = (
    <Avatar
      src={selected ? null : n.profile_img}
      color={selected ? 'blue' : 'brand'}
      radius="xl"
      size={compact ? 32 : 40}
      alt=""
    >
      {selected ? <IconCheck size={18} /> : initials(n)}
    </Avatar>
  );
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      align="flex-start"
      className={classes.item}
      data-unseen={!n.seen || undefined}
      data-testid="notification-item"
      data-id={n.id}
    >
      {onToggle ? (
        <UnstyledButton
          onClick={() => onToggle(n.id)}
          aria-pressed={selected}
          aria-label={`${selected ? 'Unselect' : 'Select'} notification from ${who}`}
          className={classes.avatarButton}
          data-testid="notification-select"
        >
          {avatar}
        </UnstyledButton>
      ) : (
        avatar
      )}
      <UnstyledButton onClick={() => onOpen(n)} className={classes.body} data-testid="notification-open">
        <Text fz="sm" fw={n.seen ? 400 : 600} lineClamp={compact ? 2 : 3}>
          {n.data}
        </Text>
        <Group gap={6} mt={4} wrap="wrap">
          <Text fz="xs" c="dimmed">
            {formatEst(n.created_at)}
          </Text>
          {!compact && (
            <Badge size="xs" variant="light" color="gray">
              {TYPE_LABEL[n.type] ?? n.type}
            </Badge>
          )}
        </Group>
      </UnstyledButton>
      <Box pt={6} w={10}>
        {!n.seen && <Box className={classes.dot} role="img" aria-label="Unread" />}
      </Box>
    </Group>
  );
}
