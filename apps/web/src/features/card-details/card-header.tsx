import { useState } from 'react';
import { ActionIcon, Badge, Group, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconCheck,
  IconCircleCheckFilled,
  IconPencil,
  IconPlayerPause,
  IconStar,
  IconStarFilled,
  IconX,
} from '@tabler/icons-react';
import { CARD_STATUS_LABELS, MSG, TITLE_MAX } from '@cutroom/domain';
import type { CardTileReply, UserView } from '@cutroom/domain/schemas';
import { ExpectedBy } from '../../components/expected-by';
import { notify } from '../../lib/notify';
import { policyFor } from '../../lib/policy';
import { CardStatusMenu, MoveWorkflow, movesFor } from '../board/public';
import { ChecklistBadge } from '../chat/public';
import { useUpdateTitle } from '../../lib/card/card-edits';
import { TooltipOnDemand } from '../../components/tooltip-on-demand';

/** The header reads only what a board tile also holds (and the archive date), so it can show before the card. */
export type HeaderCard = CardTileReply & { archived_at?: string | null };

interface CardHeaderProps {
  card: HeaderCard;
  viewer: UserView;
  onBack: () => void;
}

/** Admins rename a card in place; empty and unchanged titles are answered before any call (spec 001 §2). */
function TitleEditor({ card, onDone }: { card: HeaderCard; onDone: () => void }) {
  const [value, setValue] = useState(card.card_title);
  const update = useUpdateTitle(card.card_id);
  const save = () => {
    const title = value.trim();
    if (!title) return notify.error(MSG.titleEmpty);
    if (title === card.card_title) {
      notify.info(MSG.titleUnchanged);
      return onDone();
    }
    update.mutate({ oldTitle: card.card_title, card_title: title }, { onSuccess: onDone });
  };
  return (
    <form
      style={{ flex: 1, minWidth: 0 }}
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Group gap={6} wrap="nowrap">
        <TextInput
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Escape' && onDone()}
          maxLength={TITLE_MAX}
          aria-label="Card title"
          autoFocus
          style={{ flex: 1 }}
          data-testid="title-input"
        />
        <ActionIcon type="submit" size="lg" aria-label="Save title" loading={update.isPending}>
          <IconCheck size={18} />
        </ActionIcon>
        <ActionIcon size="lg" variant="default" aria-label="Cancel" onClick={onDone}>
          <IconX size={18} />
        </ActionIcon>
      </Group>
    </form>
  );
}

/**
 * The card's status, and the moves its viewer may make from it, as the board's tile offers them (Move to QA,
 * delivering with its link, …): an editor need not go back to the board to hand a cut on.
 */
function StatusControl({ card, viewer }: { card: HeaderCard; viewer: UserView }) {
  if (card.archived_at || movesFor(viewer, card).length === 0)
    return (
      <Badge variant="light" size="md" data-testid="card-status">
        {CARD_STATUS_LABELS[card.card_status]}
      </Badge>
    );
  return (
    <span data-testid="card-status">
      <MoveWorkflow user={viewer}>
        <CardStatusMenu card={card} />
      </MoveWorkflow>
    </span>
  );
}

/** Back, the title, the rating star and the done check, with the card's status beside them. */
export function CardHeader({ card, viewer, onBack }: CardHeaderProps) {
  const [editing, setEditing] = useState(false);
  useDocumentTitle(`${card.card_title} · Cutroom`);
  const rating = card.doneCardRating ?? card.repurposeCardRating;
  const complete = card.is_complete || card.card_status === 'completed_done';

  return (
    <Group gap="sm" wrap="nowrap" align="center" data-testid="card-header">
      <TooltipOnDemand label="Back">
        <ActionIcon variant="default" size="lg" radius="xl" aria-label="Back" onClick={onBack}>
          <IconArrowLeft size={18} />
        </ActionIcon>
      </TooltipOnDemand>
      {editing ? (
        <TitleEditor card={card} onDone={() => setEditing(false)} />
      ) : (
        <Group gap="xs" wrap="wrap" style={{ flex: 1, minWidth: 0 }} align="center">
          <Title
            order={1}
            fz={{ base: 20, sm: 26 }}
            lh={1.25}
            style={{ overflowWrap: 'anywhere' }}
            data-testid="card-title"
          >
            {card.card_title}
          </Title>
          {policyFor(viewer, card).editTitle && (
            <TooltipOnDemand label="Edit title">
              <ActionIcon variant="subtle" color="gray" aria-label="Edit title" onClick={() => setEditing(true)}>
                <IconPencil size={16} />
              </ActionIcon>
            </TooltipOnDemand>
          )}
          <TooltipOnDemand label={rating ? `Rated ${rating} of 5` : 'Not rated yet'}>
            <Group
              gap={2}
              wrap="nowrap"
              aria-label={rating ? `Rated ${rating} of 5` : 'Not rated yet'}
              role="img"
              data-testid="card-rating"
            >
              {rating ? (
                <IconStarFilled size={18} color="var(--mantine-color-yellow-5)" />
              ) : (
                <IconStar size={18} color="var(--mantine-color-gray-5)" />
              )}
              {rating ? <span style={{ fontWeight: 600, fontSize: 14 }}>{rating}</span> : null}
            </Group>
          </TooltipOnDemand>
          {complete && (
            <TooltipOnDemand label="Marked as done">
              <ThemeIcon
                variant="transparent"
                color="teal"
                size="sm"
                aria-label="Marked as done"
                role="img"
                data-testid="card-done"
              >
                <IconCircleCheckFilled size={20} />
              </ThemeIcon>
            </TooltipOnDemand>
          )}
          <StatusControl card={card} viewer={viewer} />
          <ChecklistBadge cardId={card.card_id} open={card.open_fix_items} />
          {card.paused && (
            <Badge color="yellow" variant="light" leftSection={<IconPlayerPause size={12} />}>
              Paused
            </Badge>
          )}
          {card.archived_at && (
            <Badge color="gray" variant="filled">
              Archived
            </Badge>
          )}
          <ExpectedBy expectedAt={card.expected_at} atRisk={card.at_risk} />
        </Group>
      )}
    </Group>
  );
}
