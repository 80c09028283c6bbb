import { Anchor, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';

interface PersonCellProps {
  name: string;
  to: string;
  /** Left the team (or deleted): struck through and not linked (spec 002 §2 "Dashboards"). */
  gone: boolean;
}

/** A name in a dashboard table: a link to the person's profile, or struck through when they are gone. */
export function PersonCell({ name, to, gone }: PersonCellProps) {
  if (gone)
    return (
      <Tooltip label="No longer on this team" withArrow>
        <Text span td="line-through" c="dimmed" fz="sm" style={{ whiteSpace: 'nowrap' }} data-testid="person-gone">
          {name}
        </Text>
      </Tooltip>
    );
  return (
    <Anchor component={Link} to={to} fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
      {name}
    </Anchor>
  );
}
