import '@mantine/dates/styles.css';
import { useState } from 'react';
import { Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import {
  IconAddressBook,
  IconCalendar,
  IconDownload,
  IconPlayerPause,
  IconPlayerPlay,
  IconRotateClockwise,
  IconSearch,
  IconTrash,
  IconUserPlus,
} from '@tabler/icons-react';
import {
  API,
  CUSTOMER_ACTIVITY,
  MSG,
  REFERRALS,
  SUBSCRIPTION_TYPES,
  TABLE_PAGE_SIZE,
  choicesOf,
  fill,
  isOptionOf,
  labelOf,
  type ReplyOf,
} from '@cutroom/domain';
import { ActivityBadge } from '../../components/activity-badge';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyStateCard } from '../../components/empty-state-card';
import { PageHeader } from '../../components/page-header';
import { ReloadButton } from '../../components/reload-button';
import { formatDateTime } from '../../lib/format-time';
import { useCurrentUser } from '../../lib/session';
import { DEFAULT_LABELS, PATHS, navLabel } from '../../app/paths';
import { AddUserModal } from './add-user-modal';
import {
  exportCustomersHref,
  mayCall,
  useCustomers,
  useDeleteUser,
  useRenewSubscription,
  useToggleSubscription,
  type CustomerFilters,
} from './api';
import { ClearFilters, Pager, SEARCH_DEBOUNCE_MS } from './list-controls';
import { PersonCard, PeopleGrid } from './person-card';

type Customer = ReplyOf<typeof API.users.customers>['customers'][number];
type Action = 'delete' | 'deactivate' | 'activate' | 'renew';

const isPlan = isOptionOf(SUBSCRIPTION_TYPES);
const isReferral = isOptionOf(REFERRALS);
const isActivity = isOptionOf(CUSTOMER_ACTIVITY);
const choices = (list: readonly { value: string; label: string }[]) => list.map((o) => ({ ...o }));

/** 'WEEKLY', or 'CUSTOM (6)' for a custom plan (spec 002 §4). */
function planLabel(customer: Customer): string {
  if (!customer.subscription_type) return 'No plan';
  const label = labelOf(SUBSCRIPTION_TYPES, customer.subscription_type);
  return customer.subscription_type === 'custom' && customer.custom_subscription
    ? `${label} (${customer.custom_subscription})`
    : label;
}

const CONFIRM: Record<Action, { title: string; message: string; label: string; danger: boolean }> = {
  delete: { title: 'Delete customer', message: MSG.confirmDeleteUser, label: 'Delete', danger: true },
  deactivate: {
    title: 'Deactivate customer',
    message: MSG.confirmDeactivateCustomer,
    label: 'Deactivate',
    danger: true,
  },
  activate: { title: 'Activate customer', message: MSG.confirmActivateCustomer, label: 'Activate', danger: false },
  renew: { title: 'Renew subscription', message: MSG.confirmRenewSubscription, label: 'Renew', danger: false },
};

function Stat({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Paper p="sm" radius="lg" withBorder>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700} aria-label={label}>
        {value ?? '–'}
      </Text>
    </Paper>
  );
}

