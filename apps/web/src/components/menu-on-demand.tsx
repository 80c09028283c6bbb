import { cloneElement, useState, type ReactElement, type ReactNode } from 'react';
import { Menu, type MenuProps } from '@mantine/core';

interface MenuOnDemandProps extends Omit<MenuProps, 'opened' | 'onChange' | 'children'> {
  /** The button that opens the menu. */
  target: ReactElement<{ onClick?: (e: never) => void }>;
  /** The menu's items. */
  children: ReactNode;
}

/**
 * A menu whose Mantine parts (popover, positioning, focus trap) mount at its first click: a board draws two
 * menus per tile, and mounting them all was a large share of its first render on a slow phone (issue 17).
 * Until then the button says it opens a menu; the click mounts the menu already open.
 */
export function MenuOnDemand({ target, children, ...menuProps }: MenuOnDemandProps) {
  const [used, setUsed] = useState(false);
  const [opened, setOpened] = useState(false);
  if (!used) {
    return cloneElement(target, {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onClick: () => {
        setUsed(true);
        setOpened(true);
      },
    } as object);
  }
  return (
    <Menu {...menuProps} opened={opened} onChange={setOpened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
