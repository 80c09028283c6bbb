import type { CSSProperties, HTMLAttributes, Ref } from 'react';
import { Anchor, Avatar, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import type { CardTileReply } from '@cutroom/domain';
import { cardDetailsPath } from '../../lib/card-url';
import { formatDue, isOverdue } from '../../lib/format-time';
import classes from './board.module.css';
import { CardIcons } from './card-icons';
import { CardActionsMenu, CardStatusMenu, TileControls } from './card-menus';
import { cardPermissions, markDoneLabel } from './move-plan';
import { useCardActions } from './move-workflow';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();

/** Due dates matter while someone is working on the card. */
const TRACKED = new Set(['editing', 'qa']);

export function DueDate({ card }: { card: CardTileReply }) {
  if (!card.due_date) return null;
  const late = TRACKED.has(card.card_status) && isOverdue(card.due_date);
  const when = formatDue(card.due_date);
  return (
    <Tooltip label={`${late ? 'Overdue since' : 'Due'} ${when} (New York time)`} withArrow openDelay={300}>
      <Group gap={4} wrap="nowrap" c={late ? 'red.7' : 'dimmed'} fz="xs" miw={0}>
        <IconClock size={13} style={{ flexShrink: 0 }} />
        <Text span fz="xs" fw={late ? 600 : 400} truncate>
          {late ? 'Overdue ' : 'Due '}
          {when.replace(/ EST$/, '')}
        </Text>
      </Group>
    </Tooltip>
  );
}

/** The editor on the card; tiles show just the initials, rows the first name too. */
export function Assignee({ name, compact = false }: { name: string | null; compact?: boolean }) {
  if (!name) return null;
  return (
    <Tooltip label={`Editor: ${name}`} withArrow openDelay={300}>
      <Group gap={4} wrap="nowrap" miw={0} aria-label={`Editor: ${name}`}>
        <Avatar size={22} radius="xl" color="brand" variant="light" fz={10}>
          {initials(name)}
        </Avatar>
        {!compact && (
          <Text fz="xs" c="dimmed" truncate maw={96}>
            {name.split(' ')[0]}
          </Text>
        )}
      </Group>
    </Tooltip>
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
      <Group justify="space-between" wrap="nowrap" gap={6}>
        <CardStatusMenu card={card} />
        <CardIcons card={card} />
      </Group>
      {(card.due_date || card.assigned_to_name) && (
        <Group justify="space-between" wrap="nowrap" gap={6}>
          <DueDate card={card} />
          <Assignee name={card.assigned_to_name} compact={compact} />
        </Group>
      )}
      <MarkDoneButton card={card} />
    </>
  );
}

export interface CardTileProps extends HTMLAttributes<HTMLDivElement> {
  card: CardTileReply;
  ref?: Ref<HTMLDivElement>;
  /** The copy under the pointer while dragging. */
  overlay?: boolean;
  /** The original left in its column while its copy is dragged. */
  dragging?: boolean;
  style?: CSSProperties;
}

/** A card on the board: title, customer (staff), status menu, icons, due date and editor. */
export function CardTile({ card, ref, overlay, dragging, className, ...rest }: CardTileProps) {
  const { user } = useCardActions();
  const navigate = useNavigate();
  const path = cardDetailsPath(card.card_id);
  const classNames = [classes.tile, dragging && classes.tileDragging, overlay && classes.tileOverlay, className];
  return (
    <Paper
      ref={ref}
      p="sm"
      radius="md"
      data-testid={overlay ? undefined : `card-${card.card_id}`}
      data-status={card.card_status}
      className={classNames.filter(Boolean).join(' ')}
      onClick={() => void navigate(path)}
      {...rest}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap={4}>
          <Anchor
            component={Link}
            to={path}
            fz="sm"
            fw={600}
            lh={1.35}
            underline="hover"
            className={classes.tileTitle}
            // The tile drags with dnd-kit; the browser's own link dragging would fight it.
            draggable={false}
            onClick={(e) => e.stopPropagation()}
          >
            {card.card_title}
          </Anchor>
          <CardActionsMenu card={card} />
        </Group>
        {user.client_type !== 'customer' && (
          <Text fz="xs" c="dimmed" truncate mt={-4}>
            {card.client_name}
          </Text>
        )}
        <CardTileFooter card={card} compact />
      </Stack>
    </Paper>
  );
}
