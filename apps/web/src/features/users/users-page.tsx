import { useState } from 'react';
import { Badge, Button, Group, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconTrash, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { API } from '@cutroom/domain/contract';
import { MSG, TABLE_PAGE_SIZE, USER_FILTERS, fill, isOptionOf } from '@cutroom/domain';
import type { UserView } from '@cutroom/domain/schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyStateCard } from '../../components/empty-state-card';
import { PageHeader } from '../../components/page-header';
import { ReloadButton } from '../../components/reload-button';
import { useCurrentUser } from '../../lib/session';
import { PATHS } from '../../lib/paths';
import { DEFAULT_LABELS, navLabel } from '../../lib/nav-labels';
import { AddUserModal } from './add-user-modal';
import { mayCall, useDeleteUser, useUsers, type UsersQuery } from './api';
import { PersonCard, PeopleGrid } from './person-card';
import { ClearFilters, Pager, SEARCH_DEBOUNCE_MS } from './list-controls';

type UserFilter = UsersQuery['filter'];
const isUserFilter = isOptionOf(USER_FILTERS);

/** /users ('My Team' for leads and QA): the staff the viewer works with (spec 002 §2 "Users list"). */
export function UsersPage() {
  const viewer = useCurrentUser();
  const role = viewer.client_type;
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<UserFilter>('all');
  const [page, setPage] = useState(1);
  const [typed] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // Clearing the box applies at once; typing waits for a pause.
  const debounced = search.trim() ? typed : '';
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<UserView | null>(null);
  const remove = useDeleteUser(MSG.deleteUserFailed);

  const query = useUsers({
    ...(debounced ? { search: debounced } : {}),
    filter,
    offset: (page - 1) * TABLE_PAGE_SIZE,
    limit: TABLE_PAGE_SIZE,
  });
  const canAdd = mayCall(API.users.create, role);
  const canDelete = mayCall(API.users.remove, role);
  const activeFilters = (search.trim() ? 1 : 0) + (filter !== 'all' ? 1 : 0);

  const changeFilter = (value: string) => {
    if (isUserFilter(value)) setFilter(value);
    setPage(1);
  };
  const clear = () => {
    setSearch('');
    setFilter('all');
    setPage(1);
  };

  return (
    <>
      <PageHeader
        title={navLabel(role, PATHS.users, DEFAULT_LABELS.users)}
        actions={
          <>
            <ReloadButton label="Reload" loading={query.isFetching} onReload={() => void query.refetch()} />
            {canAdd && (
              <Button leftSection={<IconUserPlus size={16} />} onClick={() => setAdding(true)}>
                Add User
              </Button>
            )}
          </>
        }
      />
      <Stack gap="md">
        <Group gap="sm" wrap="wrap">
          <TextInput
            aria-label="Search"
            placeholder="Search by name or email"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', sm: 280 }}
          />
          <SegmentedControl
            aria-label="Filter"
            data={USER_FILTERS.map((o) => ({ value: o.value, label: o.label }))}
            value={filter}
            onChange={changeFilter}
          />
          <ClearFilters count={activeFilters} onClear={clear} />
        </Group>
        <PeopleGrid
          query={query}
          people={(data) => data.users}
          label="Team members"
          errorMessage={MSG.usersLoadFailed}
          empty={<EmptyStateCard icon={<IconUsers size={34} stroke={1.5} />} title={MSG.noUsersMatch} description="" />}
          renderPerson={(person) => (
            <PersonCard
              key={person.client_id}
              person={person}
              badges={
                person.is_on_leave ? (
                  <Badge color="orange" variant="light">
                    On leave
                  </Badge>
                ) : null
              }
              actions={
                canDelete && person.client_id !== viewer.client_id ? (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={14} />}
                    aria-label={`Delete ${person.fullname}`}
                    onClick={() => setDeleting(person)}
                  >
                    Delete
                  </Button>
                ) : null
              }
            />
          )}
        />
        <Pager count={query.data?.count ?? 0} page={page} onChange={setPage} />
      </Stack>
      {canAdd && <AddUserModal opened={adding} onClose={() => setAdding(false)} />}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete user"
        message={fill(MSG.confirmDeleteUser, { name: deleting?.fullname ?? '' })}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.client_id, { onSettled: () => setDeleting(null) });
        }}
      />
    </>
  );
}
