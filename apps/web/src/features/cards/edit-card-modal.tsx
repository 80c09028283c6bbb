import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { MSG } from '@cutroom/domain';
import { ErrorState } from '../../components/error-state';
import { isApiError } from '../../lib/api-client';
import { useCardForEdit } from './api';
import { RequestForm } from './request-form';
import { RequestModalFrame } from './request-modal-frame';
import { valuesFromCard } from './request-values';

function FormSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading the request">
      {[0, 1, 2, 3].map((i) => (
        <Stack key={i} gap={6}>
          <Skeleton h={14} w={140} />
          <Skeleton h={42} />
        </Stack>
      ))}
      <Skeleton h={140} />
    </Stack>
  );
}

/** Spec 000 §2 'Edit card form': the request's fields loaded from GET /api/card/{id}, saved with PUT. */
export function EditCardModal({ cardId, opened, onClose }: { cardId: number; opened: boolean; onClose: () => void }) {
  const card = useCardForEdit(cardId, opened);

  const failure = card.error;
  const failureMessage =
    isApiError(failure) && failure.status >= 400 && failure.status < 500 ? failure.message : MSG.couldNotFetchCard;

  return (
    <RequestModalFrame
      opened={opened}
      onClose={onClose}
      title={
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <span>Edit request</span>
          {card.data && (
            <Text span c="dimmed" fw={400} truncate="end">
              {card.data.card_title}
            </Text>
          )}
        </Group>
      }
      discardMessage={MSG.discardChanges}
    >
      {({ requestClose, onDirtyChange, closeSaved }) =>
        card.isPending ? (
          <FormSkeleton />
        ) : card.isError ? (
          <ErrorState message={failureMessage} onRetry={() => void card.refetch()} retrying={card.isFetching} />
        ) : (
          <RequestForm
            key={cardId}
            mode="edit"
            cardId={cardId}
            initialValues={valuesFromCard(card.data)}
            onCancel={requestClose}
            onSaved={closeSaved}
            onDirtyChange={onDirtyChange}
          />
        )
      }
    </RequestModalFrame>
  );
}
