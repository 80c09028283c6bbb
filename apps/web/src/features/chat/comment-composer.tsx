import { useRef, useState } from 'react';
import { ActionIcon, Badge, CloseButton, Group, Menu, Paper, Text, Tooltip } from '@mantine/core';
import { IconAt, IconClock, IconClockPlus, IconSend2 } from '@tabler/icons-react';
import {
  ANNOTATION_SHAPE_LABELS,
  COMMENT_MAX,
  MENTIONS,
  MSG,
  REPLY_PREVIEW_CHARS,
  ROLE_LABELS,
  parseRate,
  toMillis,
  videoTimeTag,
} from '@cutroom/domain';
import type { NoteView } from '@cutroom/domain/schemas';
import { ChatTextarea } from '../../components/chat-textarea';
import { KeyHint } from '../../components/key-hint';
import { notify } from '../../lib/notify';
import type { ChatKind } from '../../lib/card/card-keys';
import { usePostNote } from './api/note-changes';
import { formatClock } from '../../lib/format';
import { usePlayback, useReviewControls } from '../../lib/review-context';
import { momentText, useClockMode } from '../../lib/timecode-mode';
import { plainQuote } from '../../lib/comment-tokens';
import { replyPreviewChars } from './note-rules';
import classes from '../../components/chat.module.css';
import { TooltipOnDemand } from '../../components/tooltip-on-demand';

interface CommentComposerProps {
  cardId: number;
  chat: ChatKind;
  replyTo: NoteView | null;
  onCancelReply: () => void;
  onPosted: () => void;
  /** A customer writing in the helper chat: the note gets the customer-comment marker. */
  markCustomer?: boolean;
}

