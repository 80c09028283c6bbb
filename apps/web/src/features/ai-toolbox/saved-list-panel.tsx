import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBookmark, IconCopy, IconPencil, IconSearch, IconTrash } from '@tabler/icons-react';
import {
  AI_FILTER_ORDER,
  AI_LIMITS,
  AI_TOOLS,
  MSG,
  TABLE_PAGE_SIZE,
  cutText,
  durationText,
  plainText,
  type AiToolType,
} from '@cutroom/domain';
import type { AiSavedItem } from '@cutroom/domain/schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyStateCard } from '../../components/empty-state-card';
import { QueryTable } from '../../components/query-table';
import { RichTextField } from '../../components/rich-text-field';
import { notify } from '../../lib/notify';
import { useDeleteItem, useSavedItems, useUpdateItem } from './api';
import { FivePager } from './pager';

type Filter = AiToolType | 'all';
const FILTERS = [
  { value: 'all', label: 'All' },
  ...AI_FILTER_ORDER.map((t) => ({ value: t, label: AI_TOOLS[t].filterLabel })),
];

async function copy(item: AiSavedItem) {
  try {
    await navigator.clipboard.writeText(plainText(item.data));
    notify.success(MSG.textCopied);
  } catch {
    notify.error(MSG.aiCopyFailed);
  }
}

/** The Saved List tab (spec 002 §2): filter, debounced title search, the table, edit, delete and copy. */
export function SavedListPanel() {
  const [filter, setFilter] = useState<Filter>('all');
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), AI_LIMITS.searchDebounceMs);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AiSavedItem | null>(null);
  const [draft, setDraft] = useState('');
  const [deleting, setDeleting] = useState<AiSavedItem | null>(null);
  const query = useSavedItems({
    tooltype: filter === 'all' ? undefined : filter,
    titleSearch: term || undefined,
    page,
    fetch: TABLE_PAGE_SIZE,
  });
  const update = useUpdateItem(() => setEditing(null));
  const remove = useDeleteItem(() => setDeleting(null));
  const total = Math.ceil((query.data?.totalCount ?? 0) / TABLE_PAGE_SIZE);
  const filtered = filter !== 'all' || term !== '';

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <SegmentedControl
          data={FILTERS}
          value={filter}
          onChange={(v) => {
            setFilter(v as Filter);
            setPage(1);
          }}
          aria-label="Tool type"
        />
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder="Search by title"
          aria-label="Search by title"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', xs: 280 }}
        />
      </Group>
      <QueryTable
        query={query}
        rows={(data) => data.data.map((item, i) => ({ item, n: (page - 1) * TABLE_PAGE_SIZE + i + 1 }))}
        label="Saved results"
        headers={['S.No', 'Title', 'Audience type', 'Category', 'Duration', 'Data']}
        minWidth={860}
        errorMessage={MSG.dashboardLoadFailed}
        empty={
          <EmptyStateCard
            icon={<IconBookmark size={34} stroke={1.5} />}
            title={filtered ? 'Nothing matches' : 'Nothing saved yet'}
            description={
              filtered
                ? 'No saved result matches this tool type or title. Clear the search or pick All.'
                : 'Generate ideas, titles or scripts in the ToolBox tab and save the ones you like: they are kept here.'
            }
          />
        }
        renderRow={({ item, n }) => (
          <Table.Tr key={item.id} data-testid={`ai-saved-${item.id}`}>
            <Table.Td>{n}</Table.Td>
            <Table.Td maw={220} style={{ overflowWrap: 'anywhere' }}>
              {item.title}
            </Table.Td>
            <Table.Td>{item.audience_type ?? '—'}</Table.Td>
            <Table.Td>{item.category ?? '—'}</Table.Td>
            <Table.Td>{item.duration ? durationText(item.duration) : '—'}</Table.Td>
            <Table.Td maw={320} style={{ overflowWrap: 'anywhere' }} data-testid="ai-saved-data">
              {cutText(plainText(item.data))}
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap" justify="flex-end">
                <Tooltip label="Edit">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Edit ${item.title}`}
                    onClick={() => {
                      setDraft(item.data);
                      setEditing(item);
                    }}
                  >
                    <IconPencil size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Copy">
                  <ActionIcon variant="subtle" aria-label={`Copy ${item.title}`} onClick={() => void copy(item)}>
                    <IconCopy size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Delete">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${item.title}`}
                    onClick={() => setDeleting(item)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      />
      <FivePager page={page} total={total} onChange={setPage} />

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.title ?? ''}
        centered
        radius="lg"
        size="lg"
      >
        {editing && (
          <Stack gap="md">
            <RichTextField label="Data" value={draft} onChange={setDraft} minHeight={200} testId="ai-edit-data" />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setEditing(null)} disabled={update.isPending}>
                Close
              </Button>
              <Button
                onClick={() => update.mutate({ id: editing.id, data: draft })}
                loading={update.isPending}
                disabled={plainText(draft) === ''}
              >
                Update
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete saved result"
        message={`Delete “${deleting?.title ?? ''}” from your saved list? This can't be undone.`}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onCancel={() => setDeleting(null)}
      />
      {total > 0 && (
        <Text fz="xs" c="dimmed" ta="center">
          {query.data?.totalCount} saved result{query.data?.totalCount === 1 ? '' : 's'}
        </Text>
      )}
    </Stack>
  );
}
