import { useCallback, useMemo } from 'react';
import { useChatNotes, orderedNotes } from '../chat/public';
import type { ChatFilter, ChatKind } from '../../lib/card/card-keys';
import { plainQuote } from '../../lib/comment-tokens';
import { formatClock } from '../../lib/format';
import type { NoteView } from '@cutroom/domain/schemas';
import {
  type TimedAnnotation,
  type Marker,
  versionLabel,
  versionOfNote,
  type ResolvedSelection,
  type VersionMap,
} from '../media-pipeline/public';

const snippet = (text: string, max = 60) => {
  const clean = plainQuote(text.replace(/@VT\{[\d.]+\}\s*/g, ''));
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
};

interface ReviewNotesOptions {
  cardId: number;
  chat: ChatKind;
  filter: ChatFilter;
  selection: ResolvedSelection;
  versionMap: VersionMap;
  annotationsOn: boolean;
}

/** The notes of the chat on screen as the review shows them: pins, drawings, counts per version, each note's version. */
export function useReviewNotes({ cardId, chat, filter, selection, versionMap, annotationsOn }: ReviewNotesOptions) {
  const notesQuery = useChatNotes(cardId, chat, filter, true);
  const notes = useMemo(() => orderedNotes(notesQuery.data?.pages).filter((n) => !n.is_deleted), [notesQuery.data]);
  // A note is on the video it names and the version it was made on: v1's notes are not pinned on v2's timeline.
  const forThisVideo = useCallback(
    (n: NoteView) => {
      const version = versionOfNote(n, versionMap);
      return (
        (n.note_for_video_number === null || n.note_for_video_number === selection.number) &&
        (version === null || version === selection.version)
      );
    },
    [selection.number, selection.version, versionMap],
  );
  const notesPerVersion = useMemo(() => {
    const counts: Record<string, number> = {};
    for (const n of notes) {
      const key = n.video_time !== null ? versionOfNote(n, versionMap) : null;
      if (key) counts[key] = (counts[key] ?? 0) + 1;
    }
    return counts;
  }, [notes, versionMap]);
  const markers: Marker[] = useMemo(
    () =>
      notes
        .filter((n) => n.video_time !== null && forThisVideo(n))
        .map((n) => ({
          id: n.note_id,
          time: n.time_in ?? n.annotation?.time ?? n.video_time ?? 0,
          end: n.time_in !== null ? n.time_out : null,
          label: `${formatClock(n.time_in ?? n.annotation?.time ?? n.video_time ?? 0)}${n.time_out !== null ? `–${formatClock(n.time_out)}` : ''} · ${n.firstname}: ${snippet(n.note)}`,
          annotation: n.note_type === 'annotation',
        })),
    [notes, forThisVideo],
  );
  const annotations: TimedAnnotation[] = useMemo(
    () =>
      annotationsOn
        ? notes
            .filter((n) => n.annotation && forThisVideo(n))
            .map((n) => ({
              ...n.annotation!,
              // The note's exact moment, and its range's end (issue 35).
              time: n.time_in ?? n.annotation!.time,
              until: n.time_in !== null ? n.time_out : null,
              w: n.annotation!.w ?? 0,
              h: n.annotation!.h ?? 0,
              id: n.note_id,
              label: `${n.firstname}: ${snippet(n.note, 40)}`,
            }))
        : [],
    [notes, forThisVideo, annotationsOn],
  );
  const noteVersion = useCallback(
    (note: Parameters<typeof versionOfNote>[0]) => {
      const key = versionOfNote(note, versionMap);
      return key ? versionLabel(key) : null;
    },
    [versionMap],
  );
  /** The frame rate of the video a note was made on: its version's video of the number it names. */
  const noteRate = useCallback(
    (note: NoteView) => {
      const key = versionOfNote(note, versionMap);
      const videos = key ? (versionMap[key] ?? []) : [];
      return videos[(note.note_for_video_number ?? selection.number) - 1]?.media?.fps_rational ?? null;
    },
    [versionMap, selection.number],
  );
  return { notesPerVersion, markers, annotations, noteVersion, noteRate };
}
