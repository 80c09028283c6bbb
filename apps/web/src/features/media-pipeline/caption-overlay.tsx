import { cueBoxStyle, cuesAt, cueTextAlign, placesItself, type TimedCue } from './cue-layout';
import classes from './video.module.css';

function CueText({ cue }: { cue: TimedCue }) {
  // Plain React text: a cue's words never become markup.
  return (
    <span className={classes.cueText} data-testid="caption-cue" data-cue={cue.n}>
      {cue.text}
    </span>
  );
}

/**
 * The cues showing at `time`, drawn over the frame by us rather than by the browser's track rendering, so they sit
 * in the same box as the safe zones and scale with it: bottom centre, or where a cue's WebVTT settings put it.
 */
export function CaptionOverlay({ cues, time }: { cues: readonly TimedCue[]; time: number }) {
  const shown = cuesAt(cues, time);
  if (shown.length === 0) return null;
  const placed = shown.filter((c) => placesItself(c.settings));
  const stacked = shown.filter((c) => !placesItself(c.settings));
  return (
    <div className={classes.captionLayer}>
      {stacked.length > 0 && (
        <div className={classes.cueStack}>
          {stacked.map((cue) => (
            <div key={cue.n} style={{ textAlign: cueTextAlign(cue.settings) }}>
              <CueText cue={cue} />
            </div>
          ))}
        </div>
      )}
      {placed.map((cue) => (
        <div key={cue.n} className={classes.cueBox} style={cueBoxStyle(cue.settings)}>
          <CueText cue={cue} />
        </div>
      ))}
    </div>
  );
}
