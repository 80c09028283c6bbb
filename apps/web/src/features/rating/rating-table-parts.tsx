import { Anchor, Group, Text } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { Link } from 'react-router';
import { TABLE_PAGE_SIZE } from '@cutroom/domain';
import { cardDetailsPath } from '../../lib/card-url';
import { formatEst } from '../../lib/format-time';

/** Rows numbered across pages: the first row of page 2 is number 11. */
export const numbered = <T,>(rows: T[], page: number) =>
  rows.map((row, i) => ({ row, sr: (page - 1) * TABLE_PAGE_SIZE + i + 1 }));

export const RATING_CHOICES = [1, 2, 3, 4, 5].map((n) => ({
  value: String(n),
  label: `${n} star${n === 1 ? '' : 's'}`,
}));

export function CardLink({ id, title }: { id: number; title: string }) {
  return (
    <Anchor component={Link} to={cardDetailsPath(id)} fw={600} lineClamp={2}>
      {title}
    </Anchor>
  );
}

export function Stars({ value }: { value: number }) {
  return (
    <Group gap={4} wrap="nowrap" aria-label={`${value} of 5`}>
      <IconStarFilled size={14} color="var(--mantine-color-yellow-6)" aria-hidden />
      <Text fz="sm" fw={600}>
        {value}
      </Text>
    </Group>
  );
}

export function CreatedAt({ iso }: { iso: string }) {
  return (
    <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
      {formatEst(iso)}
    </Text>
  );
}
