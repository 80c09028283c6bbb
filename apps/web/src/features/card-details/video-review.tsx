import { useMemo, useRef, useState } from 'react';
import { Anchor, Box, Grid, Paper, Stack, Text } from '@mantine/core';
import { isStaff } from '@cutroom/domain';
import type { CardDetailReply, UserView } from '@cutroom/domain/schemas';
import { FIRST_CHAT, type ChatFilter, type ChatKind } from '../../lib/card/card-keys';
import { isQaLocked } from './action-rules';
import { HydrationSlice } from '../../components/hydration-slice';
import { ChatPanel, CommentComposer } from '../chat/public';
import {
  canPlayOriginal,
  qualityOptions,
  videoSource,
  type Quality,
  MediaStatus,
  ReviewPreview,
  ReviewToolbar,
  useReviewPlayback,
  VersionCompare,
  resolveSelection,
  type Selection,
  VideoPlayer,
  VideoTabs,
} from '../media-pipeline/public';
import { PlaybackContext, ReviewControlsContext } from '../../lib/review-context';
import { useReviewNotes } from './use-review-notes';
import { sendWatched, useWatchReport } from '../approvals/public';
import { TranscriptPanel, useCaptions } from '../captions/public';
import { pageOrigin } from '../../lib/page-origin';
import { useBrowserValue, useDrawnWidth } from '../../lib/phone-layout';

interface VideoReviewProps {
  card: CardDetailReply;
  viewer: UserView;
  /** Which video is on screen; held by the page so the Details tab's 'View' can pick one. */
  wanted: Selection;
  onWantedChange: (update: (current: Selection) => Selection) => void;
}

const noop = () => {};

