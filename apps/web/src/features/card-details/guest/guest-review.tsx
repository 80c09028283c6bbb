import { useCallback, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Avatar,
  Badge,
  Button,
  Checkbox,
  Grid,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconAlertTriangle, IconPencil } from '@tabler/icons-react';
import { COMMENT_MAX, FIX_STATE_LABELS, toMillis, videoTimeTag, withoutLeadingTimeTag } from '@cutroom/domain';
import type { GuestNoteView, GuestReviewReply } from '@cutroom/domain/schemas';
import { errorMessage } from '../../../lib/api-client';
import { formatChatTime } from '../../../lib/format-time';
import { useGuestComment } from '../api/guest-visit';
import { CommentText } from '../chat/comment-text';
import { formatClock } from '../format';
import type { Geometry } from '../video/annotation-layer';
import type { Playback, PlayerHandle, ShapeKind } from '../video/review-context';
import type { Marker } from '../video/timeline';
import type { TimedAnnotation } from '../video/timed-annotations';
import { VideoPlayer } from '../video/video-player';
import { autoProxy, previewSource, type PreviewSource } from '../video/preview-source';

type Version = GuestReviewReply['versions'][number];
const SIDE_COLORS = { customer: 'brand', staff: 'indigo', guest: 'grape' } as const;
const SIDE_LABELS = { customer: 'Customer', staff: 'Team', guest: 'Guest' } as const;

const snippet = (text: string, max = 50) => {
  const clean = withoutLeadingTimeTag(text);
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
};
/**
 * A guest's video: its proxy once the media pipeline made one, else a file behind the visit as it is; a
 * Dropbox or Drive link as the card page shows it.
 */
export function guestSource(video: Version['videos'][number], viewportWidth: number): PreviewSource {
  const proxy = video.media?.status === 'ready' ? autoProxy(video.media.proxies, viewportWidth) : undefined;
  if (proxy) return { kind: 'video', src: proxy.url, own: true };
  if (video.url.startsWith('/api/guest/files/')) return { kind: 'video', src: video.url, own: true };
  return previewSource(video.url, window.location.origin);
}

const momentOf = (n: GuestNoteView) => n.time_in ?? n.annotation?.time ?? n.video_time;

function GuestNote({ note, onJump }: { note: GuestNoteView; onJump: (seconds: number) => void }) {
  const moment = momentOf(note);
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap" data-testid="guest-note" data-side={note.side}>
      <Avatar radius="xl" size={30} color={SIDE_COLORS[note.side]}>
        {note.author.slice(0, 1).toUpperCase()}
      </Avatar>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="wrap">
          <Text fz="sm" fw={600}>
            {note.author}
          </Text>
          <Badge size="xs" variant="light" color={SIDE_COLORS[note.side]}>
            {SIDE_LABELS[note.side]}
          </Badge>
          <Text fz={11} c="dimmed">
            {formatChatTime(note.date_added)}
          </Text>
          {note.annotation && (
            <Badge size="xs" variant="outline" color="gray" leftSection={<IconPencil size={10} />}>
              Drawing
            </Badge>
          )}
          {note.fix_state && (
            <Badge
              size="xs"
              variant="light"
              color={note.fix_state === 'fixed' ? 'teal' : note.fix_state === 'open' ? 'orange' : 'gray'}
            >
              {FIX_STATE_LABELS[note.fix_state]}
            </Badge>
          )}
        </Group>
        {moment !== null && !note.note.trimStart().startsWith('@VT{') && (
          <Button size="compact-xs" variant="light" onClick={() => onJump(moment)}>
            {formatClock(moment)}
          </Button>
        )}
        <CommentText
          note={note.note}
          onJump={(s) => onJump(note.annotation && Math.floor(note.annotation.time) === s ? note.annotation.time : s)}
        />
        {note.fix_state === 'wont_fix' && note.wont_fix_reason && (
          <Text fz="xs" c="dimmed">
            Won&apos;t fix: {note.wont_fix_reason}
          </Text>
        )}
      </div>
    </Group>
  );
}

