import { useEffect, useRef, useState } from 'react';
import { Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { cueMatches } from '@cutroom/domain';
import type { CaptionView, CueView } from '@cutroom/domain/schemas';
import { cuesAt } from '../media-pipeline/public';
import { CueRow } from './cue-row';
import classes from './transcript.module.css';

interface CueListProps {
  track: CaptionView;
  time: number;
  onSeek: (seconds: number) => void;
  onCommentLine?: (cue: CueView) => void;
  /** The card whose lines may be edited here (staff and the customer); none for guests. */
  editCardId: number | null;
}

/** Brings the row into the list's view by scrolling the list alone: the page stays put and focus stays where it is. */
function keepInView(list: HTMLElement, row: HTMLElement) {
  const top = row.offsetTop;
  const bottom = top + row.offsetHeight;
  if (top >= list.scrollTop && bottom <= list.scrollTop + list.clientHeight) return;
  list.scrollTo?.({ top: Math.max(0, top - list.clientHeight / 3), behavior: 'smooth' });
}

/** The track's lines with their start times, the playing one lit and kept in view, and a search over them. */
export function CueList({ track, time, onSeek, onCommentLine, editCardId }: CueListProps) {
  const [query, setQuery] = useState('');
  const list = useRef<HTMLDivElement>(null);
  const active = cuesAt(track.cues, time)[0]?.n ?? null;
  // Case and accents don't count ('cafe' finds 'Café'); a blank search shows every line.
  const shown = query.trim() ? track.cues.filter((c) => cueMatches(c.text, query)) : track.cues;

  useEffect(() => {
    if (active === null || !list.current) return;
    const row = list.current.querySelector<HTMLElement>(`[data-cue="${active}"]`);
    if (row) keepInView(list.current, row);
  }, [active]);

  return (
    <>
      <TextInput
        size="xs"
        aria-label="Search the transcript"
        placeholder="Search the transcript"
        leftSection={<IconSearch size={14} />}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
      />
      <div className={classes.list} ref={list} data-testid="transcript-cues">
        {shown.map((cue) => (
          <CueRow
            key={`${track.caption_id}-${cue.n}`}
            cue={cue}
            captionId={track.caption_id}
            active={cue.n === active}
            onSeek={onSeek}
            onCommentLine={onCommentLine}
            editCardId={editCardId}
          />
        ))}
        {shown.length === 0 && (
          <Text fz="sm" c="dimmed" py={4}>
            {query.trim() ? `No line has “${query.trim()}”.` : 'This track has no lines.'}
          </Text>
        )}
      </div>
    </>
  );
}
