import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Center,
  Collapse,
  Group,
  Paper,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconDownload, IconSearch, IconSelector } from '@tabler/icons-react';
import { MSG } from '@cutroom/domain';
import { downloadText } from '../../lib/download';
import { nextSort, tableCsv, visibleRows, type ReportColumn, type SortState } from './table-model';

interface ReportTableProps<Row> {
  title: string;
  columns: ReportColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** What the search box matches. */
  nameOf: (row: Row) => string;
  fileName: string;
  testId: string;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  searchable?: boolean;
}

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const shownValue = (value: string | number) => (typeof value === 'number' ? numberFormat.format(value) : value);

function SortIcon({ sort, columnKey }: { sort: SortState | null; columnKey: string }) {
  if (sort?.key !== columnKey) return <IconSelector size={14} aria-hidden />;
  return sort.direction === 'asc' ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />;
}

/** A dashboard table: opens and closes, filters by name, sorts on a header click and downloads what it shows as CSV. */
export function ReportTable<Row>({
  title,
  columns,
  rows,
  rowKey,
  nameOf,
  fileName,
  testId,
  minWidth,
  searchable = true,
}: ReportTableProps<Row>) {
  const [opened, setOpened] = useState(true);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState | null>(null);
  const shown = visibleRows(rows, columns, nameOf, search, sort);
  const bodyId = `${testId}-body`;

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-label={title}
      data-testid={testId}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <UnstyledButton
          onClick={() => setOpened((o) => !o)}
          aria-expanded={opened}
          aria-controls={bodyId}
          data-testid={`${testId}-toggle`}
        >
          <Group gap={6} wrap="nowrap">
            <ActionIcon component="span" variant="subtle" color="gray" size="sm" aria-hidden>
              {opened ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
            </ActionIcon>
            <Title order={3} fz="md">
              {title}
            </Title>
          </Group>
        </UnstyledButton>
        <Group gap="xs" wrap="wrap" style={{ flex: '1 1 auto', justifyContent: 'flex-end' }}>
          {searchable && (
            <TextInput
              size="xs"
              aria-label={`Search ${title}`}
              placeholder="Search by name"
              leftSection={<IconSearch size={14} />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              style={{ flex: '1 1 140px', maxWidth: 240 }}
            />
          )}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} />}
            disabled={shown.length === 0}
            onClick={() => downloadText(fileName, tableCsv(columns, shown))}
            data-testid={`${testId}-export`}
          >
            Export CSV
          </Button>
        </Group>
      </Group>
      <Collapse expanded={opened} id={bodyId}>
        {shown.length === 0 ? (
          <Center py="lg">
            <Text c="dimmed" fz="sm">
              {MSG.noDataFound}
            </Text>
          </Center>
        ) : (
          <Table.ScrollContainer minWidth={minWidth} mt="sm">
            <Table verticalSpacing="xs" highlightOnHover striped aria-label={title}>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <Table.Th
                      key={column.key}
                      aria-sort={
                        sort?.key === column.key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined
                      }
                      style={{ whiteSpace: 'nowrap' }}
                    >
                      <UnstyledButton onClick={() => setSort((s) => nextSort(s, column.key))} fz="sm" fw={600}>
                        <Group gap={4} wrap="nowrap">
                          {column.header}
                          <SortIcon sort={sort} columnKey={column.key} />
                        </Group>
                      </UnstyledButton>
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((row) => (
                  <Table.Tr key={rowKey(row)} data-testid={`${testId}-row`}>
                    {columns.map((column) => (
                      <Table.Td
                        key={column.key}
                        style={column.numeric ? { fontVariantNumeric: 'tabular-nums' } : undefined}
                      >
                        {column.render ? column.render(row) : shownValue(column.value(row))}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Collapse>
    </Paper>
  );
}
