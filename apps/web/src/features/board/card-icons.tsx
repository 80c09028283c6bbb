import type { ReactNode } from 'react';
import {
  IconArrowsShuffle,
  IconBrandYoutube,
  IconCircleCheckFilled,
  IconListCheck,
  IconPlayerPauseFilled,
  IconRefresh,
  IconStarFilled,
  IconUserCheck,
} from '@tabler/icons-react';
import { openFixLabel } from '@cutroom/domain';
import type { CardTileReply } from '@cutroom/domain/schemas';
import { TooltipOnDemand } from '../../components/tooltip-on-demand';
import classes from './tile.module.css';

/** `color` names a Mantine colour and shade, as in its CSS variables: "yellow-7". */
function Marker({ label, color, children }: { label: string; color: string; children: ReactNode }) {
  return (
    <TooltipOnDemand label={label} withArrow>
      <span className={classes.marker} style={{ color: `var(--mantine-color-${color})` }} aria-label={label} role="img">
        {children}
      </span>
    </TooltipOnDemand>
  );
}

/** The spec's tile icons (000 §4): rating, completion, revision, pause, repurpose; plus the YouTube helper and approvals. */
export function CardIcons({ card }: { card: CardTileReply }) {
  const size = 15;
  return (
    <div className={classes.markers} data-testid={`card-icons-${card.card_id}`}>
      {card.doneCardRating !== null && (
        <Marker label={`Rated ${card.doneCardRating} of 5`} color="yellow-7">
          <IconStarFilled size={size} />
          <span>{card.doneCardRating}</span>
        </Marker>
      )}
      {card.is_complete && (
        <Marker label="Completed" color="green-7">
          <IconCircleCheckFilled size={size} />
        </Marker>
      )}
      {card.revision_nr > 0 && (
        <Marker label={`Revision ${card.revision_nr}`} color="orange-7">
          <IconRefresh size={size} />
          <span>{card.revision_nr}</span>
        </Marker>
      )}
      {card.open_fix_items > 0 && (
        <Marker label={openFixLabel(card.open_fix_items)} color="grape-7">
          <IconListCheck size={size} />
          <span>{card.open_fix_items}</span>
        </Marker>
      )}
      {card.approvals && (
        <Marker label={`${card.approvals.approved} of ${card.approvals.of} approved`} color="teal-7">
          <IconUserCheck size={size} />
          <span>
            {card.approvals.approved}/{card.approvals.of}
          </span>
        </Marker>
      )}
      {card.paused && (
        <Marker label="Paused" color="red-7">
          <IconPlayerPauseFilled size={size} />
        </Marker>
      )}
      {card.has_repurpose && (
        <Marker label={card.is_repurpose_complete ? 'Repurposed' : 'Repurpose requested'} color="cyan-7">
          <IconArrowsShuffle size={size} />
        </Marker>
      )}
      {card.has_youtube_helper && (
        <Marker label="YouTube helper" color="red-6">
          <IconBrandYoutube size={size} />
        </Marker>
      )}
    </div>
  );
}
