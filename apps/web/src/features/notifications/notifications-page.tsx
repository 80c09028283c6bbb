import '@mantine/dates/styles.css';
import { useState } from 'react';
import { Button, Group, Paper, Select, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { IconBellOff, IconCalendar, IconChecks, IconTrash } from '@tabler/icons-react';
import { MOBILE_PX, MSG, type NotificationGroup, type NotificationType } from '@cutroom/domain';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyStateCard } from '../../components/empty-state-card';
import { ErrorState } from '../../components/error-state';
import { PageHeader } from '../../components/page-header';
import { ReloadButton } from '../../components/reload-button';
import {
  notificationKeys,
  useDeleteOld,
  useMarkRead,
  useNotificationList,
  useNotificationTypes,
  type NotificationFilters,
} from './api';
import { NotificationItem, useOpenNotification } from './notification-item';
import { rangePresets } from '../../lib/report-range';

const TABS: { value: NotificationGroup; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'today', label: 'Today' },
  { value: 'yesterday', label: 'Yesterday' },
];

/** One tab's notifications, 50 at a time, Show More while the total says there are more. */
interface ListProps {
  group: NotificationGroup;
  filters: NotificationFilters;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
}

function NotificationList({ group, filters, selected, onToggle }: ListProps) {
  const list = useNotificationList(group, filters);
  const open = useOpenNotification();
  if (list.isPending)
    return (
      <Stack gap="xs" aria-busy="true" aria-label="Loading">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={56} radius="md" />
        ))}
      </Stack>
    );
  if (list.isError)
    return (
      <ErrorState message={MSG.notificationsFailed} onRetry={() => void list.refetch()} retrying={list.isFetching} />
    );
  const items = list.data.pages.flatMap((p) => p.allNotifications);
  const total = list.data.pages[0]?.allNotificationsCount ?? 0;
  const capped = list.data.pages[0]?.countsCapped ?? false;
  if (items.length === 0)
    return <EmptyStateCard icon={<IconBellOff />} title="No notifications" description={MSG.noNotifications} />;
  return (
    <Stack gap="sm">
      <Text fz="sm" c="dimmed" data-testid="notifications-total">
        Showing {items.length} of {total.toLocaleString('en-US')}
        {capped ? '+' : ''}
      </Text>
      <Paper radius="lg" withBorder p={{ base: 4, sm: 'xs' }}>
        <Stack gap={2} data-testid="notification-list">
          {items.map((n) => (
            <NotificationItem key={n.id} n={n} onOpen={open} selected={selected.has(n.id)} onToggle={onToggle} />
          ))}
        </Stack>
      </Paper>
      {list.hasNextPage && (
        <Button
          variant="light"
          onClick={() => void list.fetchNextPage()}
          loading={list.isFetchingNextPage}
          data-testid="notifications-show-more"
          style={{ alignSelf: 'center' }}
        >
          Show More
        </Button>
      )}
    </Stack>
  );
}

/** The count on a tab: each tab asks its own list, so the totals come with the page already loaded. */
function useTabCounts(filters: NotificationFilters) {
  const all = useNotificationList('all', filters);
  const first = all.data?.pages[0];
  return first ? { all: first.allNotificationsCount, today: first.todayCount, yesterday: first.yesterdayCount } : null;
}

/** /notifications (spec 002 §2): tabs All, Today, Yesterday; date range and type filters; mark as read; delete old. */
export function NotificationsPage() {
  const mobile = useMediaQuery(`(max-width: ${MOBILE_PX}px)`) ?? false;
  const qc = useQueryClient();
  const [group, setGroup] = useState<NotificationGroup>('all');
  const [type, setType] = useState<NotificationType | null>(null);
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [confirmDelete, setConfirmDelete] = useState(false);
  const types = useNotificationTypes();
  const markRead = useMarkRead();
  const deleteOld = useDeleteOld();
  const fetching = useIsFetching({ queryKey: notificationKeys.all }) > 0;

  const [from, to] = range;
  const filters: NotificationFilters = {
    ...(type ? { notification_type: type } : {}),
    ...(from && to ? { date_from: from, date_to: to } : {}),
  };
  const counts = useTabCounts(filters);

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const markSelectedOrAll = () =>
    markRead.mutate(
      { ids: selected.size > 0 ? [...selected] : undefined },
      { onSuccess: () => setSelected(new Set()) },
    );

  return (
    <>
      <PageHeader
        title="Notifications"
        description="Card moves, comments and mentions on the cards you work on."
        actions={
          <>
            <Button
              leftSection={<IconChecks size={16} />}
              onClick={markSelectedOrAll}
              loading={markRead.isPending}
              data-testid="notifications-mark-read"
            >
              {selected.size > 0 ? `Mark ${selected.size} as read` : 'Mark all as read'}
            </Button>
            <Button
              variant="default"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => setConfirmDelete(true)}
              data-testid="notifications-delete-old"
            >
              Delete 3 months old
            </Button>
            <ReloadButton
              label="Reload notifications"
              loading={fetching}
              onReload={() => void qc.invalidateQueries({ queryKey: notificationKeys.all })}
              testId="notifications-reload"
            />
          </>
        }
      />
      <Group gap="sm" mb="md" wrap="wrap">
        <DatePickerInput
          type="range"
          aria-label="Date range"
          data-testid="notifications-date-range"
          presets={rangePresets()}
          highlightToday
          placeholder="Date range"
          leftSection={<IconCalendar size={16} />}
          valueFormat="MM/DD/YY"
          w={{ base: '100%', sm: 240 }}
          clearable
          numberOfColumns={mobile ? 1 : 2}
          value={range}
          onChange={(r) => setRange([r[0] ? String(r[0]) : null, r[1] ? String(r[1]) : null])}
        />
        <Select
          aria-label="Type"
          placeholder="All types"
          data-testid="notifications-type"
          w={{ base: '100%', sm: 200 }}
          clearable
          value={type}
          onChange={(v) => setType(v)}
          data={types.data?.types ?? []}
        />
      </Group>
      <Tabs value={group} onChange={(v) => setGroup((v as NotificationGroup | null) ?? 'all')} keepMounted={false}>
        <Tabs.List mb="md">
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value} data-testid={`notifications-tab-${t.value}`}>
              {t.label}
              {counts ? ` (${counts[t.value]})` : ''}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Panel key={t.value} value={t.value}>
            <NotificationList group={t.value} filters={filters} selected={selected} onToggle={toggle} />
          </Tabs.Panel>
        ))}
      </Tabs>
      <ConfirmDialog
        opened={confirmDelete}
        title="Delete 3 months old"
        message={MSG.confirmDeleteOldNotifications}
        confirmLabel="Delete"
        danger
        loading={deleteOld.isPending}
        onConfirm={() => deleteOld.mutate(undefined, { onSettled: () => setConfirmDelete(false) })}
        onCancel={() => setConfirmDelete(false)}
      />
    </>
  );
}