/** The guest's review: the version's player with every note's pin and drawing, the notes, and a box to add one. */
export function GuestReview({ data, version }: { data: GuestReviewReply; version: Version | null }) {
  const comment = useGuestComment();
  const player = useRef<PlayerHandle>(null);
  const [playback, setPlayback] = useState<Playback>({ time: 0, playing: false });
  const [playable, setPlayable] = useState(true);
  const [drawing, setDrawing] = useState<ShapeKind | null>(null);
  const [pending, setPending] = useState<(Geometry & { time: number }) | null>(null);
  const [text, setText] = useState('');
  const [atMoment, setAtMoment] = useState(true);
  const video = version?.videos[0] ?? null;
  const source = video ? guestSource(video, window.innerWidth) : null;
  const hasPlayer = source?.kind === 'video' && playable;
  // Notes of another version are listed but not pinned on this one.
  const onThisVersion = useCallback(
    (n: GuestNoteView) => !n.annotation?.version || !version || n.annotation.version === version.key,
    [version],
  );
  const markers: Marker[] = useMemo(
    () =>
      data.notes
        .filter((n) => momentOf(n) !== null && onThisVersion(n))
        .map((n) => ({
          id: n.note_id,
          time: momentOf(n)!,
          end: n.time_in !== null ? n.time_out : null,
          label: `${formatClock(momentOf(n)!)} · ${n.author}: ${snippet(n.note)}`,
          annotation: n.note_type === 'annotation',
        })),
    [data.notes, onThisVersion],
  );
  const annotations: TimedAnnotation[] = useMemo(
    () =>
      data.notes
        .filter((n) => n.annotation && onThisVersion(n))
        .map((n) => ({ ...n.annotation!, id: n.note_id, label: `${n.author}: ${snippet(n.note, 40)}` })),
    [data.notes, onThisVersion],
  );
  const jump = useCallback((seconds: number) => {
    player.current?.pause();
    player.current?.seek(seconds);
  }, []);
  const onDraw = useCallback((geometry: Geometry, time: number) => setPending({ ...geometry, time }), []);

  const send = () => {
    const body = text.trim();
    if (!body) return;
    const time = pending?.time ?? playback.time;
    const timed = hasPlayer && (pending !== null || atMoment);
    comment.mutate(
      {
        note: timed ? `${videoTimeTag(time)} ${body}` : body,
        // The exact moment as well as the spec's whole-second tag (issue 35).
        ...(timed ? { time_in: toMillis(time) } : {}),
        ...(video ? { note_for_video_number: video.number } : {}),
        ...(pending && version
          ? { note_type: 'annotation' as const, annotation: { ...pending, version: version.key } }
          : { note_type: 'comment' as const }),
      },
      {
        onSuccess: () => {
          setText('');
          setPending(null);
          setDrawing(null);
        },
      },
    );
  };

  const stage = (() => {
    if (!source) return null;
    if (source.kind === 'video') {
      return playable ? (
        <VideoPlayer
          ref={player}
          src={source.src}
          markers={markers}
          annotations={annotations}
          pending={pending}
          canAnnotate={data.comments_open}
          drawing={drawing}
          onDrawingChange={setDrawing}
          onDraw={onDraw}
          onPlayback={setPlayback}
          onPlayableChange={setPlayable}
          media={video?.media}
        />
      ) : (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle />}>
          This video can&apos;t be played in the browser. Ask the team for another format.
        </Alert>
      );
    }
    if (source.kind === 'embed') {
      return (
        <iframe
          src={source.src}
          title="Video preview"
          allow="autoplay; fullscreen"
          style={{ width: '100%', aspectRatio: '16 / 9', border: 0, borderRadius: 8 }}
        />
      );
    }
    return (
      <Alert color="orange" variant="light" icon={<IconAlertTriangle />}>
        {source.message}
      </Alert>
    );
  })();

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>{stage}</Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Paper withBorder radius="md" p="sm">
          <Stack gap="sm">
            <Text fw={600}>Notes ({data.notes.length})</Text>
            <ScrollArea.Autosize mah={420} type="auto">
              <Stack gap="md" pr="xs" data-testid="guest-notes">
                {data.notes.length === 0 ? (
                  <Text fz="sm" c="dimmed">
                    No notes yet. Pause the video where something should change and write it below.
                  </Text>
                ) : (
                  data.notes.map((n) => <GuestNote key={n.note_id} note={n} onJump={jump} />)
                )}
              </Stack>
            </ScrollArea.Autosize>
            {data.comments_open && (
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  send();
                }}
              >
                <Stack gap={6}>
                  {pending && (
                    <Group gap="xs" justify="space-between">
                      <Badge variant="light" color="grape" leftSection={<IconPencil size={11} />}>
                        Drawing at {formatClock(pending.time)}
                      </Badge>
                      <Button size="compact-xs" variant="subtle" onClick={() => setPending(null)}>
                        Remove drawing
                      </Button>
                    </Group>
                  )}
                  <Textarea
                    aria-label="Your note"
                    placeholder={pending ? 'What should change here?' : 'Write a note…'}
                    autosize
                    minRows={2}
                    maxRows={6}
                    maxLength={COMMENT_MAX}
                    value={text}
                    onChange={(e) => setText(e.currentTarget.value)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
                        e.preventDefault();
                        send();
                      }
                    }}
                  />
                  {hasPlayer && !pending && (
                    <Checkbox
                      size="xs"
                      label={`At ${formatClock(playback.time)} of the video`}
                      checked={atMoment}
                      onChange={(e) => setAtMoment(e.currentTarget.checked)}
                    />
                  )}
                  {comment.isError && (
                    <Alert color="red" variant="light" p="xs">
                      {errorMessage(comment.error)}
                    </Alert>
                  )}
                  <Button type="submit" loading={comment.isPending} disabled={!text.trim()}>
                    Add note
                  </Button>
                </Stack>
              </form>
            )}
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
