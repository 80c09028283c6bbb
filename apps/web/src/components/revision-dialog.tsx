import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { API } from '@cutroom/domain/contract';
import { MSG, REVISION_REASON_MSG } from '@cutroom/domain';
import { call } from '../lib/call';

/** The admin's active reasons; shared by the board and the card page (they change rarely). */
export const revisionReasonsQueryKey = ['revision-reasons', 'active'] as const;
const useActiveReasons = () =>
  useQuery({
    queryKey: revisionReasonsQueryKey,
    queryFn: ({ signal }) => call(API.revisionReasons.list, { signal }),
    staleTime: 5 * 60_000,
  });

interface RevisionDialogProps {
  opened: boolean;
  title?: string;
  /** A line naming the card, when the dialog is opened away from it (the board). */
  subtitle?: string;
  loading?: boolean;
  onCancel: () => void;
  onSubmit: (reasons: string[]) => void;
}

/** "Request revision": the spec's question, with at least one reason from the admin's list (issue 20). */
export function RevisionDialog({
  opened,
  title = 'Request revision',
  subtitle,
  loading = false,
  onCancel,
  onSubmit,
}: RevisionDialogProps) {
  const [picked, setPicked] = useState<string[]>([]);
  const reasons = useActiveReasons();
  const close = () => {
    setPicked([]);
    onCancel();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered radius="lg">
      <form
        data-testid="revision-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          if (picked.length > 0) onSubmit(picked);
        }}
      >
        <Stack gap="sm">
          {subtitle && (
            <Text fz="sm" c="dimmed">
              {subtitle}
            </Text>
          )}
          <Text fw={500}>{MSG.confirmRevision}</Text>
          {reasons.isError ? (
            <Alert color="red">{MSG.generic}</Alert>
          ) : !reasons.data ? (
            <Skeleton h={96} />
          ) : (
            <Checkbox.Group label={REVISION_REASON_MSG.revisionReasonsHint} value={picked} onChange={setPicked}>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs" mt={8}>
                {reasons.data.reasons.map((r) => (
                  <Checkbox key={r.key} value={r.key} label={r.label} data-testid={`revision-reason-${r.key}`} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          )}
          {picked.length === 0 && (
            <Text fz="xs" c="dimmed" data-testid="revision-reason-required">
              {REVISION_REASON_MSG.revisionReasonRequired}
            </Text>
          )}
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={close} disabled={loading}>
              Cancel
            </Button>
            <Button type="submit" disabled={picked.length === 0} loading={loading}>
              Request revision
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
