import { Group, Skeleton, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconClock } from '@tabler/icons-react';
import { usePromisePreview } from './api';

/**
 * The request form's promise line. Its height is fixed, so the skeleton, the date and nothing all take
 * the same room and the buttons below never move; a changing customer choice is debounced.
 */
export function PromisePreview({ clientId, enabled }: { clientId: number | undefined; enabled: boolean }) {
  const [debounced] = useDebouncedValue(clientId, 300);
  const preview = usePromisePreview(debounced, enabled);
  const label = preview.data?.label;
  return (
    <Group gap={6} h={22} wrap="nowrap" data-testid="promise-preview" aria-live="polite">
      {enabled && preview.isPending ? (
        <Skeleton h={14} w={170} radius="sm" />
      ) : enabled && label ? (
        <>
          <IconClock size={16} color="var(--mantine-color-green-7)" style={{ flexShrink: 0 }} />
          <Text fz="sm" title="New York time; the date moves with the queue, holidays and staff leave">
            Expected by <b>{label}</b>
          </Text>
        </>
      ) : null}
    </Group>
  );
}
