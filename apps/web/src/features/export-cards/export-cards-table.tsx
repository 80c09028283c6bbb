import { Anchor, Badge, Table } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconFileOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CARD_STATUS_LABELS, MSG } from '@cutroom/domain';
import type { ExportCardsReply } from '@cutroom/domain/schemas';
import { EmptyStateCard } from '../../components/empty-state-card';
import { QueryTable } from '../../components/query-table';
import { cardDetailsPath } from '../../lib/card-url';
import { formatEst } from '../../lib/format-time';
import { STATUS_COLORS } from '../board/public';

/** The cards View loaded, with the list states every table shares. */
export function ExportCardsTable({ query }: { query: UseQueryResult<ExportCardsReply> }) {
  return (
    <QueryTable
      query={query}
      rows={(data) => data.cards}
      label="Cards"
      headers={['Card title', 'Status', 'QA name', 'Customer name', 'Created date']}
      minWidth={880}
      errorMessage={MSG.dataLoadFailed}
      empty={<EmptyStateCard icon={<IconFileOff size={34} stroke={1.5} />} title={MSG.noDataFound} description="" />}
      renderRow={(card) => (
        <Table.Tr key={card.card_id} data-testid={`export-card-${card.card_id}`}>
          <Table.Td maw={360}>
            <Anchor component={Link} to={cardDetailsPath(card.card_id)} fw={600} lineClamp={2}>
              {card.card_title}
            </Anchor>
          </Table.Td>
          <Table.Td>
            <Badge variant="light" color={STATUS_COLORS[card.card_status]}>
              {CARD_STATUS_LABELS[card.card_status]}
            </Badge>
          </Table.Td>
          <Table.Td>{card.qa_name ?? '—'}</Table.Td>
          <Table.Td>{card.customer_name}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatEst(card.created_at)}</Table.Td>
          {/* QueryTable keeps a last column for row actions; this list has none. */}
          <Table.Td />
        </Table.Tr>
      )}
    />
  );
}