/** /customers ('My Customers'): the customers the viewer serves, with the admin's filters and actions (spec 002 §2). */
export function CustomersPage() {
  const viewer = useCurrentUser();
  const role = viewer.client_type;
  const mobile = useMediaQuery('(max-width: 48em)');
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [filters, setFilters] = useState<Omit<CustomerFilters, 'search'>>({});
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState<{ action: Action; customer: Customer } | null>(null);
  const remove = useDeleteUser(MSG.deleteCustomerFailed);
  const toggle = useToggleSubscription();
  const renew = useRenewSubscription();

  const canFilter = mayCall(API.users.exportCustomers, role);
  const canAdd = mayCall(API.users.create, role);
  const canDelete = mayCall(API.users.remove, role);
  const canToggle = mayCall(API.users.toggleSubscription, role);
  const canRenew = mayCall(API.users.renewSubscription, role);

  const debounced = search.trim() ? typed : '';
  // A half-chosen range waits for its end date.
  const dates = range[0] && range[1] ? { startDate: range[0], endDate: range[1] } : {};
  const applied: CustomerFilters = { ...(debounced ? { search: debounced } : {}), ...filters, ...dates };
  const query = useCustomers({ ...applied, offset: (page - 1) * TABLE_PAGE_SIZE, limit: TABLE_PAGE_SIZE });
  const counters = query.data?.counters;
  const activeFilters =
    (search.trim() ? 1 : 0) + Object.values(filters).filter(Boolean).length + (range[0] || range[1] ? 1 : 0);

  const setFilter = <K extends keyof typeof filters>(key: K, value: (typeof filters)[K] | undefined) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(1);
  };
  const clear = () => {
    setSearch('');
    setFilters({});
    setRange([null, null]);
    setPage(1);
  };

  const confirm = () => {
    if (!pending) return;
    const { action, customer } = pending;
    const done = { onSettled: () => setPending(null) };
    if (action === 'delete') remove.mutate(customer.client_id, done);
    else if (action === 'renew') renew.mutate(customer.client_id, done);
    else toggle.mutate({ id: customer.client_id, active: action === 'activate' }, done);
  };
  const busy = remove.isPending || renew.isPending || toggle.isPending;
  const spec = pending ? CONFIRM[pending.action] : null;

  const actionsFor = (customer: Customer) => {
    const name = customer.fullname;
    const active = customer.is_active_subscription;
    const ask = (action: Action) => () => setPending({ action, customer });
    const buttons = [
      canToggle && (
        <Button
          key="toggle"
          size="compact-sm"
          variant="subtle"
          color={active ? 'orange' : 'green'}
          leftSection={active ? <IconPlayerPause size={14} /> : <IconPlayerPlay size={14} />}
          aria-label={`${active ? 'Deactivate' : 'Activate'} ${name}`}
          onClick={ask(active ? 'deactivate' : 'activate')}
        >
          {active ? 'Deactivate' : 'Activate'}
        </Button>
      ),
      canRenew && (
        <Button
          key="renew"
          size="compact-sm"
          variant="subtle"
          leftSection={<IconRotateClockwise size={14} />}
          aria-label={`Renew ${name}`}
          onClick={ask('renew')}
        >
          Renew
        </Button>
      ),
      canDelete && (
        <Button
          key="delete"
          size="compact-sm"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} />}
          aria-label={`Delete ${name}`}
          onClick={ask('delete')}
        >
          Delete
        </Button>
      ),
    ].filter(Boolean);
    return buttons.length ? buttons : null;
  };

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
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" data-testid="customer-counters">
          <Stat label="Active" value={counters?.active} />
          <Stat label="Inactive" value={counters?.inactive} />
          <Stat label="Allowed cards (30 days)" value={counters?.allowedCards30d} />
          <Stat label="Requested cards" value={counters?.requestedCards} />
        </SimpleGrid>
        <Group gap="sm" wrap="wrap" align="flex-end">
          <TextInput
            aria-label="Search"
            placeholder="Search by name"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', sm: 240 }}
          />
          {canFilter && (
            <>
              <Select
                aria-label="Customer Type"
                placeholder="Customer Type"
                clearable
                data={choices(SUBSCRIPTION_TYPES)}
                value={filters.customerType ?? null}
                onChange={(v: string | null) => setFilter('customerType', v && isPlan(v) ? v : undefined)}
                w={{ base: '100%', sm: 170 }}
              />
              <Select
                aria-label="Referral"
                placeholder="Referral"
                clearable
                data={choicesOf(REFERRALS)}
                value={filters.referral ?? null}
                onChange={(v: string | null) => setFilter('referral', v && isReferral(v) ? v : undefined)}
                w={{ base: '100%', sm: 170 }}
              />
              <Select
                aria-label="Customer Activity"
                placeholder="Customer Activity"
                clearable
                data={choices(CUSTOMER_ACTIVITY)}
                value={filters.activity ?? null}
                onChange={(v: string | null) => setFilter('activity', v && isActivity(v) ? v : undefined)}
                w={{ base: '100%', sm: 190 }}
              />
              <DatePickerInput
                type="range"
                aria-label="Created between"
                placeholder="Created between"
                leftSection={<IconCalendar size={16} />}
                valueFormat="MM/DD/YY"
                clearable
                numberOfColumns={mobile ? 1 : 2}
                value={range}
                onChange={(r) => {
                  setRange([r[0] ? String(r[0]) : null, r[1] ? String(r[1]) : null]);
                  setPage(1);
                }}
                w={{ base: '100%', sm: 230 }}
              />
            </>
          )}
          <ClearFilters count={activeFilters} onClear={clear} />
        </Group>
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
            <PersonCard
              key={customer.client_id}
              person={customer}
              badges={
                customer.is_active_subscription ? (
                  <Badge color="green" variant="light">
                    Active
                  </Badge>
                ) : (
                  <Badge color="gray" variant="light">
                    Inactive
                  </Badge>
                )
              }
              actions={actionsFor(customer)}
            >
              <SimpleGrid cols={3} spacing="xs">
                <Stack gap={0}>
                  <Text fz="xs" c="dimmed">
                    Plan
                  </Text>
                  <Text fz="sm" fw={600}>
                    {planLabel(customer)}
                  </Text>
                </Stack>
                <Stack gap={0}>
                  <Text fz="xs" c="dimmed">
                    Allowed
                  </Text>
                  <Text fz="sm" fw={600}>
                    {customer.totalAllowedVideoCount ?? 'Unlimited'}
                  </Text>
                </Stack>
                <Stack gap={0}>
                  <Text fz="xs" c="dimmed">
                    Requested (30 days)
                  </Text>
                  <Text fz="sm" fw={600}>
                    {customer.oneMonthCreatedVideo}
                  </Text>
                </Stack>
              </SimpleGrid>
              <Group gap="xs" justify="space-between" wrap="nowrap">
                <Text fz="xs" c="dimmed">
                  Last login: {customer.last_login_time ? formatDateTime(customer.last_login_time) : 'Never'}
                </Text>
                {/* 'Never' already says what the band's '-' would. */}
                {customer.last_login_time && <ActivityBadge lastLogin={customer.last_login_time} size="sm" />}
              </Group>
            </PersonCard>
          )}
        />
        <Pager count={query.data?.count ?? 0} page={page} onChange={setPage} />
      </Stack>
      {canAdd && <AddUserModal opened={adding} onClose={() => setAdding(false)} fixedRole="customer" />}
      <ConfirmDialog
        opened={pending !== null}
        title={spec?.title ?? ''}
        message={spec && pending ? fill(spec.message, { name: pending.customer.fullname }) : ''}
        confirmLabel={spec?.label}
        danger={spec?.danger}
        loading={busy}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
      />
    </>
  );
}
