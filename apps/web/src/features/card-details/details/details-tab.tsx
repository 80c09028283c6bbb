import type { ReactNode } from 'react';
import { Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import type { CardDetailReply, UserView } from '@cutroom/domain/schemas';
import { AssignmentRows } from '../../../components/assignment-rows';
import { HydrationSlice } from '../../../components/hydration-slice';
import { InfoRows } from './info-rows';
import { LinkRows } from './link-rows';
import { RequestFields } from './request-fields';

/** A section of the tab; its content hydrates in a turn of its own (components/hydration-slice.tsx). */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper p={{ base: 'md', sm: 'lg' }} radius="md">
      <Title order={2} fz="md" mb="sm">
        {title}
      </Title>
      <HydrationSlice>{children}</HydrationSlice>
    </Paper>
  );
}

/** The Details tab: the card at a glance, who has it and by when, its links, and the request. */
export function DetailsTab({
  card,
  viewer,
  onView,
}: {
  card: CardDetailReply;
  viewer: UserView;
  onView: (videoNumber: number) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" data-testid="details-tab">
      <Stack gap="md">
        <Section title="Overview">
          <InfoRows card={card} viewer={viewer} />
        </Section>
        <Section title="Assignment">
          <AssignmentRows card={card} viewer={viewer} />
        </Section>
      </Stack>
      <Stack gap="md">
        <Section title="Links">
          <LinkRows card={card} viewer={viewer} onView={onView} />
        </Section>
        <Section title="Request">
          <RequestFields card={card} />
        </Section>
      </Stack>
    </SimpleGrid>
  );
}
