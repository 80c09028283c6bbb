import { useState } from 'react';
import {
  Badge,
  Button,
  Grid,
  Group,
  Pagination,
  Paper,
  Stack,
  Tabs,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconInbox, IconMessagePlus, IconSearch } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { INBOX_PAGE_SIZE, MOBILE_PX, MSG, NAV_ITEMS, isInboxStaff, type InboxStatus } from '@cutroom/domain';
import type { InboxThreadView } from '@cutroom/domain/schemas';
import { EmptyStateCard } from '../../components/empty-state-card';
import { ErrorState } from '../../components/error-state';
import { SectionLoader } from '../../components/loaders';
import { PageHeader } from '../../components/page-header';
import { formatEst } from '../../lib/format-time';
import { useCurrentUser } from '../../lib/session';
import { useThreads } from './api';
import { ChatPane } from './chat-pane';
import { NewMessageDialog } from './new-message-dialog';

const TABS: { value: string; status: InboxStatus; label: string }[] = [
  { value: 'active', status: 'ACTIVE', label: 'Active' },
  { value: 'archived', status: 'RESOLVED', label: 'Archived' },
];

/** One thread in the list; an unseen active one has a green border until it is opened (spec 002 §2). */
function ThreadItem({
  thread,
  selected,
  onOpen,
  showCustomer,
}: {
  thread: InboxThreadView;
  selected: boolean;
  onOpen: () => void;
  showCustomer: boolean;
}) {
  const unseen = thread.status === 'ACTIVE' && !thread.seen;
  return (
    <UnstyledButton
      onClick={onOpen}
      aria-current={selected ? 'true' : undefined}
      data-testid="inbox-thread"
      data-id={thread.id}
      data-unseen={unseen ? 'true' : 'false'}
      w="100%"
    >
      <Paper
        p="sm"
        radius="md"
        withBorder
        bg={selected ? 'var(--mantine-color-blue-light)' : undefined}
        style={{
          borderColor: unseen ? 'var(--mantine-color-green-6)' : undefined,
          borderWidth: unseen ? 2 : undefined,
        }}
      >
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={unseen ? 700 : 600} fz="sm" truncate>
            {thread.title}
          </Text>
          {unseen && (
            <Badge color="green" size="sm" variant="filled" aria-label={`${thread.unseen_count} unseen`}>
              {thread.unseen_count}
            </Badge>
          )}
        </Group>
        {showCustomer && (
          <Text fz="xs" c="dimmed" truncate>
            {thread.client_firstname} {thread.client_lastname}
          </Text>
        )}
        <Text fz="xs" c="dimmed" lineClamp={2} mt={2}>
          {thread.latest_message}
        </Text>
        <Text fz={11} c="dimmed" mt={2}>
          {formatEst(thread.latest_message_at)}
        </Text>
      </Paper>
    </UnstyledButton>
  );
}

/** Support (/inbox): Active and Archived threads, 10 a page, the chat, and 'New message'. */
export function InboxPage() {
  const user = useCurrentUser();
  const viewer = { id: user.client_id, role: user.client_type };
  const staff = isInboxStaff(user.client_type);
  const phone = useMediaQuery(`(max-width: ${MOBILE_PX}px)`) ?? false;
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((t) => t.value === params.get('tab')) ?? TABS[0]!;
  const selected = Number(params.get('thread')) || null;
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [title] = useDebouncedValue(search.trim(), 400);
  const [creating, setCreating] = useState(false);
  const threads = useThreads(tab.status, page, title);

  const update = (change: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(change)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  const open = (id: number | null) => update({ thread: id === null ? null : String(id) });
  const pages = Math.max(1, Math.ceil((threads.data?.count ?? 0) / INBOX_PAGE_SIZE));

  const list = (
    <Stack gap="sm">
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder="Search by title"
        aria-label="Search by title"
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
      />
      {threads.isPending ? (
        <SectionLoader mih={200} />
      ) : threads.isError ? (
        <ErrorState
          message={MSG.inboxLoadFailed}
          onRetry={() => void threads.refetch()}
          retrying={threads.isFetching}
        />
      ) : threads.data.messages.length === 0 ? (
        <EmptyStateCard icon={<IconInbox />} title="Nothing here" description={MSG.inboxNoThreads} />
      ) : (
        <Stack gap="xs" data-testid="inbox-list">
          {threads.data.messages.map((t) => (
            <ThreadItem
              key={t.id}
              thread={t}
              selected={t.id === selected}
              onOpen={() => open(t.id)}
              showCustomer={staff}
            />
          ))}
        </Stack>
      )}
      {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} siblings={1} size="sm" />}
    </Stack>
  );

  const chat =
    selected !== null ? (
      <ChatPane key={selected} threadId={selected} viewer={viewer} onBack={phone ? () => open(null) : undefined} />
    ) : (
      <Paper withBorder radius="lg" p="xl">
        <Text c="dimmed" ta="center">
          {MSG.inboxPickThread}
        </Text>
      </Paper>
    );

  return (
    <>
      <PageHeader
        title={NAV_ITEMS.support.label}
        description={staff ? 'Customer conversations with support.' : 'Your conversations with the Cutroom team.'}
        actions={
          <Button leftSection={<IconMessagePlus size={18} />} onClick={() => setCreating(true)} data-testid="inbox-new">
            New message
          </Button>
        }
      />
      <Tabs
        value={tab.value}
        onChange={(value) => {
          setPage(1);
          update({ tab: value === 'active' ? null : value, thread: null });
        }}
      >
        <Tabs.List mb="md">
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {phone ? (
        selected !== null ? (
          chat
        ) : (
          list
        )
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>{list}</Grid.Col>
          <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>{chat}</Grid.Col>
        </Grid>
      )}
      <NewMessageDialog
        opened={creating}
        onClose={() => setCreating(false)}
        isStaff={staff}
        onCreated={(id) => update({ tab: null, thread: String(id) })}
      />
    </>
  );
}
