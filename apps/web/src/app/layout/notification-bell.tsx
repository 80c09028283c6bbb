import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PATHS } from '../paths';

/** The top-bar bell; the notifications feature will feed it the polled unread count. */
export function NotificationBell({ count }: { count: number }) {
  const label = count === 1 ? '1 unread notification' : `${count} unread notifications`;
  return (
    <Tooltip label="Notifications" withArrow>
      <Indicator label={count > 99 ? '99+' : count} size={18} color="red" offset={4} disabled={count === 0} withBorder>
        <ActionIcon
          component={Link}
          to={PATHS.notifications}
          variant="subtle"
          color="gray"
          size="lg"
          radius="xl"
          aria-label={`Notifications, ${label}`}
          data-testid="notification-bell"
          data-count={count}
        >
          <IconBell size={22} stroke={1.6} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
