import type { ReactNode, SyntheticEvent } from 'react';
import { ActionIcon, Badge, Box, ColorSwatch, Menu, UnstyledButton } from '@mantine/core';
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
import { CARD_STATUS_LABELS, MSG, type CardTileReply } from '@cutroom/domain';
import { columnOfStatus, STATUS_COLORS } from './columns';
import { cardPermissions, movesFor } from './move-plan';
import { useCardActions } from './move-workflow';

const stop = (e: SyntheticEvent) => e.stopPropagation();

/** Keeps clicks, presses and keys inside a tile's controls from opening the card or starting a drag. */
export function TileControls({ children }: { children: ReactNode }) {
  return (
    <Box onClick={stop} onMouseDown={stop} onTouchStart={stop} onKeyDown={stop} style={{ display: 'contents' }}>
      {children}
    </Box>
  );
}

/** The status menu: the targets come from the domain's card policy (see movesFor). */
export function CardStatusMenu({ card }: { card: CardTileReply }) {
  const { user, requestMove } = useCardActions();
  const targets = movesFor(user, card);
  const label = CARD_STATUS_LABELS[card.card_status];
  return (
    <TileControls>
      <MenuOnDemand
        position="bottom-start"
        shadow="md"
        width={210}
        withinPortal
        target={
          <UnstyledButton aria-label={`Status ${label}: move card`} data-testid={`status-menu-${card.card_id}`}>
            <Badge
              color={STATUS_COLORS[card.card_status]}
              variant="light"
              radius="sm"
              tt="none"
              rightSection={<IconChevronDown size={12} />}
              style={{ cursor: 'pointer' }}
            >
              {label}
            </Badge>
          </UnstyledButton>
        }
      >
        <Menu.Label>Move to</Menu.Label>
        {targets.length === 0 ? (
          <Menu.Item disabled>{MSG.noMoves}</Menu.Item>
        ) : (
          targets.map((to) => (
            <Menu.Item
              key={to}
              leftSection={<ColorSwatch size={10} color={`var(--mantine-color-${STATUS_COLORS[to]}-6)`} />}
              onClick={() => requestMove(card, to)}
            >
              {columnOfStatus(to).title}
            </Menu.Item>
          ))
        )}
      </MenuOnDemand>
    </TileControls>
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
