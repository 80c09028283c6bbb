import type { ReactNode } from 'react';
import { Skeleton, Stack, Text } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { MSG, fill } from '@cutroom/domain';
import type { UserView } from '@cutroom/domain/schemas';
import { PATHS } from '../../lib/paths';
import { ErrorState } from '../../components/error-state';
import { errorMessage } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/session';
import { useUser } from './api';

/** The id in /user/:userId/profile or /customer/:userId/profile, or null when it isn't one. */
function useProfileId(): number | null {
  const { userId } = useParams();
  const id = Number(userId);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * Loads the person a profile page shows, with its loading and error states. Spec 002 §2: a customer may
 * open only their own profile; any other id sends them home.
 */
export function ProfileGate({ children }: { children: (person: UserView, viewer: UserView) => ReactNode }) {
  const viewer = useCurrentUser();
  const id = useProfileId();
  const mustGoHome = viewer.client_type === 'customer' && id !== viewer.client_id;
  const person = useUser(id ?? 0, !mustGoHome && id !== null);
  if (mustGoHome) return <Navigate to={PATHS.home} replace />;
  if (id === null) return <ErrorState message={fill(MSG.userLoadFailed, { message: MSG.notFound })} />;
  if (person.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading">
        <Skeleton h={36} w="40%" radius="md" />
        <Skeleton h={160} radius="lg" />
        <Skeleton h={240} radius="lg" />
      </Stack>
    );
  }
  if (person.isError) {
    return (
      <ErrorState
        message={fill(MSG.userLoadFailed, { message: errorMessage(person.error) })}
        onRetry={() => void person.refetch()}
        retrying={person.isFetching}
      />
    );
  }
  return <>{children(person.data, viewer)}</>;
}

/** A team lead's name, when the viewer may see that user; otherwise a dash. */
export function TeamLeadName({ leadId }: { leadId: number | null }) {
  const lead = useUser(leadId ?? 0, leadId !== null);
  if (leadId === null) return <Text span>—</Text>;
  return <Text span>{lead.data?.fullname ?? '—'}</Text>;
}
