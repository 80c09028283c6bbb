import { Paper, RingProgress, SimpleGrid, Stack, Text } from '@mantine/core';

interface SummaryProps {
  /** The headline figure as a percentage of its ring (a rate, or a rating out of 5 scaled). */
  ring: { label: string; value: string; percent: number; color: string };
  facts: { label: string; value: string | number }[];
  testId: string;
}

/** The person's figure over the range, above the table that makes it up. */
export function ReportSummary({ ring, facts, testId }: SummaryProps) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid={testId}>
      <SimpleGrid cols={{ base: 2, sm: facts.length + 1 }} spacing="md" verticalSpacing="sm">
        <Stack gap={2} align="center">
          <RingProgress
            size={96}
            thickness={9}
            sections={[{ value: Math.max(0, Math.min(100, ring.percent)), color: ring.color }]}
            label={
              <Text ta="center" fw={700} fz="md" data-testid={`${testId}-figure`}>
                {ring.value}
              </Text>
            }
          />
          <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
            {ring.label}
          </Text>
        </Stack>
        {facts.map((fact) => (
          <Stack key={fact.label} gap={2} justify="center" align="center">
            <Text fw={700} fz="xl">
              {fact.value}
            </Text>
            <Text fz="xs" c="dimmed" tt="uppercase" fw={600} ta="center">
              {fact.label}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
