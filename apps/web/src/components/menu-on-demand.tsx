import { cloneElement, useCallback, useRef, useState, type ReactElement, type ReactNode, type Ref } from 'react';
import { Menu, type MenuProps } from '@mantine/core';
import { useLocation } from 'react-router';

interface MenuOnDemandProps extends Omit<MenuProps, 'opened' | 'onChange' | 'children'> {
  /** The button that opens the menu. */
  target: ReactElement<{ onClick?: () => void; ref?: Ref<HTMLElement> }>;
  /** The menu's items. */
  children: ReactNode;
}

/**
 * The ref callback for the button that replaces the clicked one when a popup mounts on demand: it takes the
 * focus, then the popup opens, so the popup returns the focus to it when it closes.
 */
export function useOpenOnAttach(open: () => void) {
  const pending = useRef(true);
  return useCallback(
    (el: HTMLElement | null) => {
      if (!el || !pending.current) return;
      pending.current = false;
      el.focus();
      open();
    },
    [open],
  );
}

/**
 * A menu whose Mantine parts (popover, positioning, focus trap) mount at its first click: a board draws two
 * menus per tile, and mounting them all was a large share of its first render on a slow phone (issue 17).
 * Until then the button says it opens a menu; the click mounts the menu and opens it.
 */
export function MenuOnDemand({ target, children, ...menuProps }: MenuOnDemandProps) {
  const [used, setUsed] = useState(false);
  if (!used) {
    return cloneElement(target, {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onClick: () => setUsed(true),
    } as object);
  }
  return (
    <MountedMenu target={target} {...menuProps}>
      {children}
    </MountedMenu>
  );
}

/** The menu once used; it closes when the app goes to another address (a quick view opening over the board). */
function MountedMenu({ target, children, ...menuProps }: MenuOnDemandProps) {
  const { key } = useLocation();
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const attach = useOpenOnAttach(useCallback(() => setOpenedAt(key), [key]));
  return (
    <Menu {...menuProps} opened={openedAt === key} onChange={(opened) => setOpenedAt(opened ? key : null)}>
      <Menu.Target>{cloneElement(target, { ref: attach })}</Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
