import type { ReactNode } from 'react';
import { EmptyState, Paper } from '@mantine/core';

interface EmptyStateCardProps {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  children?: ReactNode;
}

/** A calm card for pages and tabs with nothing to show yet. */
export function EmptyStateCard({ icon, title, description, children }: EmptyStateCardProps) {
  return (
    <Paper p={{ base: 'lg', sm: 48 }} radius="lg">
      <EmptyState icon={icon} title={title} description={description} variant="light" size="lg" maw={560} mx="auto">
        {children && <EmptyState.Actions>{children}</EmptyState.Actions>}
      </EmptyState>
    </Paper>
  );
}
