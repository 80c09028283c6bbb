import { useCallback, useState } from 'react';
import {
  ActionIcon,
  Button,
  Center,
  Divider,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MSG } from '@cutroom/domain';
import { useLatestNotifications, useUnseenCount } from '../../features/notifications/api';
import { NotificationItem, useOpenNotification } from '../../features/notifications/notification-item';
import { useOpenOnAttach } from '../../components/menu-on-demand';
import { PATHS } from '../../lib/paths';

/** The latest notifications, loaded when the dropdown opens. */
function LatestList({ onClose }: { onClose: () => void }) {
  const latest = useLatestNotifications(true);
  const open = useOpenNotification(onClose);
  if (latest.isPending)
    return (
      <Center py="lg" aria-busy="true" aria-label="Loading">
        <Loader size="sm" />
      </Center>
    );
  if (latest.isError)
    return (
      <Text fz="sm" c="red" p="sm" role="alert">
        {MSG.notificationsFailed}
      </Text>
    );
  const list = latest.data.notifications;
  if (list.length === 0)
    return (
      <Text fz="sm" c="dimmed" p="sm">
        {MSG.noNotifications}
      </Text>
    );
  return (
    <ScrollArea.Autosize mah={420} type="auto">
      <Stack gap={2} data-testid="notification-dropdown-list">
        {list.map((n) => (
          <NotificationItem key={n.id} n={n} onOpen={open} compact />
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}

/** The top-bar bell: the live unseen count, and a dropdown of the latest with a way to the page. */
export function NotificationBell() {
  const { count, loaded } = useUnseenCount();
  const [opened, setOpened] = useState(false);
  // The popover (positioning, focus trap) mounts at the first click, then opens (issue 17: the first render).
  const [used, setUsed] = useState(false);
  const attach = useOpenOnAttach(useCallback(() => setOpened(true), []));
  const label = count === 1 ? '1 unread notification' : `${count} unread notifications`;
  const close = () => setOpened(false);
  const bell = (
    <Indicator label={count > 99 ? '99+' : count} size={18} color="red" offset={4} disabled={count === 0} withBorder>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        radius="xl"
        aria-label={`Notifications, ${label}`}
        aria-haspopup="dialog"
        aria-expanded={opened}
        onClick={() => (used ? setOpened((o) => !o) : setUsed(true))}
        ref={used ? attach : undefined}
        data-testid="notification-bell"
        data-count={loaded ? count : undefined}
      >
        <IconBell size={22} stroke={1.6} />
      </ActionIcon>
    </Indicator>
  );
  if (!used) return bell;
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width="min(380px, calc(100vw - 16px))"
      shadow="md"
      radius="md"
      trapFocus
      returnFocus
      withinPortal
      // The bell button states its own popup; Mantine's roles would land on the Indicator's div (not allowed there).
      withRoles={false}
    >
      <Popover.Target>{bell}</Popover.Target>
      <Popover.Dropdown p="xs" aria-label="Latest notifications" role="dialog">
        <Group justify="space-between" px="xs" pb={6}>
          <Text fw={600} fz="sm">
            Notifications
          </Text>
          <Text fz="xs" c="dimmed">
            {count} unread
          </Text>
        </Group>
        {opened && <LatestList onClose={close} />}
        <Divider my={6} />
        <Button component={Link} to={PATHS.notifications} variant="subtle" fullWidth size="xs" onClick={close}>
          See all notifications
        </Button>
      </Popover.Dropdown>
    </Popover>
  );
}
