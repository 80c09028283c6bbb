import { useState } from 'react';
import { Anchor, Center, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MSG, TABLE_PAGE_SIZE } from '@cutroom/domain';
import type { UserView } from '@cutroom/domain/schemas';
import { customerProfilePath } from '../../lib/paths';
import { ActivityBadge } from '../../components/activity-badge';
import { EmptyStateCard } from '../../components/empty-state-card';
import { QueryTable } from '../../components/query-table';
import { formatEst } from '../../lib/format-time';
import { useAssignedCustomers } from './api';
import { profilePlan } from './profile-info';

/** Spec 002 §2 "User profile": the person's customers with their activity from the last login, 10 a page. */
export function AssigneeTable({ person }: { person: UserView }) {
  const [page, setPage] = useState(1);
  const query = useAssignedCustomers(person.client_id, page);
  const count = query.data?.count ?? 0;
  const pages = Math.ceil(count / TABLE_PAGE_SIZE);
  return (
    <Stack gap="sm" component="section" aria-labelledby="assignee-table-title" data-testid="assignee-table">
      <Group justify="space-between" gap="xs">
        <Title order={2} fz="h4" id="assignee-table-title">
          Customers
        </Title>
        {query.data && (
          <Text fz="sm" c="dimmed" data-testid="assignee-count">
            {count} {count === 1 ? 'customer' : 'customers'}
          </Text>
        )}
      </Group>
      <QueryTable
        query={query}
        rows={(data) => data.customers}
        label={`${person.fullname}'s customers`}
        headers={['Customer', 'Activity', 'Last login', 'Plan']}
        minWidth={520}
        errorMessage={MSG.customersLoadFailed}
        empty={
          <EmptyStateCard
            icon={<IconUsersGroup size={34} stroke={1.5} />}
            title="No customers yet"
            description={`Customers appear here once ${person.firstname} is assigned to them.`}
          />
        }
        renderRow={(c) => (
          <Table.Tr key={c.client_id} data-testid={`assignee-${c.client_id}`}>
            <Table.Td>
              <Anchor component={Link} to={customerProfilePath(c.client_id)} fw={600}>
                {c.fullname}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <ActivityBadge lastLogin={c.last_login_time} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {c.last_login_time ? formatEst(c.last_login_time) : '—'}
            </Table.Td>
            <Table.Td>{profilePlan(c)}</Table.Td>
            <Table.Td />
          </Table.Tr>
        )}
      />
      {pages > 1 && (
        <Center>
          <Pagination total={pages} value={page} onChange={setPage} siblings={1} aria-label="Customer pages" />
        </Center>
      )}
    </Stack>
  );
}
