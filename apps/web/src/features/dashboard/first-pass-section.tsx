import { Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { DASHBOARD_FIGURE_MEANINGS, MSG, REVISION_REASON_MSG, formatRate } from '@cutroom/domain';
import type { FirstPassReply, FirstPassRow } from '@cutroom/domain/schemas';
import { ErrorState } from '../../components/error-state';
import type { ReportRange } from '../../lib/report-range';
import { useFirstPass } from './api';

/** The rate's colour: green at 80 % and above, yellow from 50 %, red below; grey with nothing delivered. */
const rateColor = (rate: number | null) =>
  rate === null ? 'gray' : rate >= 80 ? 'teal' : rate >= 50 ? 'yellow' : 'red';

function RateTable({ title, rows, testId }: { title: string; rows: FirstPassRow[]; testId: string }) {
  return (
    <Paper p="md" radius="lg" withBorder data-testid={testId}>
      <Title order={3} fz="md" mb="xs">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed" fz="sm">
          —
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={300} mah={280}>
          <Table verticalSpacing={6} fz="sm" aria-label={`First-pass approval per ${title.toLowerCase()}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th ta="right">Delivered</Table.Th>
                <Table.Th ta="right">First pass</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.user_id ?? 'none'}>
                  <Table.Td>{r.name}</Table.Td>
                  <Table.Td ta="right">{r.delivered}</Table.Td>
                  <Table.Td ta="right" c={rateColor(r.rate)} fw={600}>
                    {formatRate(r.rate)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

function TopReasons({ data }: { data: FirstPassReply }) {
  const most = Math.max(1, ...data.top_reasons.map((r) => r.count));
  return (
    <Paper p="md" radius="lg" withBorder data-testid="top-reasons">
      <Group justify="space-between" mb="xs">
        <Title order={3} fz="md">
          Top revision reasons
        </Title>
        <Text fz="sm" c="dimmed" title={DASHBOARD_FIGURE_MEANINGS.revisions} data-testid="revisions-count">
          {data.revisions} {data.revisions === 1 ? 'revision' : 'revisions'} asked in these dates
        </Text>
      </Group>
      {data.top_reasons.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {REVISION_REASON_MSG.topReasonsEmpty}
        </Text>
      ) : (
        <Stack gap="xs">
          {data.top_reasons.map((r) => (
            <div key={r.key} data-testid={`top-reason-${r.key}`}>
              <Group justify="space-between" gap="xs">
                <Text fz="sm">{r.label}</Text>
                <Text fz="sm" fw={600}>
                  {r.count}
                </Text>
              </Group>
              <Progress value={(r.count / most) * 100} color="grape" size="sm" aria-label={`${r.label}: ${r.count}`} />
            </div>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** Dashboard › First-pass approval: delivered without a revision, per person, and what revisions asked for. */
export function FirstPassSection({ range }: { range: ReportRange }) {
  const report = useFirstPass(range, true);
  const data = report.data;
  return (
    <Stack gap="sm" data-testid="first-pass-section">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2} fz="h4">
            First-pass approval
          </Title>
          <Text c="dimmed" fz="sm">
            {DASHBOARD_FIGURE_MEANINGS.firstPass} Below, why the others went back.
          </Text>
        </div>
        {data && (
          <Group gap="xs" align="baseline" data-testid="first-pass-overall">
            <Text fz={28} fw={700} c={rateColor(data.overall.rate)}>
              {formatRate(data.overall.rate)}
            </Text>
            <Text fz="sm" c="dimmed">
              {data.overall.first_pass} of {data.overall.delivered} videos without a revision
            </Text>
          </Group>
        )}
      </Group>
      {report.isError ? (
        <ErrorState
          message={MSG.dashboardLoadFailed}
          onRetry={() => void report.refetch()}
          retrying={report.isFetching}
        />
      ) : !data ? (
        <Skeleton h={200} radius="lg" />
      ) : (
        <>
          {data.overall.delivered === 0 && (
            <Text c="dimmed" fz="sm" data-testid="first-pass-empty">
              {REVISION_REASON_MSG.firstPassEmpty}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <RateTable title="Editors" rows={data.editors} testId="first-pass-editors" />
            <RateTable title="QA" rows={data.qas} testId="first-pass-qas" />
            <RateTable title="Customers" rows={data.customers} testId="first-pass-customers" />
            <TopReasons data={data} />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