/** The Video & Comments tab: the delivered versions under review beside the chat (spec 001 §2). */
export function VideoReview({ card, viewer, wanted, onWantedChange: setWanted }: VideoReviewProps) {
  const locked = isQaLocked(viewer.client_type, card.card_status);
  const [chat, setChat] = useState<ChatKind>(FIRST_CHAT.chat);
  const [filter, setFilter] = useState<ChatFilter>(FIRST_CHAT.filter);
  const [annotationsOn, setAnnotationsOn] = useState(true);
  const [comparing, setComparing] = useState(false);

  const selection = resolveSelection(card, wanted);
  // What is played of a delivered version counts toward its approval round (issue 52).
  const report = useMemo(() => sendWatched(card.card_id), [card.card_id]);
  const onPlayed = useWatchReport(selection.kind === 'done' ? (selection.video?.video_version ?? null) : null, report);
  const [quality, setQuality] = useState<Quality>('auto');
  const media = selection.video?.media;
  const width = useDrawnWidth();
  const playsOriginal = useBrowserValue(
    () => !!media && canPlayOriginal(media, (mime) => document.createElement('video').canPlayType(mime)),
    false,
  );
  const source = selection.video && !locked ? videoSource(selection.video, pageOrigin(), width, quality) : null;
  const qualities = qualityOptions(media, playsOriginal);
  const multiVideo = selection.videos.length > 1;
  const versionMap = selection.kind === 'repurpose' ? card.repurpose_video_versions : card.video_versions;
  // Compare needs two versions the player can open; the chat then says which version each note is on.
  const canCompare = !locked && selection.keys.length >= 2 && source?.kind === 'video';
  const inCompare = comparing && canCompare;

  const { notesPerVersion, markers, annotations, noteVersion, noteRate } = useReviewNotes({
    cardId: card.card_id,
    chat,
    filter,
    selection,
    versionMap,
    annotationsOn,
  });
  const { playerRef, compareRef, stageRef, ...review } = useReviewPlayback({
    selection,
    isVideo: source?.kind === 'video',
    inCompare,
    setWanted,
  });

  // Captions belong to a delivered version's video (issue 53): the player's CC menu and the transcript under it.
  const captions = useCaptions(
    { cardId: card.card_id },
    selection.kind === 'done' && !locked ? (selection.video?.video_version ?? null) : null,
    selection.number,
  );
  const chatBox = useRef<HTMLDivElement>(null);
  const kinds = selection.hasRepurpose && !locked;
  return (
    <ReviewControlsContext.Provider value={review.controls}>
      <PlaybackContext.Provider value={review.playback}>
        <Grid gap="md" data-testid="video-review">
          <Grid.Col span={{ base: 12, md: locked ? 12 : 7, lg: locked ? 12 : 8 }}>
            <Stack gap="sm" ref={stageRef}>
              {!locked && (selection.keys.length > 0 || kinds) && (
                <HydrationSlice>
                  <ReviewToolbar
                    selection={selection}
                    kinds={kinds}
                    onSelect={review.select}
                    canCompare={canCompare}
                    inCompare={inCompare}
                    onCompareToggle={() => setComparing((c) => !c)}
                    showAnnotationsSwitch={review.hasPlayer && !inCompare}
                    annotationsOn={annotationsOn}
                    onAnnotationsChange={setAnnotationsOn}
                  />
                </HydrationSlice>
              )}
              {!locked && multiVideo && (
                <VideoTabs
                  videos={selection.videos}
                  number={selection.number}
                  onChange={(number) => review.select({ number })}
                />
              )}
              <HydrationSlice>
                {inCompare ? (
                  <VersionCompare
                    ref={compareRef}
                    map={versionMap}
                    keys={selection.keys}
                    number={selection.number}
                    notesPerVersion={notesPerVersion}
                  />
                ) : (
                  <ReviewPreview
                    locked={locked}
                    selection={selection}
                    source={source}
                    renderPlayer={(src) => (
                      <VideoPlayer
                        key={`${selection.kind}-${selection.video?.video_id}`}
                        ref={playerRef}
                        src={src}
                        onPlayed={onPlayed}
                        startAt={review.startAt}
                        markers={markers}
                        annotations={annotations}
                        pending={review.pending}
                        canAnnotate
                        drawing={review.drawing}
                        onDrawingChange={review.setDrawing}
                        onDraw={review.onDraw}
                        onPlayback={review.setPlayback}
                        onPlayableChange={review.setPlayable}
                        media={media}
                        range={review.range}
                        onRangeChange={review.setRange}
                        loop={review.loop}
                        onLoopChange={review.setLoop}
                        captions={captions.player}
                        fullscreenComposer={
                          locked ? undefined : (
                            <CommentComposer
                              cardId={card.card_id}
                              chat={chat}
                              replyTo={null}
                              onCancelReply={noop}
                              onPosted={noop}
                            />
                          )
                        }
                        quality={
                          qualities.length > 1
                            ? { options: qualities, value: quality, onChange: setQuality }
                            : undefined
                        }
                      />
                    )}
                  />
                )}
              </HydrationSlice>
              {!locked && !inCompare && selection.video?.media && <MediaStatus media={selection.video.media} />}
              {!locked && isStaff(viewer.client_type) && selection.video && (
                <Text fz="xs" c="dimmed" truncate>
                  Source:{' '}
                  <Anchor href={selection.video.video_url} target="_blank" rel="noopener noreferrer" fz="xs">
                    {selection.video.video_url}
                  </Anchor>
                </Text>
              )}
            </Stack>
            {!inCompare && captions.videoVersion !== null && (
              <Box mt="sm">
                <TranscriptPanel
                  captions={captions}
                  time={review.playback.time}
                  onSeek={(seconds) => review.jumpTo(seconds)}
                  onCommentLine={
                    review.hasPlayer
                      ? (cue) => {
                          // The line's range goes to the composer as an I/O range does, and the composer takes the keys.
                          review.jumpTo(cue.start, null, cue.end);
                          chatBox.current?.querySelector<HTMLElement>('[data-testid="comment-input"]')?.focus();
                        }
                      : undefined
                  }
                  manage
                  staff={isStaff(viewer.client_type)}
                />
              </Box>
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: locked ? 12 : 5, lg: locked ? 12 : 4 }}>
            <Paper
              ref={chatBox}
              radius="md"
              h={{ base: 560, md: 'calc(100dvh - 300px)' }}
              mih={480}
              style={{ overflow: 'hidden' }}
            >
              <HydrationSlice>
                <ChatPanel
                  cardId={card.card_id}
                  viewer={viewer}
                  hasHelper={card.has_youtube_helper}
                  chat={chat}
                  onChatChange={(next) => {
                    setChat(next);
                    if (next === 'team' && filter === 'customer') setFilter('all');
                  }}
                  filter={filter}
                  onFilterChange={setFilter}
                  readOnly={locked}
                  multiVideo={multiVideo}
                  hasVideo={review.hasPlayer || inCompare}
                  onJump={review.hasPlayer || inCompare ? review.jumpTo : undefined}
                  noteVersion={selection.keys.length >= 2 ? noteVersion : undefined}
                  noteRate={noteRate}
                />
              </HydrationSlice>
            </Paper>
          </Grid.Col>
        </Grid>
      </PlaybackContext.Provider>
    </ReviewControlsContext.Provider>
  );
}
