import type { ReactNode, SyntheticEvent } from 'react';
import { ActionIcon, Badge, ColorSwatch, Menu } from '@mantine/core';
import { MenuOnDemand } from '../../components/menu-on-demand';
import {
  IconArchive,
  IconBrandYoutube,
  IconChevronDown,
  IconDots,
  IconHistory,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconResize,
} from '@tabler/icons-react';
import { CARD_STATUS_LABELS, MSG } from '@cutroom/domain';
import type { CardTileReply } from '@cutroom/domain/schemas';
import { columnOfStatus, STATUS_COLORS } from './columns';
import { cardPermissions, movesFor } from './move-plan';
import { useCardActions } from './move-workflow';
import classes from './tile.module.css';

const stop = (e: SyntheticEvent) => e.stopPropagation();

/** Keeps clicks, presses and keys inside a tile's controls from opening the card or starting a drag. */
export function TileControls({ children }: { children: ReactNode }) {
  return (
    <div onClick={stop} onMouseDown={stop} onTouchStart={stop} onKeyDown={stop} style={{ display: 'contents' }}>
      {children}
    </div>
  );
}

interface StatusMoveMenuProps<S extends string> {
  /** The status shown on the badge, and its colour. */
  label: string;
  color: string;
  testId: string;
  /** Where the user may move the card, as the domain's policy says. */
  targets: readonly S[];
  colorOf: (to: S) => string;
  titleOf: (to: S) => string;
  onMove: (to: S) => void;
}

/** A tile's status badge that opens the moves its user may make: the board's and the helper board's. */
export function StatusMoveMenu<S extends string>({
  label,
  color,
  testId,
  targets,
  colorOf,
  titleOf,
  onMove,
}: StatusMoveMenuProps<S>) {
  return (
    <TileControls>
      <MenuOnDemand
        position="bottom-start"
        shadow="md"
        width={210}
        withinPortal
        target={
          <button
            type="button"
            className={`${classes.badgeButton} mantine-focus-auto`}
            aria-label={`Status ${label}: move card`}
            data-testid={testId}
          >
            <Badge
              color={color}
              variant="light"
              radius="sm"
              tt="none"
              rightSection={<IconChevronDown size={12} />}
              style={{ cursor: 'pointer' }}
            >
              {label}
            </Badge>
          </button>
        }
      >
        <Menu.Label>Move to</Menu.Label>
        {targets.length === 0 ? (
          <Menu.Item disabled>{MSG.noMoves}</Menu.Item>
        ) : (
          targets.map((to) => (
            <Menu.Item
              key={to}
              leftSection={<ColorSwatch size={10} color={`var(--mantine-color-${colorOf(to)}-6)`} />}
              onClick={() => onMove(to)}
            >
              {titleOf(to)}
            </Menu.Item>
          ))
        )}
      </MenuOnDemand>
    </TileControls>
  );
}

/** The status menu: the targets come from the domain's card policy (see movesFor). */
export function CardStatusMenu({ card }: { card: CardTileReply }) {
  const { user, requestMove } = useCardActions();
  return (
    <StatusMoveMenu
      label={CARD_STATUS_LABELS[card.card_status]}
      color={STATUS_COLORS[card.card_status]}
      testId={`status-menu-${card.card_id}`}
      targets={movesFor(user, card)}
      colorOf={(to) => STATUS_COLORS[to]}
      titleOf={(to) => columnOfStatus(to).title}
      onMove={(to) => requestMove(card, to)}
    />
  );
}

/** Edit, enabling extras, pause, activity and archive, each shown only to those the server lets do it. */
export function CardActionsMenu({ card }: { card: CardTileReply }) {
  const actions = useCardActions();
  const can = cardPermissions(actions.user, card);
  const edit = can.edit ? actions.edit : null;
  const enableRepurpose = can.enableRepurpose ? actions.enableExtra : null;
  const enableYtHelper = can.enableYtHelper ? actions.enableExtra : null;
  if (!edit && !enableRepurpose && !enableYtHelper && !can.pause && !can.activity && !can.archive) return null;
  return (
    <TileControls>
      <MenuOnDemand
        position="bottom-end"
        shadow="md"
        width={220}
        withinPortal
        target={
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={`Actions for ${card.card_title}`}
            data-testid={`card-actions-${card.card_id}`}
          >
            <IconDots size={16} />
          </ActionIcon>
        }
      >
        {edit && (
          <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => edit(card)}>
            Edit
          </Menu.Item>
        )}
        {enableRepurpose && (
          <Menu.Item leftSection={<IconResize size={14} />} onClick={() => enableRepurpose(card, 'repurpose')}>
            Enable repurpose
          </Menu.Item>
        )}
        {enableYtHelper && (
          <Menu.Item leftSection={<IconBrandYoutube size={14} />} onClick={() => enableYtHelper(card, 'yt-helper')}>
            Enable YouTube helper
          </Menu.Item>
        )}
        {can.pause && (
          <Menu.Item
            leftSection={card.paused ? <IconPlayerPlay size={14} /> : <IconPlayerPause size={14} />}
            onClick={() => actions.togglePause(card)}
          >
            {card.paused ? 'Resume' : 'Pause'}
          </Menu.Item>
        )}
        {can.activity && (
          <Menu.Item leftSection={<IconHistory size={14} />} onClick={() => actions.showActivity(card)}>
            Activity
          </Menu.Item>
        )}
        {can.archive && (
          <Menu.Item leftSection={<IconArchive size={14} />} color="red" onClick={() => actions.archive(card)}>
            Archive
          </Menu.Item>
        )}
      </MenuOnDemand>
    </TileControls>
  );
}
