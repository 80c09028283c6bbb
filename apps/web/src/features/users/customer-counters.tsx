import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { CustomerList } from './api';

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

/** The four figures over the customer list; a dash until the list has loaded. */
export function CustomerCounters({ counters }: { counters: CustomerList['counters'] | undefined }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" data-testid="customer-counters">
      <Stat label="Active" value={counters?.active} />
      <Stat label="Inactive" value={counters?.inactive} />
      <Stat label="Allowed cards (30 days)" value={counters?.allowedCards30d} />
      <Stat label="Requested cards" value={counters?.requestedCards} />
    </SimpleGrid>
  );
}
