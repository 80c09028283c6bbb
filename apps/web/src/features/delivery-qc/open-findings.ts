import type { ChecklistReply, QcView } from '@cutroom/domain/schemas';

/** One line of what delivery QC still has open: a stretch's note, or a finding about the whole file. */
export interface OpenQcFinding {
  key: string;
  time: number | null;
  text: string;
}

/**
 * What moving to Review asks about: the team checklist's open items (QC's stretches) and the latest
 * delivery's findings about the whole file (loudness, shape), which only a new version clears.
 */
export function openQcFindings(team: ChecklistReply | undefined, latest: (QcView | undefined)[]): OpenQcFinding[] {
  const items = (team?.items ?? [])
    .filter((i) => i.state === 'open' && i.round === team?.last_round)
    .map((i) => ({ key: `note-${i.note_id}`, time: i.video_time, text: i.text }));
  const whole = latest.flatMap((qc, n) =>
    (qc?.findings ?? [])
      .filter((f) => f.time_in === null)
      .map((f) => ({ key: `video-${n}-${f.kind}`, time: null, text: f.text })),
  );
  return [...items, ...whole];
}
