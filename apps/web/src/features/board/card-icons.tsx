import type { ReactNode } from 'react';
import { Group, Text } from '@mantine/core';
import {
  IconArrowsShuffle,
  IconBrandYoutube,
  IconCircleCheckFilled,
  IconListCheck,
  IconPlayerPauseFilled,
  IconRefresh,
  IconStarFilled,
} from '@tabler/icons-react';
import { openFixLabel, type CardTileReply } from '@cutroom/domain';
import { TooltipOnDemand } from '../../components/tooltip-on-demand';

function Marker({ label, color, children }: { label: string; color: string; children: ReactNode }) {
  return (
    <TooltipOnDemand label={label} withArrow>
      <Group gap={2} wrap="nowrap" c={color} aria-label={label} role="img" fz="xs" fw={600}>
        {children}
      </Group>
    </TooltipOnDemand>
  );
}

/** The spec's tile icons (000 §4): rating, completion, revision, pause, repurpose; plus the YouTube helper. */
export function CardIcons({ card }: { card: CardTileReply }) {
  const size = 15;
  return (
    <Group gap={8} wrap="nowrap" data-testid={`card-icons-${card.card_id}`}>
      {card.doneCardRating !== null && (
        <Marker label={`Rated ${card.doneCardRating} of 5`} color="yellow.7">
          <IconStarFilled size={size} />
          <Text span inherit>
            {card.doneCardRating}
          </Text>
        </Marker>
      )}
      {card.is_complete && (
        <Marker label="Completed" color="green.7">
          <IconCircleCheckFilled size={size} />
        </Marker>
      )}
      {card.revision_nr > 0 && (
        <Marker label={`Revision ${card.revision_nr}`} color="orange.7">
          <IconRefresh size={size} />
          <Text span inherit>
            {card.revision_nr}
          </Text>
        </Marker>
      )}
      {card.open_fix_items > 0 && (
        <Marker label={openFixLabel(card.open_fix_items)} color="grape.7">
          <IconListCheck size={size} />
          <Text span inherit>
            {card.open_fix_items}
          </Text>
        </Marker>
      )}
      {card.paused && (
        <Marker label="Paused" color="red.7">
          <IconPlayerPauseFilled size={size} />
        </Marker>
      )}
      {card.has_repurpose && (
        <Marker label={card.is_repurpose_complete ? 'Repurposed' : 'Repurpose requested'} color="cyan.7">
          <IconArrowsShuffle size={size} />
        </Marker>
      )}
      {card.has_youtube_helper && (
        <Marker label="YouTube helper" color="red.6">
          <IconBrandYoutube size={size} />
        </Marker>
      )}
    </Group>
  );
}
