import { Tooltip } from '@mantine/core';
import type { QcView } from '@cutroom/domain/schemas';
import classes from './delivery-qc.module.css';

const percent = (value: number, duration: number) => (duration > 0 ? Math.min(100, (value / duration) * 100) : 0);

/** Delivery QC's stretches on the timeline, for staff (issue 51): a click steps to where one starts. */
export function QcStrip({ qc, duration, onSeek }: { qc: QcView; duration: number; onSeek: (seconds: number) => void }) {
  const stretches = qc.findings.filter((f) => f.time_in !== null && f.time_out !== null);
  if (stretches.length === 0 || duration <= 0) return null;
  return (
    <div className={classes.strip} data-testid="qc-strip">
      {stretches.map((f) => (
        <Tooltip key={`${f.kind}-${f.time_in}`} label={f.text} withinPortal={false} multiline maw={320}>
          <button
            type="button"
            className={classes.stretch}
            data-kind={f.kind}
            data-testid="qc-finding"
            aria-label={f.text}
            style={{
              left: `${percent(f.time_in!, duration)}%`,
              width: `${Math.max(0.6, percent(f.time_out! - f.time_in!, duration))}%`,
            }}
            onClick={() => onSeek(f.time_in!)}
          />
        </Tooltip>
      ))}
    </div>
  );
}
