import { useState, type ReactNode } from 'react';
import { Anchor, AppShell, Box, Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet } from 'react-router';
import { SIDEBAR_COLLAPSE_PX } from '@cutroom/domain';
import { Logo, LogoMark } from '../../components/logo';
import { useCurrentUser } from '../../lib/session';
import { PATHS } from '../../lib/paths';
import { useSidebarIsDrawer } from '../../lib/phone-layout';
import { NotificationBell } from './notification-bell';
import { NavigationProgress } from './navigation-progress';
import { NyClock } from './ny-clock';
import { SidebarLinks } from './sidebar';
import { UserMenu } from './user-menu';
import { HydrationSlice } from '../../components/hydration-slice';

const NAVBAR_WIDTH = 248;

/** The authenticated shell: top bar, role sidebar (a drawer below 992 px), and the page. */
export function AppLayout({ children }: { children?: ReactNode }) {
  const user = useCurrentUser();
  const [opened, { toggle, close }] = useDisclosure(false);
  // A closed drawer's links are drawn when it first opens: on a phone's first screen they were a fifth of the page to draw and hydrate, unseen.
  const drawer = useSidebarIsDrawer();
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (opened && !drawerUsed) setDrawerUsed(true);
  const linksDrawn = !drawer || opened || drawerUsed;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: NAVBAR_WIDTH, breakpoint: SIDEBAR_COLLAPSE_PX, collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'lg' }}
      bg="gray.0"
    >
      <AppShell.Header px={{ base: 'sm', sm: 'md' }}>
        <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={opened ? 'Close navigation' : 'Open navigation'}
            />
            <Anchor component={Link} to={PATHS.home} underline="never" c="inherit" aria-label="Cutroom home">
              <Box visibleFrom="xs">
                <Logo size={30} />
              </Box>
              <Box hiddenFrom="xs">
                <LogoMark size={30} />
              </Box>
            </Anchor>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <HydrationSlice>
              <NyClock />
              <NotificationBell />
              <UserMenu user={user} />
            </HydrationSlice>
          </Group>
        </Group>
        <NavigationProgress />
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label="Main navigation" data-testid="sidebar">
        {linksDrawn && (
          <HydrationSlice>
            <SidebarLinks role={user.client_type} onNavigate={close} />
          </HydrationSlice>
        )}
        {/* Only the role's menu links live in the nav, so it can be counted and checked against the spec. */}
        <Text fz="xs" c="dimmed" pt="sm" px="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
          © {new Date().getFullYear()} Cutroom
        </Text>
      </AppShell.Navbar>

      <AppShell.Main>
        <Box maw={1280} mx="auto">
          {children ?? <Outlet />}
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
