import { Group, Text } from '@mantine/core';

/** A play button with a slice taken off (same drawing as public/favicon.svg); inverted for dark backgrounds. */
export function LogoMark({ size = 32, inverted = false }: { size?: number; inverted?: boolean }) {
  const tile = inverted ? '#fff' : 'var(--mantine-color-brand-6)';
  const play = inverted ? 'var(--mantine-color-brand-6)' : '#fff';
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="15" fill={tile} />
      <g strokeWidth="3" strokeLinejoin="round">
        <path d="M20 10.8v24l15.2-15.2z" fill="#ffb020" stroke="#ffb020" />
        <path d="M20 41.2v12l31-18-15.8-9.2z" fill={play} stroke={play} />
      </g>
    </svg>
  );
}

export function Logo({ size = 32, inverted = false }: { size?: number; inverted?: boolean }) {
  return (
    <Group gap={10} wrap="nowrap">
      <LogoMark size={size} inverted={inverted} />
      <Text fw={750} fz={size * 0.62} lh={1} c={inverted ? 'white' : undefined} style={{ letterSpacing: '-0.02em' }}>
        Cutroom
      </Text>
    </Group>
  );
}
