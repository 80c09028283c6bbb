import { useCallback, useMemo, useRef, useState } from 'react';
import { Alert, Anchor, Button, Grid, Group, Paper, Select, Stack, Tabs, Text } from '@mantine/core';
import { IconAlertTriangle, IconColumns, IconExternalLink, IconMovieOff, IconShieldCheck } from '@tabler/icons-react';
import { MSG, isStaff, type CardDetailReply, type UserView } from '@cutroom/domain';
import { EmptyStateCard } from '../../../components/empty-state-card';
import { Segmented } from '../../../components/segmented';
import type { ChatFilter, ChatKind } from '../api/card-keys';
import { useChatNotes } from '../api/chat-notes';
import { isQaLocked } from '../action-rules';
import { ChatPanel, orderedNotes } from '../chat/chat-panel';
import { plainQuote } from '../chat/comment-tokens';
import { formatClock } from '../format';
import type { StreamState } from '../use-card-live';
import type { Geometry } from './annotation-layer';
import { previewSource } from './preview-source';
import {
  PlaybackContext,
  ReviewControlsContext,
  type PendingAnnotation,
  type Playback,
  type PlayerHandle,
  type ReviewControls,
  type ShapeKind,
} from './review-context';
import type { Marker } from './timeline';
import { VersionCompare, type CompareHandle } from './version-compare';
import { resolveSelection, versionLabel, versionOfNote, type Selection } from './video-versions';
import { AnnotationsSwitch } from './annotations-switch';
import type { TimedAnnotation } from './timed-annotations';
import { VideoPlayer } from './video-player';

interface VideoReviewProps {
  card: CardDetailReply;
  viewer: UserView;
  stream: StreamState;
  /** Which video is on screen; held by the page so the Details tab's 'View' can pick one. */
  wanted: Selection;
  onWantedChange: (update: (current: Selection) => Selection) => void;
}

const snippet = (text: string, max = 60) => {
  const clean = plainQuote(text.replace(/@VT\{[\d.]+\}\s*/g, ''));
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
};

