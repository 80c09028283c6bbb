import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconAddressBook, IconDownload, IconUserPlus } from '@tabler/icons-react';
import { API } from '@cutroom/domain/contract';
import { MSG, TABLE_PAGE_SIZE } from '@cutroom/domain';
import { EmptyStateCard } from '../../components/empty-state-card';
import { PageHeader } from '../../components/page-header';
import { ReloadButton } from '../../components/reload-button';
import { useCurrentUser } from '../../lib/session';
import { PATHS } from '../../lib/paths';
import { DEFAULT_LABELS, navLabel } from '../../lib/nav-labels';
import { AddUserModal } from './add-user-modal';
import { exportCustomersHref, mayCall, useCustomers } from './api';
import { CustomerActionDialog, customerActions, type PendingAction } from './customer-actions';
import { CustomerCard } from './customer-card';
import { CustomerCounters } from './customer-counters';
import { CustomerFilterBar } from './customer-filter-bar';
import { Pager } from './list-controls';
import { PeopleGrid } from './person-card';
import { useCustomerFilters } from './use-customer-filters';

/** /customers ('My Customers'): the customers the viewer serves, with the admin's filters and actions (spec 002 §2). */
export function CustomersPage() {
  const viewer = useCurrentUser();
  const role = viewer.client_type;
  const filters = useCustomerFilters();
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState<PendingAction | null>(null);

  const canFilter = mayCall(API.users.exportCustomers, role);
  const canAdd = mayCall(API.users.create, role);
  const { applied, page } = filters;
  const query = useCustomers({ ...applied, offset: (page - 1) * TABLE_PAGE_SIZE, limit: TABLE_PAGE_SIZE });

  return (
    <>
      <PageHeader
        title={navLabel(role, PATHS.customers, DEFAULT_LABELS.customers)}
        actions={
          <>
            <ReloadButton label="Reload" loading={query.isFetching} onReload={() => void query.refetch()} />
            {canFilter && (
              <Button
                component="a"
                href={exportCustomersHref(applied)}
                download
                variant="default"
                leftSection={<IconDownload size={16} />}
                data-testid="export-customers"
              >
                Export
              </Button>
            )}
            {canAdd && (
              <Button leftSection={<IconUserPlus size={16} />} onClick={() => setAdding(true)}>
                Add Customer
              </Button>
            )}
          </>
        }
      />
      <Stack gap="md">
        <CustomerCounters counters={query.data?.counters} />
        <CustomerFilterBar state={filters} canFilter={canFilter} />
        <PeopleGrid
          query={query}
          people={(data) => data.customers}
          label="Customers"
          errorMessage={MSG.customersLoadFailed}
          empty={
            <EmptyStateCard
              icon={<IconAddressBook size={34} stroke={1.5} />}
              title={MSG.noCustomersMatch}
              description=""
            />
          }
          renderPerson={(customer) => (
            <CustomerCard
              key={customer.client_id}
              customer={customer}
              actions={customerActions(customer, role, setPending)}
            />
          )}
        />
        <Pager count={query.data?.count ?? 0} page={page} onChange={filters.setPage} />
      </Stack>
      {canAdd && <AddUserModal opened={adding} onClose={() => setAdding(false)} fixedRole="customer" />}
      <CustomerActionDialog pending={pending} onClose={() => setPending(null)} />
    </>
  );
}
