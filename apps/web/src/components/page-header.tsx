import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}

/** The title row every authenticated page starts with. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  // Tabs, history and bookmarks then name the page, not just the app.
  useDocumentTitle(`${title} · Cutroom`);
  return (
    <Group justify="space-between" align="flex-start" mb="lg" gap="md">
      <Stack gap={4} style={{ minWidth: 0, flex: '1 1 260px' }}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {title}
        </Title>
        {description && (
          <Text c="dimmed" fz="sm">
            {description}
          </Text>
        )}
      </Stack>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
