import type { MouseEvent } from 'react';
import { OWN_LINK_CONTROLS } from '@cutroom/domain';

/**
 * A click on a tile or a row follows its title link, as a click on the title would. The link navigates, not a
 * `useNavigate` in every tile: that hook subscribes each tile to the router's state, so every navigation's
 * start drew the whole board again before the next page came (issue 36).
 */
export function followOwnLink(event: MouseEvent<HTMLElement>) {
  const target = event.target as Element;
  // A click on the link itself or on a control in the tile is theirs; one in a menu or dialog the tile opened
  // (a portal: React bubbles it here, the page does not hold it inside the tile) is not the tile's.
  if (event.defaultPrevented || !event.currentTarget.contains(target)) return;
  if (target.closest(OWN_LINK_CONTROLS)) return;
  event.currentTarget.querySelector<HTMLAnchorElement>('a[href]')?.click();
}

/**
 * A tile's or a row's props: the click that follows its link, and the mark by which a phone's drawn page follows
 * it before the app runs (public/first-screen-start.js, given the same controls by the server).
 */
export const FOLLOWS_OWN_LINK = { onClick: followOwnLink, 'data-follows-link': '' } as const;
