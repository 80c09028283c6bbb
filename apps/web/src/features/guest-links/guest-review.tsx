import { useCallback, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Avatar,
  Badge,
  Button,
  Checkbox,
  Grid,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconAlertTriangle, IconPencil } from '@tabler/icons-react';
import {
  COMMENT_MAX,
  FIX_STATE_LABELS,
  WATERMARK_TEXT,
  clockOf,
  parseRate,
  seekTimeOfMoment,
  toMillis,
  videoTimeTag,
  withoutLeadingTimeTag,
} from '@cutroom/domain';
import type { GuestNoteView, GuestReviewReply } from '@cutroom/domain/schemas';
import { errorMessage } from '../../lib/api-client';
import { formatChatTime } from '../../lib/format-time';
import {
  guestDownloadLink,
  guestWatchedSoFar,
  sendGuestWatched,
  useGuestComment,
  useGuestDecision,
} from './api/guest-visit';
import { RoundPanel, flushWatchReports, useWatchReport } from '../approvals/public';
import { TranscriptPanel, useCaptions } from '../captions/public';
import { CommentText } from '../../components/comment-text';
import { formatClock } from '../../lib/format';
import {
  type Geometry,
  type Marker,
  type TimedAnnotation,
  VideoPlayer,
  autoProxy,
  previewSource,
  type PreviewSource,
} from '../media-pipeline/public';
import { NO_RANGE, type Playback, type PlayerHandle, type ReviewRange, type ShapeKind } from '../../lib/review-context';
import { KeyHint } from '../../components/key-hint';

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

type Jump = (seconds: number, until: number | null) => void;

function GuestNote({ note, onJump }: { note: GuestNoteView; onJump: Jump }) {
  const moment = momentOf(note);
  // A tag holds whole seconds; the jump goes to the exact moment, and a range note's span comes along.
  const jump = (seconds: number) => {
    const at = moment !== null && Math.floor(moment) === Math.floor(seconds) ? moment : seconds;
    onJump(at, at === note.time_in ? note.time_out : null);
  };
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
          <Button size="compact-xs" variant="light" onClick={() => jump(moment)}>
            {formatClock(moment)}
          </Button>
        )}
        <CommentText note={note.note} onJump={jump} moment={{ timeIn: note.time_in, timeOut: note.time_out }} />
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
/** A watermarked link's copy being made (issue 52): the still behind a note, and the page asks again until it plays. */
function PreparingCopy({ poster }: { poster: string | null }) {
  return (
    <Paper
      withBorder
      radius="md"
      data-testid="guest-copy-preparing"
      style={{
        aspectRatio: '16 / 9',
        display: 'grid',
        placeItems: 'center',
        background: poster ? `center / contain no-repeat url("${poster}"), #111` : '#111',
      }}
    >
      <Stack align="center" gap={6} p="md" style={{ background: 'rgba(0,0,0,0.65)', borderRadius: 8, maxWidth: 420 }}>
        <Loader size="sm" color="white" />
        <Text fw={600} c="white">
          {WATERMARK_TEXT.preparing}
        </Text>
        <Text fz="sm" c="gray.3" ta="center">
          {WATERMARK_TEXT.preparingHint}
        </Text>
      </Stack>
    </Paper>
  );
}

