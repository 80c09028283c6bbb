import { ActionIcon, Menu, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { Quality } from './preview-source';

export interface QualityChoice {
  options: { value: Quality; label: string }[];
  value: Quality;
  onChange: (quality: Quality) => void;
}

/** Auto, each proxy of the media pipeline, and the original file when this browser plays it. */
export function QualityMenu({ choice, withinPortal }: { choice: QualityChoice; withinPortal: boolean }) {
  const current = choice.options.find((o) => o.value === choice.value) ?? choice.options[0];
  return (
    <Menu position="top-end" withinPortal={withinPortal}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray.0"
          aria-label={`Quality: ${current?.label}`}
          w="auto"
          px={6}
          data-testid="video-quality"
        >
          <Text fz={12} fw={600} c="white">
            {current?.label}
          </Text>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Quality</Menu.Label>
        {choice.options.map((o) => (
          <Menu.Item
            key={String(o.value)}
            onClick={() => choice.onChange(o.value)}
            rightSection={o.value === choice.value ? <IconCheck size={14} /> : null}
          >
            {o.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
