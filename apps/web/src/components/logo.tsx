import { Group, Text } from '@mantine/core';

/** The play-and-cut mark, drawn inline so it needs no request and follows the text size. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="var(--mantine-color-brand-6)" />
      <path d="M23 18v28l23-14z" fill="#fff" />
      <path d="M13 50L51 14" stroke="#ffb020" strokeWidth="5" strokeLinecap="round" />
    </svg>
  );
}

export function Logo({ size = 32, inverted = false }: { size?: number; inverted?: boolean }) {
  return (
    <Group gap={10} wrap="nowrap">
      <LogoMark size={size} />
      <Text fw={750} fz={size * 0.62} lh={1} c={inverted ? 'white' : undefined} style={{ letterSpacing: '-0.02em' }}>
        Cutroom
      </Text>
    </Group>
  );
}
