import { Center, Loader, type MantineSpacing, type StyleProp } from '@mantine/core';
import { LogoMark } from './logo';

/** While the session loads nothing else can render; the spinner shows only if that takes a moment. */
export function FullPageLoader() {
  // The mark sits where index.html's placeholder drew it, so the first load shows one steady picture.
  return (
    <Center mih="100dvh" aria-busy="true" aria-label="Loading" pos="relative">
      <LogoMark size={48} />
      <Loader size="sm" pos="absolute" top="calc(50% + 44px)" className="delayed-appear" />
    </Center>
  );
}

/** The same spinner holding the place of a part of a page that loads on demand (an editor, a form). */
export function SectionLoader({ mih = 120, mt }: { mih?: number | string; mt?: StyleProp<MantineSpacing> }) {
  return (
    <Center mih={mih} mt={mt} aria-busy="true" aria-label="Loading" className="delayed-appear">
      <Loader />
    </Center>
  );
}
