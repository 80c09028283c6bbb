import { Group, Switch } from '@mantine/core';

/** The on/off switch for drawings over the frame, shown beside the player. */
export function AnnotationsSwitch({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Switch
        size="sm"
        label="Annotations"
        checked={checked}
        onChange={(e) => onChange(e.currentTarget.checked)}
        data-testid="annotations-switch"
      />
    </Group>
  );
}
