import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MenuOnDemand } from '../../components/menu-on-demand';
import { ROLE_LABELS } from '@cutroom/domain';
import type { UserView } from '@cutroom/domain/schemas';
import { useLogout } from '../../lib/session';
import { PATHS } from '../../lib/paths';

const initials = (user: UserView) => `${user.firstname.charAt(0)}${user.lastname.charAt(0)}`.toUpperCase();

/** Name, role, Profile and Logout (spec 000 §2). */
export function UserMenu({ user }: { user: UserView }) {
  const logout = useLogout();
  const roleLabel = ROLE_LABELS[user.client_type];

  function logOut() {
    // A full page load after logout leaves nothing of the old session in memory.
    logout.mutate(undefined, { onSettled: () => window.location.replace(PATHS.login) });
  }

  return (
    <MenuOnDemand
      position="bottom-end"
      width={240}
      shadow="md"
      withinPortal
      target={
        <UnstyledButton
          aria-label={`Account menu for ${user.fullname}`}
          data-testid="user-menu"
          style={{ borderRadius: 'var(--mantine-radius-xl)', padding: 4 }}
        >
          <Group gap={8} wrap="nowrap">
            <Avatar src={user.profile_img} color="brand" radius="xl" size={34} alt="">
              {initials(user)}
            </Avatar>
            <Box visibleFrom="sm" style={{ lineHeight: 1.2, maxWidth: 160 }}>
              <Text fz="sm" fw={600} truncate>
                {user.fullname}
              </Text>
              <Text fz="xs" c="dimmed" truncate>
                {roleLabel}
              </Text>
            </Box>
            <IconChevronDown size={16} stroke={1.8} aria-hidden="true" />
          </Group>
        </UnstyledButton>
      }
    >
      <Box px="sm" py={8}>
        <Text fz="sm" fw={600} truncate data-testid="user-menu-name">
          {user.fullname}
        </Text>
        <Text fz="xs" c="dimmed" truncate data-testid="user-menu-role">
          {roleLabel}
        </Text>
        <Text fz="xs" c="dimmed" truncate>
          {user.useremail}
        </Text>
      </Box>
      <Menu.Divider />
      <Menu.Item component={Link} to={PATHS.profile} leftSection={<IconUserCircle size={18} />}>
        Profile
      </Menu.Item>
      <Menu.Item
        color="red"
        leftSection={<IconLogout size={18} />}
        onClick={logOut}
        disabled={logout.isPending}
        data-testid="logout"
      >
        Logout
      </Menu.Item>
    </MenuOnDemand>
  );
}
