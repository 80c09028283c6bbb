import type { ReactNode } from 'react';
import { Anchor, Avatar, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ROLE_LABELS } from '@cutroom/domain';
import type { UserView } from '@cutroom/domain/schemas';
import { ErrorState } from '../../components/error-state';
import { customerProfilePath, userProfilePath } from '../../lib/paths';

const initials = (person: UserView) => `${person.firstname.charAt(0)}${person.lastname.charAt(0)}`.toUpperCase();

interface PersonCardProps {
  person: UserView;
  /** Badges beside the role (on leave, subscription state). */
  badges?: ReactNode;
  /** Lines under the email (plan, allowance). */
  children?: ReactNode;
  /** The admin's buttons. */
  actions?: ReactNode;
}

/** One person of a list: avatar, name linking to their profile, role, email, then what the list adds. */
export function PersonCard({ person, badges, children, actions }: PersonCardProps) {
  const profile = person.client_type === 'customer' ? customerProfilePath : userProfilePath;
  return (
    <Paper
      component="article"
      p="md"
      radius="lg"
      withBorder
      aria-label={person.fullname}
      data-testid={`person-${person.client_id}`}
    >
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Avatar src={person.profile_img} alt="" radius="xl" color="initials" name={person.fullname}>
            {initials(person)}
          </Avatar>
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Anchor component={Link} to={profile(person.client_id)} fw={600} truncate="end">
              {person.fullname}
            </Anchor>
            <Text fz="sm" c="dimmed" truncate="end" title={person.useremail}>
              {person.useremail}
            </Text>
          </Stack>
        </Group>
        <Group gap={6}>
          <Badge variant="light">{ROLE_LABELS[person.client_type]}</Badge>
          {badges}
        </Group>
        {children}
        {actions && (
          <Group gap="xs" mt="auto" justify="flex-end">
            {actions}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

interface PeopleGridProps<T, P> {
  query: UseQueryResult<T>;
  people: (data: T) => P[];
  label: string;
  renderPerson: (person: P) => ReactNode;
  empty: ReactNode;
  errorMessage: string;
}

/** A card grid with the list states of QueryTable: loading, error with retry, empty. */
export function PeopleGrid<T, P>({ query, people, label, renderPerson, empty, errorMessage }: PeopleGridProps<T, P>) {
  const cols = { base: 1, sm: 2, lg: 3 };
  if (query.isPending) {
    return (
      <SimpleGrid cols={cols} aria-busy="true" aria-label="Loading">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={150} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
  if (query.isError) {
    return <ErrorState message={errorMessage} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  const list = people(query.data);
  if (list.length === 0) return <>{empty}</>;
  return (
    <SimpleGrid cols={cols} role="region" aria-label={label}>
      {list.map((person) => renderPerson(person))}
    </SimpleGrid>
  );
}
