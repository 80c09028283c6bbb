import { ActionIcon } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { TooltipOnDemand } from './tooltip-on-demand';

interface ReloadButtonProps {
  label: string;
  loading: boolean;
  onReload: () => void;
  testId?: string;
}

/** The page header's reload icon: the same look, name and spinner on every list. */
export function ReloadButton({ label, loading, onReload, testId }: ReloadButtonProps) {
  return (
    <TooltipOnDemand label={label} withArrow>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={label}
        data-testid={testId}
        loading={loading}
        onClick={onReload}
      >
        <IconRefresh size={18} />
      </ActionIcon>
    </TooltipOnDemand>
  );
}