const startsWithTag = (text: string) => /^@VT\{\d/.test(text);

/** The reply preview quotes the parent this far (spec 001 §5, §9). */
export const replyPreview = (text: string, chars = REPLY_PREVIEW_CHARS) =>
  text.length > chars ? `${text.slice(0, chars)}…` : text;

/** A customer's comment in the helper chat carries the marker the chat shows as 'Customer comment' (spec 001 §5). */
const YT_CUSTOMER_MARK = '@YT_CUS_CMNT{}';

/**
 * Writes a note: Enter sends, Shift+Enter breaks the line, one request at a time. A note written while the
 * player stands on a frame (paused or playing) points at that moment; a drawn shape goes with its comment.
 */
export function CommentComposer({
  cardId,
  chat,
  replyTo,
  onCancelReply,
  onPosted,
  markCustomer = false,
}: CommentComposerProps) {
  const [text, setText] = useState('');
  // The clock button pins a moment shown as a chip, not as a raw @VT{…} in the text (issue 18).
  const [pinned, setPinned] = useState<number | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const post = usePostNote(cardId);
  const controls = useReviewControls();
  const playback = usePlayback();
  const annotation = controls.pendingAnnotation;
  // The paused player's second, once the video has been started or moved (a note before watching has no time).
  const pausedAt = controls.hasPlayer && !playback.playing && playback.time > 0 ? Math.floor(playback.time) : null;
  // Removing the paused moment's chip holds until the player stands on another second.
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const standing = pausedAt !== null && pausedAt !== dismissedAt ? pausedAt : null;
  // A range set with I and O goes with the next note (a drawing keeps its own frame).
  const ranged = !annotation && !replyTo && controls.hasPlayer && controls.range.in !== null ? controls.range : null;
  // A reply goes at its parent's moment: no chip offers the playhead's.
  const chipTime = annotation || ranged || replyTo ? null : (pinned ?? standing);
  // The range and the paused moment read as the player's clock does: to the millisecond, or in the reviewer's timecode.
  const [mode] = useClockMode();
  const rangePoint = (t: number) => momentText(t, mode, parseRate(controls.frameRate));

  const insert = (snippet: string) => {
    const el = input.current;
    const at = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? at;
    const before = text.slice(0, at);
    const pad = before && !/\s$/.test(before) ? ' ' : '';
    const next = `${before}${pad}${snippet} ${text.slice(end)}`;
    setText(next);
    requestAnimationFrame(() => {
      el?.focus();
      const caret = before.length + pad.length + snippet.length + 1;
      el?.setSelectionRange(caret, caret);
    });
  };

  const send = () => {
    const body = text.trim();
    if (!body) return;
    if (post.isPending) {
      notify.error(MSG.commentRequestPending);
      return;
    }
    // The exact moment (issue 35) goes as time_in; the spec's whole-second tag stays in the text. A tag the
    // user typed names its own moment, and a drawing on a still (the helper's thumbnails) has none.
    // A reply is about its parent's moment (or none), never where the player happens to stand.
    const moment = replyTo
      ? replyTo.time_in
      : startsWithTag(body)
        ? null
        : ranged
          ? ranged.in
          : annotation
            ? controls.hasPlayer
              ? annotation.time
              : null
            : pinned !== null
              ? pinned
              : controls.hasPlayer && controls.isPlaying()
                ? controls.currentTime()
                : standing !== null
                  ? playback.time
                  : null;
    let note = moment === null ? body : `${videoTimeTag(moment)} ${body}`;
    if (markCustomer && !note.startsWith(YT_CUSTOMER_MARK)) note = `${YT_CUSTOMER_MARK} ${note}`;
    post.mutate(
      {
        chat,
        note,
        noteParentId: replyTo?.note_id ?? null,
        note_for_video_number: replyTo
          ? replyTo.note_for_video_number
          : annotation
            ? annotation.videoNumber
            : controls.videoNumber,
        ...(moment === null ? {} : { time_in: toMillis(moment) }),
        ...(replyTo && replyTo.time_in !== null && replyTo.time_out !== null ? { time_out: replyTo.time_out } : {}),
        ...(!replyTo && moment !== null && ranged && ranged.out !== null && ranged.out > moment
          ? { time_out: toMillis(ranged.out) }
          : {}),
        ...(annotation
          ? {
              annotation: {
                shape: annotation.shape,
                x: annotation.x,
                y: annotation.y,
                w: annotation.w,
                h: annotation.h,
                ...(annotation.points ? { points: annotation.points } : {}),
                ...(annotation.color ? { color: annotation.color } : {}),
                time: annotation.time,
                version: annotation.version ?? undefined,
              },
            }
          : {}),
      },
      {
        onSuccess: () => {
          setText('');
          setPinned(null);
          onCancelReply();
          if (annotation) controls.clearAnnotation();
          if (ranged) controls.clearRange();
          onPosted();
        },
      },
    );
  };

  return (
    <div className={classes.composer} data-testid="comment-composer">
      {replyTo && (
        <Paper withBorder={false} bg="gray.1" px="sm" py={6} mb={8} radius="sm" data-testid="reply-banner">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fz="xs" c="dimmed" truncate>
              Replying to <b>{replyTo.firstname}</b>: {replyPreview(plainQuote(replyTo.note), replyPreviewChars(chat))}
            </Text>
            <CloseButton size="sm" aria-label="Cancel reply" onClick={onCancelReply} />
          </Group>
        </Paper>
      )}
      {annotation && (
        <Paper withBorder={false} bg="pink.0" px="sm" py={6} mb={8} radius="sm" data-testid="annotation-banner">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fz="xs" c="pink.9">
              {ANNOTATION_SHAPE_LABELS[annotation.shape]}
              {controls.hasPlayer ? ` at ${formatClock(annotation.time)}` : ''} — describe it and{' '}
              <KeyHint touch="send it">press Enter</KeyHint>
            </Text>
            <CloseButton size="sm" aria-label="Discard drawing" onClick={controls.clearAnnotation} />
          </Group>
        </Paper>
      )}
      {ranged && (
        <Group gap={6} mb={6} wrap="nowrap" data-testid="pinned-range">
          <Badge
            variant="light"
            color="cyan"
            radius="sm"
            tt="none"
            leftSection={<IconClock size={12} />}
            style={{ flexShrink: 0 }}
          >
            {rangePoint(ranged.in!)}
            {ranged.out !== null ? ` – ${rangePoint(ranged.out)}` : ''}
          </Badge>
          <Text fz="xs" c="dimmed" truncate>
            {ranged.out !== null ? 'Points at the range' : 'Points at the in-point'}
            {ranged.out === null && <KeyHint> (O sets the end)</KeyHint>}
          </Text>
          <CloseButton size="sm" aria-label="Clear the range" onClick={controls.clearRange} />
        </Group>
      )}
      {chipTime !== null && (
        <Group gap={6} mb={6} wrap="nowrap" data-testid="pinned-time">
          <Badge variant="light" radius="sm" tt="none" leftSection={<IconClock size={12} />} style={{ flexShrink: 0 }}>
            {rangePoint(pinned ?? playback.time)}
          </Badge>
          <Text fz="xs" c="dimmed" truncate>
            {pinned === null ? 'Points at the paused frame' : 'Points at that moment'}
          </Text>
          <CloseButton
            size="sm"
            aria-label="Unpin the video time"
            onClick={() => {
              setPinned(null);
              setDismissedAt(pausedAt);
            }}
          />
        </Group>
      )}
      <ChatTextarea
        ref={input}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onSend={send}
        placeholder={
          annotation ? 'What should change here?' : chat === 'team' ? 'Message the team…' : 'Write a comment…'
        }
        aria-label={chat === 'team' ? 'Team chat message' : 'Comment'}
        maxLength={COMMENT_MAX}
        data-testid="comment-input"
        autoFocus={!!annotation}
      />
      <Group justify="space-between" mt={6} gap="xs" wrap="nowrap">
        <Text fz={11} c="dimmed" style={{ minWidth: 0 }} truncate>
          {playback.playing && controls.hasPlayer && !annotation ? (
            `Pinned to ${formatClock(playback.time)} while the video plays`
          ) : (
            <KeyHint>Enter to send · Shift+Enter for a new line</KeyHint>
          )}
        </Text>
        <Group gap={4} wrap="nowrap">
          <Menu position="top-end" withinPortal>
            <Menu.Target>
              {/* Mantine's own: the menu's target hands its handlers and ref through it to the button. */}
              <Tooltip label="Mention a role">
                <ActionIcon variant="subtle" color="gray" aria-label="Mention a role">
                  <IconAt size={17} />
                </ActionIcon>
              </Tooltip>
            </Menu.Target>
            <Menu.Dropdown>
              {MENTIONS.map((m) => (
                <Menu.Item key={m.tag} onClick={() => insert(m.tag)}>
                  {m.tag}{' '}
                  <Text span c="dimmed" fz="xs">
                    · {ROLE_LABELS[m.role]}
                  </Text>
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          {controls.hasPlayer && (
            <TooltipOnDemand label="Insert the current video time">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label="Insert the current video time"
                onClick={() => {
                  setPinned(controls.currentTime());
                  input.current?.focus();
                }}
              >
                <IconClockPlus size={17} />
              </ActionIcon>
            </TooltipOnDemand>
          )}
          <ActionIcon
            variant="filled"
            aria-label="Send"
            onClick={send}
            loading={post.isPending}
            disabled={!text.trim()}
            data-testid="comment-send"
          >
            <IconSend2 size={16} />
          </ActionIcon>
        </Group>
      </Group>
    </div>
  );
}
