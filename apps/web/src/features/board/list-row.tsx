import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { CardTileReply } from '@cutroom/domain';
import { cardDetailsPath } from '../../lib/card-url';
import { CardIcons } from './card-icons';
import { CardActionsMenu, CardStatusMenu } from './card-menus';
import { Assignee, CardTileFooter, DueDate, MarkDoneButton } from './card-tile';
import classes from './list.module.css';
import { useCardActions } from './move-workflow';

/** One card in the list view: a table-like row on wide screens, a stacked card at 768 px or less. */
export function ListRow({ card, mobile }: { card: CardTileReply; mobile: boolean }) {
  const { user } = useCardActions();
  const navigate = useNavigate();
  const path = cardDetailsPath(card.card_id);
  const title = (
    <Stack gap={0} miw={0}>
      <Anchor
        component={Link}
        to={path}
        fz="sm"
        fw={600}
        c="inherit"
        underline="hover"
        onClick={(e) => e.stopPropagation()}
        style={{ overflowWrap: 'anywhere' }}
      >
        {card.card_title}
      </Anchor>
      {user.client_type !== 'customer' && (
        <Text fz="xs" c="dimmed" truncate>
          {card.client_name}
        </Text>
      )}
    </Stack>
  );

  if (mobile) {
    return (
      <Paper
        p="sm"
        radius="md"
        className={classes.row}
        data-testid={`card-${card.card_id}`}
        onClick={() => void navigate(path)}
      >
        <Stack gap={8}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap={6}>
            {title}
            <CardActionsMenu card={card} />
          </Group>
          <CardTileFooter card={card} />
        </Stack>
      </Paper>
    );
  }

  return (
    <Paper
      px="md"
      py="sm"
      radius="md"
      className={`${classes.row} ${classes.grid}`}
      data-testid={`card-${card.card_id}`}
      onClick={() => void navigate(path)}
    >
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
      <Group gap={6} justify="flex-end" wrap="nowrap">
        <MarkDoneButton card={card} fullWidth={false} />
        <CardActionsMenu card={card} />
      </Group>
    </Paper>
  );
}
