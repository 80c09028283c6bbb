import { Text, Tooltip } from '@mantine/core';
import { LOUDNESS_TARGETS } from '@cutroom/domain';
import type { QcView } from '@cutroom/domain/schemas';

const signed = (n: number) => n.toFixed(1).replace('-', '−');

/** The cut's integrated loudness beside the quality menu, red when delivery QC found it off its target. */
export function LoudnessFigure({ qc }: { qc: QcView }) {
  if (qc.status !== 'done' || qc.has_audio === null) return null;
  const target = LOUDNESS_TARGETS[qc.target];
  const off = qc.findings.some((f) => f.kind === 'loudness' || f.kind === 'true_peak');
  const label =
    qc.integrated_lufs === null
      ? 'No audio track: nothing to measure'
      : `Integrated loudness ${signed(qc.integrated_lufs)} LUFS, true peak ${signed(qc.true_peak_dbtp ?? 0)} dBTP; ` +
        `${target.label}: ${signed(target.integrated)} ± ${target.tolerance} LUFS, peak ≤ ${signed(target.truePeakMax)} dBTP`;
  return (
    <Tooltip label={label} multiline maw={300} withinPortal={false}>
      <Text
        fz={12}
        fw={600}
        px={4}
        c={off ? 'red.4' : 'gray.4'}
        data-testid="qc-loudness"
        data-off={off || undefined}
        aria-label={label}
        tabIndex={0}
      >
        {qc.integrated_lufs === null ? 'No audio' : `${signed(qc.integrated_lufs)} LUFS`}
      </Text>
    </Tooltip>
  );
}
