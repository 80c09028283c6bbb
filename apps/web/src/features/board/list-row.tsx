import { memo } from 'react';
import { Link } from 'react-router';
import type { CardTileReply } from '@cutroom/domain/schemas';
import type { RouteState } from '../../lib/route-state';
import { cardDetailsPath } from '../../lib/card-url';
import { FOLLOWS_OWN_LINK } from '../../lib/follow-own-link';
import { CardIcons } from './card-icons';
import { CardActionsMenu, CardStatusMenu } from './card-menus';
import { Assignee, CardTileFooter, DueDate, MarkDoneButton } from './card-tile';
import classes from './list.module.css';
import tile from './tile.module.css';
import { useCardActions } from './move-workflow';

/**
 * One card in the list view: a table-like row on wide screens, a stacked card at 768 px or less. Memoized: the
 * list draws again on every change of the page's address or filters, its rows only when their card changes.
 */
export const ListRow = memo(function ListRow({ card, mobile }: { card: CardTileReply; mobile: boolean }) {
  const { user } = useCardActions();
  const path = cardDetailsPath(card.card_id);
  const title = (
    <div className={classes.titleCell}>
      <Link
        to={path}
        state={{ tile: card } satisfies RouteState}
        className={`${tile.title} ${classes.titleLink} mantine-focus-auto`}
      >
        {card.card_title}
      </Link>
      {user.client_type !== 'customer' && (
        <div className={`${tile.small} ${tile.dimmed} ${tile.truncate}`}>{card.client_name}</div>
      )}
    </div>
  );

  if (mobile) {
    return (
      <div className={`${classes.row} ${classes.stacked}`} data-testid={`card-${card.card_id}`} {...FOLLOWS_OWN_LINK}>
        <div className={tile.row} data-spread data-top>
          {title}
          <CardActionsMenu card={card} />
        </div>
        <CardTileFooter card={card} />
      </div>
    );
  }

  return (
    <div className={`${classes.row} ${classes.grid}`} data-testid={`card-${card.card_id}`} {...FOLLOWS_OWN_LINK}>
      {title}
      <div>
        <CardStatusMenu card={card} />
      </div>
      <div>
        <DueDate card={card} />
      </div>
      <div>
        <Assignee name={card.assigned_to_name} />
      </div>
      <div>
        <CardIcons card={card} />
      </div>
      <div className={classes.actions}>
        <MarkDoneButton card={card} fullWidth={false} />
        <CardActionsMenu card={card} />
      </div>
    </div>
  );
});
