import { Button } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { YT_IN_PROGRESS_STATUSES, YT_STATUS_LABELS, YT_STATUS_TEXT, type YtStatus, fullName } from '@cutroom/domain';
import type { CardTileReply } from '@cutroom/domain/schemas';
import { cardDetailsPath } from '../../lib/card-url';
import { ytPolicyFor, ytStatusOf } from '../../lib/policy';
import { StatusMoveMenu, TileControls } from './card-menus';
import { Assignee, DueDateText } from './card-tile';
import { useYtActions } from './yt-workflow';
import { TileFrame, type TileFrameProps } from './tile-frame';
import classes from './tile.module.css';

/** Helper status badge colours, one per status. */
export const YT_STATUS_COLORS: Record<YtStatus, string> = {
  assigned: 'gray',
  inProgress: 'blue',
  ytQA: 'violet',
  inDone: 'teal',
  cancelled: 'red',
  completed: 'green',
};

/** The helper's due date matters while the helper side is being worked. */
const TRACKED: readonly YtStatus[] = YT_IN_PROGRESS_STATUSES;

/** The helper status menu: the targets are the domain's helper policy (legalYtMoves). */
export function YtStatusMenu({ card }: { card: CardTileReply }) {
  const { user, requestMove } = useYtActions();
  const status = ytStatusOf(card) ?? 'assigned';
  return (
    <StatusMoveMenu
      label={YT_STATUS_TEXT[status]}
      color={YT_STATUS_COLORS[status]}
      testId={`yt-status-menu-${card.card_id}`}
      targets={ytPolicyFor(user, card).moves}
      colorOf={(to) => YT_STATUS_COLORS[to]}
      titleOf={(to) => YT_STATUS_LABELS[to]}
      onMove={(to) => requestMove(card, to)}
    />
  );
}

/** 'Ready For Upload' (helper roles) or 'Mark as done' (admin) on a card in Review. */
function YtMarkDoneButton({ card }: { card: CardTileReply }) {
  const { user, requestMove } = useYtActions();
  const may = ytPolicyFor(user, card);
  if (!may.markDone) return null;
  return (
    <TileControls>
      <Button
        size="compact-xs"
        variant="light"
        color="green"
        fullWidth
        onClick={() => requestMove(card, 'completed')}
        data-testid={`yt-mark-done-${card.card_id}`}
      >
        {may.markDoneLabel}
      </Button>
    </TileControls>
  );
}

/** Status, rating, helper and helper due date, and the completion button, under a helper tile's title. */
export function YtTileFooter({ card }: { card: CardTileReply }) {
  const status = ytStatusOf(card);
  const helper = fullName(card.yt_firstname, card.yt_lastname) || null;
  return (
    <>
      <div className={classes.row} data-spread>
        <YtStatusMenu card={card} />
        {card.ythelperCardRating ? (
          <span
            className={classes.marker}
            style={{ color: 'var(--mantine-color-yellow-6)', fontWeight: 400 }}
            aria-label={`Rated ${card.ythelperCardRating} of 5`}
          >
            <IconStarFilled size={13} />
            <span className={classes.dimmed}>{card.ythelperCardRating}</span>
          </span>
        ) : null}
      </div>
      {(card.yt_due_date || helper) && (
        <div className={classes.row} data-spread>
          <DueDateText due={card.yt_due_date} tracked={!!status && TRACKED.includes(status)} />
          <Assignee name={helper} compact role="YouTube helper" />
        </div>
      )}
      <YtMarkDoneButton card={card} />
    </>
  );
}

export type YtCardTileProps = Omit<TileFrameProps, 'path' | 'showClient' | 'menu' | 'footer'>;

/** A card on the helper board: title, customer (staff), helper status, helper and helper due date. */
export function YtCardTile({ card, ...rest }: YtCardTileProps) {
  const { user } = useYtActions();
  return (
    <TileFrame
      card={card}
      path={`${cardDetailsPath(card.card_id)}?tab=yt`}
      showClient={user.client_type !== 'customer'}
      footer={<YtTileFooter card={card} />}
      data-yt-status={ytStatusOf(card) ?? undefined}
      {...rest}
    />
  );
}
