import type { CSSProperties, HTMLAttributes, ReactNode, Ref } from 'react';
import { Link } from 'react-router';
import type { CardTileReply } from '@cutroom/domain/schemas';
import type { RouteState } from '../../lib/route-state';
import { FOLLOWS_OWN_LINK } from '../../lib/follow-own-link';
import classes from './tile.module.css';

export interface TileFrameProps extends HTMLAttributes<HTMLDivElement> {
  card: CardTileReply;
  /** Where the title and a click on the tile lead. */
  path: string;
  /** Customers see only their own cards, so the tile leaves their name out. */
  showClient: boolean;
  /** Beside the title (the normal board's actions menu). */
  menu?: ReactNode;
  /** Under the title and the customer: status, dates, people, actions. */
  footer: ReactNode;
  ref?: Ref<HTMLDivElement>;
  /** The copy under the pointer while dragging. */
  overlay?: boolean;
  /** The original left in its column while its copy is dragged. */
  dragging?: boolean;
  style?: CSSProperties;
}

/** What every board tile is: a clickable card with its title as a link, the customer, and its footer. */
export function TileFrame({
  card,
  path,
  showClient,
  menu,
  footer,
  ref,
  overlay,
  dragging,
  className,
  ...rest
}: TileFrameProps) {
  const classNames = [classes.tile, dragging && classes.tileDragging, overlay && classes.tileOverlay, className];
  const title = (
    <Link
      to={path}
      state={{ tile: card } satisfies RouteState}
      className={`${classes.title} mantine-focus-auto`}
      // The tile drags with dnd-kit; the browser's own link dragging would fight it.
      draggable={false}
    >
      {card.card_title}
    </Link>
  );
  return (
    <div
      ref={ref}
      data-testid={overlay ? undefined : `card-${card.card_id}`}
      className={classNames.filter(Boolean).join(' ')}
      {...FOLLOWS_OWN_LINK}
      {...rest}
    >
      {card.poster_url && (
        // Decorative: the title beside it names the card. Lazy, so a long column loads what is on screen.
        <img
          className={classes.poster}
          src={card.poster_url}
          alt=""
          loading="lazy"
          decoding="async"
          draggable={false}
        />
      )}
      {menu ? (
        <div className={classes.row} data-spread data-top>
          {title}
          {menu}
        </div>
      ) : (
        title
      )}
      {showClient && (
        <div className={`${classes.small} ${classes.dimmed} ${classes.truncate} ${classes.client}`}>
          {card.client_name}
        </div>
      )}
      {footer}
    </div>
  );
}
