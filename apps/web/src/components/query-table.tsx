import type { ReactNode } from 'react';
import { Paper, Skeleton, Stack, Table, VisuallyHidden } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorState } from './error-state';

interface QueryTableProps<T, Row> {
  query: UseQueryResult<T>;
  /** The rows of the loaded data; none shows `empty`. */
  rows: (data: T) => Row[];
  /** Accessible name of the table and of its loading state. */
  label: string;
  headers: string[];
  renderRow: (row: Row) => ReactNode;
  empty: ReactNode;
  errorMessage: string;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  rowHeight?: number;
}

/** A list screen's table with its loading, error (with retry) and empty states, so every list behaves alike. */
export function QueryTable<T, Row>({
  query,
  rows,
  label,
  headers,
  renderRow,
  empty,
  errorMessage,
  minWidth,
  rowHeight = 44,
}: QueryTableProps<T, Row>) {
  if (query.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label="Loading">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={rowHeight} radius="md" />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return <ErrorState message={errorMessage} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  const list = rows(query.data);
  if (list.length === 0) return <>{empty}</>;
  return (
    <Paper radius="lg" withBorder>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table verticalSpacing="sm" highlightOnHover aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {headers.map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{list.map(renderRow)}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
