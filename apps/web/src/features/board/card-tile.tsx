import { Button } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { MSG, isInProgress } from '@cutroom/domain';
import type { CardTileReply } from '@cutroom/domain/schemas';
import { ExpectedBy } from '../../components/expected-by';
import { TooltipOnDemand } from '../../components/tooltip-on-demand';
import { cardDetailsPath } from '../../lib/card-url';
import { formatDue, isOverdue } from '../../lib/format-time';
import { CardIcons } from './card-icons';
import { CardActionsMenu, CardStatusMenu, TileControls } from './card-menus';
import { cardPermissions, markDoneLabel } from './move-plan';
import { useCardActions } from './move-workflow';
import { TileFrame, type TileFrameProps } from './tile-frame';
import classes from './tile.module.css';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();

/** A due date, red once past while someone works on the card (`tracked`). */
export function DueDateText({ due, tracked, label = 'Due' }: { due: string | null; tracked: boolean; label?: string }) {
  if (!due) return null;
  const late = tracked && isOverdue(due);
  const when = formatDue(due);
  return (
    <TooltipOnDemand label={`${late ? 'Overdue since' : label} ${when}: ${MSG.dueDateMeaning}`} withArrow>
      <span
        className={`${classes.inline} ${classes.small}`}
        style={{ color: late ? 'var(--mantine-color-red-7)' : 'var(--mantine-color-dimmed)' }}
      >
        <IconClock size={13} className={classes.icon} />
        <span className={classes.truncate} style={late ? { fontWeight: 600 } : undefined}>
          {late ? 'Overdue ' : `${label} `}
          {when}
        </span>
      </span>
    </TooltipOnDemand>
  );
}

export function DueDate({ card }: { card: CardTileReply }) {
  return <DueDateText due={card.due_date} tracked={isInProgress(card.card_status)} />;
}

/** The person working the card (the editor, or on the helper board the helper); tiles show initials, rows the first name too. */
export function Assignee({
  name,
  compact = false,
  role = 'Editor',
}: {
  name: string | null;
  compact?: boolean;
  role?: string;
}) {
  if (!name) return null;
  return (
    <TooltipOnDemand label={`${role}: ${name}`} withArrow>
      <span className={classes.inline} aria-label={`${role}: ${name}`}>
        <span className={classes.initials}>{initials(name)}</span>
        {!compact && (
          <span className={`${classes.small} ${classes.dimmed} ${classes.truncate} ${classes.assigneeName}`}>
            {name.split(' ')[0]}
          </span>
        )}
      </span>
    </TooltipOnDemand>
  );
}

export function MarkDoneButton({ card, fullWidth = true }: { card: CardTileReply; fullWidth?: boolean }) {
  const { user, markDone } = useCardActions();
  if (!cardPermissions(user, card).markDone) return null;
  return (
    <TileControls>
      <Button
        size="compact-xs"
        variant="light"
        color="green"
        fullWidth={fullWidth}
        onClick={() => markDone(card)}
        data-testid={`mark-done-${card.card_id}`}
      >
        {markDoneLabel(user.client_type)}
      </Button>
    </TileControls>
  );
}

/** Status menu and icons, due date and editor, Mark as done: under the title of a tile or a phone list row. */
export function CardTileFooter({ card, compact = false }: { card: CardTileReply; compact?: boolean }) {
  return (
    <>
      <div className={classes.row} data-spread>
        <CardStatusMenu card={card} />
        <CardIcons card={card} />
      </div>
      {(card.due_date || card.assigned_to_name) && (
        <div className={classes.row} data-spread>
          <DueDate card={card} />
          <Assignee name={card.assigned_to_name} compact={compact} />
        </div>
      )}
      <ExpectedBy expectedAt={card.expected_at} atRisk={card.at_risk} />
      <MarkDoneButton card={card} />
    </>
  );
}

export type CardTileProps = Omit<TileFrameProps, 'path' | 'showClient' | 'menu' | 'footer'>;

/** A card on the board: title, customer (staff), status menu, icons, due date and editor. */
export function CardTile({ card, ...rest }: CardTileProps) {
  const { user } = useCardActions();
  return (
    <TileFrame
      card={card}
      path={cardDetailsPath(card.card_id)}
      showClient={user.client_type !== 'customer'}
      menu={<CardActionsMenu card={card} />}
      footer={<CardTileFooter card={card} compact />}
      data-status={card.card_status}
      {...rest}
    />
  );
}
