import { Anchor, Badge, Group, Table, Tooltip } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconCalendarOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CARD_STATUS_LABELS, MSG, YT_STATUS_LABELS, promiseLabel } from '@cutroom/domain';
import type { DueCard, DueCardsReply } from '@cutroom/domain/schemas';
import { EmptyStateCard } from '../../components/empty-state-card';
import { QueryTable } from '../../components/query-table';
import { cardDetailsPath } from '../../lib/card-url';
import { formatEst } from '../../lib/format-time';
import { STATUS_COLORS } from '../board/public';

/** The status tag in the board's colours (columns.ts is light; the tile modules would pull the board in); listed by the helper due date, the helper status shows beside it. */
function StatusTags({ card, helper }: { card: DueCard; helper: boolean }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Badge variant="light" color={STATUS_COLORS[card.card_status]} data-testid={`due-status-${card.card_id}`}>
        {CARD_STATUS_LABELS[card.card_status]}
      </Badge>
      {helper && card.yt_card_status && (
        <Badge variant="outline" color="gray">
          YT: {YT_STATUS_LABELS[card.yt_card_status]}
        </Badge>
      )}
      {card.at_risk && card.expected_at && (
        <Tooltip label={`First cut expected by ${promiseLabel(card.expected_at)}, after the due date`} withArrow>
          <Badge color="red" variant="light" data-testid={`due-at-risk-${card.card_id}`}>
            At risk
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}

function DueCardRow({ card, helper }: { card: DueCard; helper: boolean }) {
  return (
    <Table.Tr data-testid={`due-card-${card.card_id}`}>
      <Table.Td maw={360}>
        <Anchor component={Link} to={cardDetailsPath(card.card_id)} fw={600} lineClamp={2}>
          {card.card_title}
        </Anchor>
      </Table.Td>
      <Table.Td>{card.client_name}</Table.Td>
      <Table.Td>{card.qa_name ?? '—'}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatEst(card.due)}</Table.Td>
      <Table.Td>
        <StatusTags card={card} helper={helper} />
      </Table.Td>
      {/* QueryTable keeps a last column for row actions; this list has none. */}
      <Table.Td />
    </Table.Tr>
  );
}

interface DueCardsTableProps {
  query: UseQueryResult<DueCardsReply>;
  /** Listed by the helper due date: the helper status is shown too. */
  helper: boolean;
}

/** The day's cards with the list states every table shares: loading, error with retry, empty. */
export function DueCardsTable({ query, helper }: DueCardsTableProps) {
  return (
    <QueryTable
      query={query}
      rows={(data) => data.cards}
      label="Cards By Date"
      headers={['Card title', 'Customer', 'QA', 'Date', 'Status']}
      minWidth={760}
      errorMessage={MSG.generic}
      empty={
        <EmptyStateCard icon={<IconCalendarOff size={34} stroke={1.5} />} title={MSG.noCardsMatch} description="" />
      }
      renderRow={(card) => <DueCardRow key={card.card_id} card={card} helper={helper} />}
    />
  );
}
