import { Stack, Text, UnstyledButton } from '@mantine/core';
import type { CaptionView } from '@cutroom/domain/schemas';
import { formatClock } from '../../lib/format';

/** Caption QC for staff: lines too fast, with too many lines, or past the safe area; a click plays from the line. */
export function CaptionQc({ track, onSeek }: { track: CaptionView; onSeek: (seconds: number) => void }) {
  if (!track.qc || track.qc.length === 0) return null;
  return (
    <Stack gap={2} data-testid="caption-qc">
      <Text fz="xs" fw={600} c="orange.8">
        Caption QC ({track.qc.length})
      </Text>
      {track.qc.map((f) => {
        const cue = track.cues.find((c) => c.n === f.n);
        return (
          <UnstyledButton
            key={`${f.n}-${f.kind}`}
            fz="xs"
            data-testid="caption-qc-finding"
            data-kind={f.kind}
            onClick={() => cue && onSeek(cue.start)}
          >
            {cue && (
              <Text span fz="xs" c="dimmed" mr={6}>
                {formatClock(cue.start)}
              </Text>
            )}
            {f.message}
          </UnstyledButton>
        );
      })}
    </Stack>
  );
}