/** The Video & Comments tab: the delivered versions under review beside the chat (spec 001 §2). */
export function VideoReview({ card, viewer, stream, wanted, onWantedChange: setWanted }: VideoReviewProps) {
  const locked = isQaLocked(viewer.client_type, card.card_status);
  const [chat, setChat] = useState<ChatKind>('customer');
  const [filter, setFilter] = useState<ChatFilter>('all');
  const [playback, setPlayback] = useState<Playback>({ time: 0, playing: false });
  const [playable, setPlayable] = useState(true);
  const [drawing, setDrawing] = useState<ShapeKind | null>(null);
  const [pending, setPending] = useState<PendingAnnotation | null>(null);
  const [annotationsOn, setAnnotationsOn] = useState(true);
  const [startAt, setStartAt] = useState<number | null>(null);
  const player = useRef<PlayerHandle>(null);
  const compare = useRef<CompareHandle>(null);
  const [comparing, setComparing] = useState(false);
  const stage = useRef<HTMLDivElement>(null);

  const selection = resolveSelection(card, wanted);
  const source = selection.video && !locked ? previewSource(selection.video.video_url, window.location.origin) : null;
  const hasPlayer = source?.kind === 'video' && playable;
  const multiVideo = selection.videos.length > 1;
  const versionMap = selection.kind === 'repurpose' ? card.repurpose_video_versions : card.video_versions;
  // Compare needs two versions the player can open; the chat then says which version each note is on.
  const canCompare = !locked && selection.keys.length >= 2 && source?.kind === 'video';
  const inCompare = comparing && canCompare;
  const noteVersion = useCallback(
    (note: Parameters<typeof versionOfNote>[0]) => {
      const key = versionOfNote(note, versionMap);
      return key ? versionLabel(key) : null;
    },
    [versionMap],
  );

  const notesQuery = useChatNotes(card.card_id, chat, filter, true);
  const notes = useMemo(() => orderedNotes(notesQuery.data?.pages).filter((n) => !n.is_deleted), [notesQuery.data]);
  const forThisVideo = useCallback(
    (n: { note_for_video_number: number | null; annotation: { version?: string } | null }) =>
      (n.note_for_video_number === null || n.note_for_video_number === selection.number) &&
      (!n.annotation?.version || n.annotation.version === selection.version),
    [selection.number, selection.version],
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
          time: n.annotation?.time ?? n.video_time ?? 0,
          label: `${formatClock(n.annotation?.time ?? n.video_time ?? 0)} · ${n.firstname}: ${snippet(n.note)}`,
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
              w: n.annotation!.w ?? 0,
              h: n.annotation!.h ?? 0,
              id: n.note_id,
              label: `${n.firstname}: ${snippet(n.note, 40)}`,
            }))
        : [],
    [notes, forThisVideo, annotationsOn],
  );

  const select = (next: Partial<Selection>) => {
    setWanted((w) => ({ ...w, ...next }));
    setPlayable(true);
    setDrawing(null);
    setPending(null);
    setPlayback({ time: 0, playing: false });
  };

  const jumpTo = useCallback(
    (seconds: number, videoNumber?: number | null) => {
      stage.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
      if (inCompare) return compare.current?.seek(seconds);
      if (videoNumber && videoNumber !== selection.number && videoNumber <= selection.videos.length) {
        // The other video's player starts at the moment once it has loaded.
        setStartAt(seconds);
        setWanted((w) => ({ ...w, number: videoNumber }));
        setPlayable(true);
        return;
      }
      player.current?.pause();
      player.current?.seek(seconds);
    },
    [selection.number, selection.videos.length, setWanted, inCompare],
  );

  const controls: ReviewControls = useMemo(
    () => ({
      hasPlayer,
      videoNumber: selection.video ? selection.number : null,
      version: selection.version,
      jumpTo,
      currentTime: () => player.current?.currentTime() ?? 0,
      isPlaying: () => player.current?.isPlaying() ?? false,
      pendingAnnotation: pending,
      clearAnnotation: () => {
        setPending(null);
        setDrawing(null);
      },
    }),
    [hasPlayer, selection.video, selection.number, selection.version, jumpTo, pending],
  );

  const onDraw = useCallback(
    (geometry: Geometry, time: number) =>
      setPending({ ...geometry, time, version: selection.version, videoNumber: selection.number }),
    [selection.version, selection.number],
  );

  const preview = (() => {
    if (locked) {
      return (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconShieldCheck />}
          radius="md"
          data-testid="qa-warning"
          title="In quality check"
        >
          {MSG.commentsClosedInQa}
        </Alert>
      );
    }
    if (!selection.video || !source) {
      return (
        <EmptyStateCard
          icon={<IconMovieOff size={32} stroke={1.5} />}
          title="No video yet"
          description={MSG.noVideoYet}
        />
      );
    }
    if (source.kind === 'error') {
      return (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle />} radius="md" data-testid="video-source-error">
          <Stack gap={4}>
            <Text fz="sm" fw={600}>
              {source.message}
            </Text>
            <Anchor href={selection.video.video_url} target="_blank" rel="noopener noreferrer" fz="sm">
              Open the link in a new tab <IconExternalLink size={12} />
            </Anchor>
          </Stack>
        </Alert>
      );
    }
    if (source.kind === 'embed') {
      return (
        <Stack gap={6}>
          <iframe
            src={source.src}
            title={`Video ${selection.number}`}
            allow="autoplay; fullscreen"
            allowFullScreen
            style={{ width: '100%', aspectRatio: '16 / 9', border: 0, borderRadius: 8, background: '#000' }}
            data-testid="video-embed"
          />
          <Text fz="xs" c="dimmed">
            Google Drive plays in its own viewer, so timecodes and drawings aren't available for this video.
          </Text>
        </Stack>
      );
    }
    return (
      <VideoPlayer
        key={source.src}
        ref={player}
        src={source.src}
        startAt={startAt}
        markers={markers}
        annotations={annotations}
        pending={pending}
        canAnnotate
        drawing={drawing}
        onDrawingChange={setDrawing}
        onDraw={onDraw}
        onPlayback={setPlayback}
        onPlayableChange={setPlayable}
      />
    );
  })();

  const kinds = selection.hasRepurpose && !locked;
  return (
    <ReviewControlsContext.Provider value={controls}>
      <PlaybackContext.Provider value={playback}>
        <Grid gap="md" data-testid="video-review">
          <Grid.Col span={{ base: 12, md: locked ? 12 : 7, lg: locked ? 12 : 8 }}>
            <Stack gap="sm" ref={stage}>
              {!locked && (selection.keys.length > 0 || kinds) && (
                <Group justify="space-between" gap="sm" wrap="wrap">
                  <Group gap="sm" wrap="wrap">
                    {kinds && (
                      <Segmented
                        size="xs"
                        value={selection.kind}
                        onChange={(kind) => select({ kind, version: null, number: 1 })}
                        data={[
                          { value: 'done', label: 'Done Videos' },
                          { value: 'repurpose', label: 'Repurpose Videos' },
                        ]}
                        aria-label="Videos"
                        data-testid="video-kind"
                      />
                    )}
                    {selection.keys.length > 0 && (
                      <Select
                        size="xs"
                        w={130}
                        aria-label="Version"
                        data={selection.keys.map((k) => ({ value: k, label: versionLabel(k) }))}
                        value={selection.version}
                        onChange={(version) => version && select({ version, number: 1 })}
                        allowDeselect={false}
                        data-testid="version-select"
                      />
                    )}
                  </Group>
                  <Group gap="sm" wrap="nowrap">
                    {canCompare && (
                      <Button
                        size="compact-sm"
                        variant={inCompare ? 'filled' : 'default'}
                        leftSection={<IconColumns size={14} />}
                        onClick={() => setComparing((c) => !c)}
                        aria-pressed={inCompare}
                        data-testid="compare-toggle"
                      >
                        {inCompare ? 'Close compare' : 'Compare versions'}
                      </Button>
                    )}
                    {source?.kind === 'video' && playable && !inCompare && (
                      <AnnotationsSwitch checked={annotationsOn} onChange={setAnnotationsOn} />
                    )}
                  </Group>
                </Group>
              )}
              {!locked && selection.videos.length > 1 && (
                <Tabs
                  value={String(selection.number)}
                  onChange={(value) => value && select({ number: Number(value) })}
                  variant="pills"
                  radius="xl"
                >
                  <Tabs.List>
                    {selection.videos.map((v, i) => (
                      <Tabs.Tab key={v.video_id} value={String(i + 1)} size="xs">
                        Video {i + 1}
                      </Tabs.Tab>
                    ))}
                  </Tabs.List>
                </Tabs>
              )}
              {inCompare ? (
                <VersionCompare
                  ref={compare}
                  map={versionMap}
                  keys={selection.keys}
                  number={selection.number}
                  notesPerVersion={notesPerVersion}
                />
              ) : (
                preview
              )}
              {!locked && isStaff(viewer.client_type) && selection.video && (
                <Text fz="xs" c="dimmed" truncate>
                  Source:{' '}
                  <Anchor href={selection.video.video_url} target="_blank" rel="noopener noreferrer" fz="xs">
                    {selection.video.video_url}
                  </Anchor>
                </Text>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: locked ? 12 : 5, lg: locked ? 12 : 4 }}>
            <Paper radius="md" h={{ base: 560, md: 'calc(100dvh - 300px)' }} mih={480} style={{ overflow: 'hidden' }}>
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
                stream={stream}
                readOnly={locked}
                multiVideo={multiVideo}
                onJump={hasPlayer || inCompare ? jumpTo : undefined}
                noteVersion={selection.keys.length >= 2 ? noteVersion : undefined}
              />
            </Paper>
          </Grid.Col>
        </Grid>
      </PlaybackContext.Provider>
    </ReviewControlsContext.Provider>
  );
}