export function GuestReview({ data, version }: { data: GuestReviewReply; version: Version | null }) {
  const comment = useGuestComment();
  const decide = useGuestDecision();
  // What the guest plays of a delivered version counts toward its approval round (issue 52).
  const doneVersion = version?.kind === 'done' ? Number(version.key.replace(/\D/g, '')) : null;
  const onPlayed = useWatchReport(doneVersion, sendGuestWatched);
  const player = useRef<PlayerHandle>(null);
  const [playback, setPlayback] = useState<Playback>({ time: 0, playing: false });
  const [playable, setPlayable] = useState(true);
  const [drawing, setDrawing] = useState<ShapeKind | null>(null);
  const [pending, setPending] = useState<(Geometry & { time: number }) | null>(null);
  const [text, setText] = useState('');
  const [atMoment, setAtMoment] = useState(true);
  const [range, setRange] = useState<ReviewRange>(NO_RANGE);
  const video = version?.videos[0] ?? null;
  const captions = useCaptions('guest', video ? doneVersion : null, video?.number ?? 1);
  const noteBox = useRef<HTMLTextAreaElement>(null);
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
  const rate = parseRate(video?.media?.fps_rational);
  const jump: Jump = useCallback(
    (moment, until) => {
      // Into the middle of the note's frame, so that it is that frame the guest sees on every rendition.
      const seconds = seekTimeOfMoment(moment, rate);
      if (until !== null && until > moment) setRange({ in: seconds, out: until });
      player.current?.pause();
      player.current?.seek(seconds);
    },
    [rate],
  );
  // A range set with I and O goes with the next note (a drawing keeps its own frame).
  const ranged = hasPlayer && !pending && range.in !== null ? range : null;
  const onDraw = useCallback((geometry: Geometry, time: number) => setPending({ ...geometry, time }), []);

  const send = () => {
    const body = text.trim();
    if (!body) return;
    const time = pending?.time ?? ranged?.in ?? playback.time;
    const until = ranged?.out !== null && ranged?.out !== undefined && ranged.out > time ? ranged.out : null;
    const timed = hasPlayer && (pending !== null || ranged !== null || atMoment);
    comment.mutate(
      {
        note: timed ? `${videoTimeTag(time)} ${body}` : body,
        // The exact moment as well as the spec's whole-second tag (issue 35), and the range's end.
        ...(timed ? { time_in: toMillis(time) } : {}),
        ...(timed && until !== null ? { time_out: toMillis(until) } : {}),
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
          if (ranged) setRange(NO_RANGE);
        },
      },
    );
  };

  const stage = (() => {
    if (!source) return null;
    if (video?.watermark === 'preparing') return <PreparingCopy poster={video.media?.poster_url ?? null} />;
    if (video?.watermark === 'failed')
      return (
        <Alert color="red" variant="light" icon={<IconAlertTriangle />}>
          {WATERMARK_TEXT.failed}
        </Alert>
      );
    if (source.kind === 'video') {
      return playable ? (
        <VideoPlayer
          ref={player}
          src={source.src}
          onPlayed={onPlayed}
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
          range={range}
          onRangeChange={setRange}
          captions={captions.player}
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
    <>
      {data.approval && (
        <RoundPanel
          round={data.approval}
          onDecide={
            data.approver && data.comments_open
              ? (decision, note, done) =>
                  decide.mutate(
                    { video_version: data.approval!.video_version, decision, ...(note ? { note } : {}) },
                    { onSuccess: done },
                  )
              : undefined
          }
          checkWatched={async () => {
            await flushWatchReports();
            return guestWatchedSoFar(data.approval!.video_version);
          }}
          deciding={decide.isPending ? (decide.variables?.decision ?? null) : null}
          download={
            data.download === 'none'
              ? undefined
              : {
                  label: data.download === 'original' ? 'Download original' : 'Download review copy',
                  link: () => guestDownloadLink(data.approval!.video_version),
                }
          }
        />
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="sm">
            {stage}
            <TranscriptPanel
              captions={captions}
              time={playback.time}
              onSeek={(seconds) => jump(seconds, null)}
              onCommentLine={
                hasPlayer && data.comments_open
                  ? (cue) => {
                      // The line's range goes with the next note, as an I/O range does.
                      jump(cue.start, cue.end);
                      noteBox.current?.focus();
                    }
                  : undefined
              }
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="md" p="sm">
            <Stack gap="sm">
              <Text fw={600}>Notes ({data.notes.length})</Text>
              <ScrollArea.Autosize mah={420} type="auto">
                <Stack gap="md" pr="xs" data-testid="guest-notes">
                  {data.notes.length === 0 ? (
                    <Text fz="sm" c="dimmed">
                      {hasPlayer
                        ? 'No notes yet. Pause the video where something should change and write it below.'
                        : 'No notes yet. Write what should change below.'}
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
                      ref={noteBox}
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
                    {ranged && (
                      <Group gap="xs" justify="space-between" data-testid="guest-range">
                        <Badge variant="light" color="indigo">
                          {ranged.out !== null
                            ? `From ${clockOf(ranged.in!)} to ${clockOf(ranged.out)}`
                            : `From ${clockOf(ranged.in!)}`}
                          {ranged.out === null && <KeyHint> (O sets the end)</KeyHint>}
                        </Badge>
                        <Button size="compact-xs" variant="subtle" onClick={() => setRange(NO_RANGE)}>
                          Clear range
                        </Button>
                      </Group>
                    )}
                    {hasPlayer && !pending && !ranged && (
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
    </>
  );
}
