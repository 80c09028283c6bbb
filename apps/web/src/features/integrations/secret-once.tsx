import type { ReactNode } from 'react';
import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** A secret the server gives this once: shown in full with a copy button, and why it won't come back. */
export function SecretOnce({ label, value, notice }: { label: string; value: string; notice: string }) {
  return (
    <Alert color="yellow" radius="md" title={label} data-testid="secret-once">
      <Stack gap="xs">
        <Text fz="sm">{notice}</Text>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Code block fz="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {value}
          </Code>
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                variant="light"
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                onClick={copy}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}

/** A dialog's last step: the secret shown once, anything to add below it, and Done. */
export function SecretOnceStep({
  onDone,
  doneTestId,
  children,
  ...secret
}: {
  label: string;
  value: string;
  notice: string;
  onDone: () => void;
  doneTestId: string;
  children?: ReactNode;
}) {
  return (
    <Stack>
      <SecretOnce {...secret} />
      {children}
      <Group justify="flex-end">
        <Button onClick={onDone} data-testid={doneTestId}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
