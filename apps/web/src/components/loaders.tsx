import { Center, Loader } from '@mantine/core';

/** While the session loads nothing else can render; the spinner shows only if that takes a moment. */
export function FullPageLoader() {
  return (
    <Center mih="100dvh" aria-busy="true" aria-label="Loading" className="delayed-appear">
      <Loader />
    </Center>
  );
}
