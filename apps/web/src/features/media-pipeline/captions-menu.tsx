import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconBadgeCc, IconCheck } from '@tabler/icons-react';

export interface CaptionChoice {
  tracks: { id: number; label: string }[];
  /** The track shown over the frame, or null for Off. */
  value: number | null;
  onChange: (id: number | null) => void;
}

/** The CC button: pick a caption track to show over the frame, or Off. */
export function CaptionsMenu({ choice, withinPortal }: { choice: CaptionChoice; withinPortal: boolean }) {
  const { tracks, value, onChange } = choice;
  const item = (id: number | null, label: string) => (
    <Menu.Item
      key={id ?? 'off'}
      onClick={() => onChange(id)}
      leftSection={<IconCheck size={14} opacity={value === id ? 1 : 0} />}
      fw={value === id ? 700 : undefined}
    >
      {label}
    </Menu.Item>
  );
  return (
    <Menu position="top-end" withinPortal={withinPortal}>
      <Menu.Target>
        <Tooltip label="Captions">
          <ActionIcon
            variant={value !== null ? 'filled' : 'subtle'}
            color={value !== null ? 'brand' : 'gray.0'}
            aria-label="Captions"
            data-testid="captions-menu"
          >
            <IconBadgeCc size={18} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Captions</Menu.Label>
        {tracks.map((t) => item(t.id, t.label))}
        {item(null, 'Off')}
      </Menu.Dropdown>
    </Menu>
  );
}
