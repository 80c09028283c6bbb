import { useMemo } from 'react';
import { useCaptionsQuery, type CaptionsOf } from './api/captions';
import { playerTracks, tracksOfVideo } from './track-label';

/**
 * The captions of the video on screen, for both its player (the CC menu) and its transcript panel. `videoVersion`
 * is null where there are none to ask for (no delivered version on screen).
 */
export function useCaptions(of: CaptionsOf, videoVersion: number | null, videoNumber: number) {
  const query = useCaptionsQuery(of, videoVersion);
  const tracks = useMemo(() => tracksOfVideo(query.data?.captions ?? [], videoNumber), [query.data, videoNumber]);
  const player = useMemo(() => playerTracks(tracks), [tracks]);
  return { of, videoVersion, videoNumber, query, tracks, player };
}

export type Captions = ReturnType<typeof useCaptions>;
