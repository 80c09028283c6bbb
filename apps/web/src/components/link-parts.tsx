import type { ReactNode } from 'react';
import { ActionIcon, Anchor, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { TooltipOnDemand } from './tooltip-on-demand';

// The pieces of a card's link rows (card-details/details/link-rows.tsx), which the YT Helper tab's links show too.

export const isUrl = (v: string) => /^https?:\/\/\S+$/i.test(v);

export const Empty = ({ children = 'Not added yet' }: { children?: ReactNode }) => (
  <Text span c="dimmed" fz="sm">
    {children}
  </Text>
);

export function Link({ href }: { href: string }) {
  return (
    <Anchor
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      fz="sm"
      style={{ overflowWrap: 'anywhere', minWidth: 0 }}
    >
      {href}
    </Anchor>
  );
}

export function EditButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <TooltipOnDemand label={label}>
      <ActionIcon variant="subtle" color="gray" size="sm" aria-label={label} onClick={onClick}>
        <IconPencil size={15} />
      </ActionIcon>
    </TooltipOnDemand>
  );
}
