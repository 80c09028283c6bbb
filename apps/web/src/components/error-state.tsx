import { Button, Center, EmptyState, Paper } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';

interface ErrorStateProps {
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
  /** Fills the viewport when nothing else can render (the session itself failed to load). */
  fullPage?: boolean;
}

/** A failed load, said plainly, with a way to try again. */
export function ErrorState({ message, onRetry, retrying = false, fullPage = false }: ErrorStateProps) {
  const body = (
    <Paper p="xl" radius="lg" role="alert" maw={520} w="100%">
      <EmptyState
        icon={<IconAlertTriangle />}
        color="red"
        variant="light"
        title="We couldn't load this"
        description={message}
      >
        {onRetry && (
          <EmptyState.Actions>
            <Button leftSection={<IconRefresh size={16} />} onClick={onRetry} loading={retrying} variant="light">
              Try again
            </Button>
          </EmptyState.Actions>
        )}
      </EmptyState>
    </Paper>
  );
  return fullPage ? (
    <Center mih="100dvh" p="md">
      {body}
    </Center>
  ) : (
    body
  );
}
