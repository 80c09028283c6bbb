import { Badge, NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { INBOX_ROLES, sidebarFor, type Role } from '@cutroom/domain';
import { useInboxUnseen } from '../../features/inbox/api';
import { NAV_ICONS } from './nav-icons';

/** A path is active on itself and on the pages under it; home only on itself. */
const isActive = (pathname: string, path: string) =>
  path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);

interface SidebarLinksProps {
  role: Role;
  /** Closes the drawer on phones once a page is chosen. */
  onNavigate?: () => void;
}

/** The role's menu (spec 000 §6, 002 §6), in the order the domain package gives. */
export function SidebarLinks({ role, onNavigate }: SidebarLinksProps) {
  const { pathname } = useLocation();
  // Support shows the unseen support messages (spec 002 §2), kept live.
  const unseen = useInboxUnseen(INBOX_ROLES.includes(role));
  return (
    // The browser's own scrolling: Mantine's ScrollArea measured itself at mount, forcing a layout on every page's first render.
    <div style={{ flex: 1, minHeight: 0, overflowY: 'auto', overscrollBehavior: 'contain' }}>
      <Stack gap={2}>
        {sidebarFor(role).map((item) => {
          const Icon = NAV_ICONS[item.key];
          const active = isActive(pathname, item.path);
          return (
            <NavLink
              key={item.key}
              component={Link}
              to={item.path}
              label={item.label}
              leftSection={<Icon size={20} stroke={1.6} aria-hidden="true" />}
              rightSection={
                item.key === 'support' && unseen > 0 ? (
                  <Badge
                    color="green"
                    size="sm"
                    circle={unseen < 10}
                    aria-label={`${unseen} unseen`}
                    data-testid="support-unseen-badge"
                    data-count={unseen}
                  >
                    {unseen > 99 ? '99+' : unseen}
                  </Badge>
                ) : undefined
              }
              active={active}
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
              variant="light"
              fw={500}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          );
        })}
      </Stack>
    </div>
  );
}
