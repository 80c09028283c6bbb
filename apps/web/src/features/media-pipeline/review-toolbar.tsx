import { Button, Group, Select } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { Segmented } from '../../components/segmented';
import { AnnotationsSwitch } from './annotations-switch';
import { versionLabel, type ResolvedSelection, type Selection } from './video-versions';

interface ReviewToolbarProps {
  selection: ResolvedSelection;
  /** Done and repurposed videos both exist, so the viewer picks which. */
  kinds: boolean;
  onSelect: (next: Partial<Selection>) => void;
  canCompare: boolean;
  inCompare: boolean;
  onCompareToggle: () => void;
  /** The switch shows only over our own player, not in compare. */
  showAnnotationsSwitch: boolean;
  annotationsOn: boolean;
  onAnnotationsChange: (on: boolean) => void;
}

/** Above the video: done or repurposed, which version, compare, and the drawings switch. */
export function ReviewToolbar({
  selection,
  kinds,
  onSelect,
  canCompare,
  inCompare,
  onCompareToggle,
  showAnnotationsSwitch,
  annotationsOn,
  onAnnotationsChange,
}: ReviewToolbarProps) {
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="sm" wrap="wrap">
        {kinds && (
          <Segmented
            size="xs"
            value={selection.kind}
            onChange={(kind) => onSelect({ kind, version: null, number: 1 })}
            data={[
              { value: 'done', label: 'Done Videos' },
              { value: 'repurpose', label: 'Repurpose Videos' },
            ]}
            aria-label="Videos"
            data-testid="video-kind"
          />
        )}
        {selection.keys.length > 0 && (
          <Select
            size="xs"
            w={130}
            aria-label="Version"
            data={selection.keys.map((k) => ({ value: k, label: versionLabel(k) }))}
            value={selection.version}
            onChange={(version) => version && onSelect({ version, number: 1 })}
            allowDeselect={false}
            data-testid="version-select"
          />
        )}
      </Group>
      <Group gap="sm" wrap="nowrap">
        {canCompare && (
          <Button
            size="compact-sm"
            variant={inCompare ? 'filled' : 'default'}
            leftSection={<IconColumns size={14} />}
            onClick={onCompareToggle}
            aria-pressed={inCompare}
            data-testid="compare-toggle"
          >
            {inCompare ? 'Close compare' : 'Compare versions'}
          </Button>
        )}
        {showAnnotationsSwitch && <AnnotationsSwitch checked={annotationsOn} onChange={onAnnotationsChange} />}
      </Group>
    </Group>
  );
}
