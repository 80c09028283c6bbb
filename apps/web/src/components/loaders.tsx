import { Center, Loader, Paper, Skeleton, Stack } from '@mantine/core';

/** While the session loads nothing else can render; a centred spinner avoids a flash of the wrong page. */
export function FullPageLoader() {
  return (
    <Center mih="100dvh" aria-busy="true" aria-label="Loading">
      <Loader />
    </Center>
  );
}

/** The shape of a form page while its data arrives. */
export function FormSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <Paper p="lg" radius="lg" aria-busy="true" aria-label="Loading">
      <Stack gap="md">
        {Array.from({ length: rows }, (_, i) => (
          <Stack key={i} gap={6}>
            <Skeleton h={12} w={120} />
            <Skeleton h={40} />
          </Stack>
        ))}
        <Skeleton h={36} w={140} />
      </Stack>
    </Paper>
  );
}
