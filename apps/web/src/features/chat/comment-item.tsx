import { memo, useState } from 'react';
import { ActionIcon, Avatar, Badge, Group, Text, Textarea, UnstyledButton } from '@mantine/core';
import {
  IconArrowBackUp,
  IconBan,
  IconScan,
  IconCircleCheck,
  IconCircleCheckFilled,
  IconPencil,
  IconRestore,
  IconThumbUp,
  IconThumbUpFilled,
  IconTrash,
} from '@tabler/icons-react';
import {
  ANNOTATION_SHAPE_LABELS,
  FIX_STATE_LABELS,
  MSG,
  REPLY_PREVIEW_CHARS,
  ROLE_LABELS,
  fixStateOf,
  videoTimeTag,
  type FixState,
  fullName,
} from '@cutroom/domain';
import type { NoteView } from '@cutroom/domain/schemas';
import { formatChatTime, formatEst } from '../../lib/format-time';
import type { ChatKind } from '../../lib/card/card-keys';
import { formatClock } from '../../lib/format';
import { SHAPE_ICONS } from '../media-pipeline/public';
import { CommentText } from '../../components/comment-text';
import { firstTimecode, plainQuote } from '../../lib/comment-tokens';
import { ROLE_COLORS, noteActions, replyPreviewChars, type NoteViewer } from './note-rules';
import classes from '../../components/chat.module.css';
import { KeyHint } from '../../components/key-hint';
import { TooltipOnDemand } from '../../components/tooltip-on-demand';

export interface NoteHandlers {
  onJump?: (seconds: number, videoNumber: number | null, until?: number | null) => void;
  onReply: (note: NoteView) => void;
  /** Resolves true once saved, so the editor closes. */
  onEdit: (note: NoteView, text: string) => Promise<boolean>;
  editPending: boolean;
  onDelete: (note: NoteView) => void;
  onMark: (note: NoteView, done: boolean) => void;
  onReact: (note: NoteView, on: boolean) => void;
  /** Staff set an item to fix aside (asks why), or put it back (reason null). */
  onWontFix?: (note: NoteView, putBack: boolean) => void;
}

interface CommentItemProps extends NoteHandlers {
  note: NoteView;
  viewer: NoteViewer;
  chat: ChatKind;
  /** Cards with several videos say which one a note is about. */
  multiVideo: boolean;
  /** The version it was made on, on cards with several versions. */
  version?: string | null;
  /** The frame rate of the video it was made on (`30000/1001`), when the media pipeline measured it. */
  rate?: string | null;
}

const FIX_COLORS: Record<FixState, string> = { open: 'orange', fixed: 'teal', wont_fix: 'gray' };

/** The server cuts the parent at the main chat's length; the helper view cuts it shorter. */
const quoteOf = (preview: string, chars: number) => {
  const text = plainQuote(preview);
  return text.length > chars || preview.length >= REPLY_PREVIEW_CHARS ? `${text.slice(0, chars)}…` : text;
};
const initials = (note: NoteView) => `${note.firstname[0] ?? ''}${note.lastname[0] ?? ''}`.toUpperCase();

function NoteEditor({
  initial,
  pending,
  onSave,
  onCancel,
}: {
  initial: string;
  pending: boolean;
  onSave: (text: string) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState(initial);
  return (
    <Textarea
      autosize
      minRows={1}
      maxRows={8}
      size="sm"
      value={text}
      autoFocus
      aria-label="Edit comment"
      description={<KeyHint>Enter saves · Shift+Enter for a new line · Esc cancels</KeyHint>}
      inputWrapperOrder={['input', 'description']}
      onChange={(e) => setText(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
        if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
          e.preventDefault();
          if (text.trim()) onSave(text.trim());
        }
      }}
      disabled={false}
      rightSection={pending ? <span aria-hidden>…</span> : null}
    />
  );
}

/** One note of the chat with what this viewer may do to it. */
export const CommentItem = memo(function CommentItem({
  note,
  viewer,
  chat,
  multiVideo,
  version,
  rate,
  onJump,
  onReply,
  onEdit,
  editPending,
  onDelete,
  onMark,
  onReact,
  onWontFix,
}: CommentItemProps) {
  const [editing, setEditing] = useState(false);
  // A guest's note is filed under the customer but is not theirs.
  const own = note.note_by_id === viewer.client_id && note.guest_name === null;
  const { change: mayChange, mark: mayMark, react: mayReact } = noteActions(viewer, note, chat);
  // A tag holds whole seconds; the jump goes to the exact moment the note names (time_in, or a drawing's time).
  const exact = (seconds: number) => {
    const moment = note.time_in ?? note.annotation?.time ?? null;
    return moment !== null && Math.floor(moment) === Math.floor(seconds) ? moment : seconds;
  };
  const jump =
    onJump &&
    ((seconds: number) => {
      const at = exact(seconds);
      onJump(at, note.note_for_video_number, at === note.time_in ? note.time_out : null);
    });
  // The helper chat is about the thumbnails: stills, numbered as thumbnails, with no moment to jump to.
  const stills = chat === 'yt';
  const untaggedTime =
    !stills && note.video_time !== null && firstTimecode(note.note) === null ? note.video_time : null;
  const ShapeIcon = note.annotation ? SHAPE_ICONS[note.annotation.shape] : null;
  const fix = note.fix_round !== null && !note.is_deleted ? fixStateOf(note) : null;

  return (
    <div
      className={`${classes.note} ${note.is_deleted ? classes.deleted : ''} ${own && !note.is_deleted ? classes.own : ''}`}
      data-testid="chat-note"
      data-note-id={note.note_id}
      data-deleted={note.is_deleted || undefined}
    >
      <Avatar
        src={note.profile_img}
        radius="xl"
        size={32}
        color={ROLE_COLORS[note.client_type]}
        alt={fullName(note.firstname, note.lastname)}
      >
        {/* Delivery QC's notes are the machine's, not a person's (issue 51). */}
        {note.qc_kind ? <IconScan size={18} /> : initials(note)}
      </Avatar>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="wrap" align="center">
          <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
            <Text fz="sm" fw={600} lh={1.2}>
              {fullName(note.firstname, note.lastname)}
            </Text>
            {note.guest_name !== null ? (
              <Badge size="xs" variant="outline" color="grape" data-testid="guest-badge">
                Guest
              </Badge>
            ) : (
              <Badge size="xs" variant="light" color={ROLE_COLORS[note.client_type]}>
                {ROLE_LABELS[note.client_type]}
              </Badge>
            )}
            <Text fz={11} c="dimmed" title={formatEst(note.date_added)}>
              {formatChatTime(note.date_added)}
            </Text>
            {version && note.video_time !== null && (
              <Badge size="xs" variant="outline" color="indigo" data-testid="note-version">
                {version}
              </Badge>
            )}
            {multiVideo && note.note_for_video_number !== null && (
              <Badge size="xs" variant="outline" color="gray">
                {stills ? 'Thumbnail' : 'Video'} {note.note_for_video_number}
              </Badge>
            )}
            {note.is_deleted && (
              <Badge size="xs" color="gray" variant="filled">
                Deleted
              </Badge>
            )}
            {note.note_reaction && !mayReact && (
              <Badge size="xs" color="brand" variant="light" leftSection={<IconThumbUpFilled size={10} />}>
                Liked
              </Badge>
            )}
            {fix ? (
              <Badge size="xs" color={FIX_COLORS[fix]} variant="light" data-testid="fix-state" data-state={fix}>
                {FIX_STATE_LABELS[fix]}
              </Badge>
            ) : (
              note.is_note_complete && (
                <Badge size="xs" color="teal" variant="light" leftSection={<IconCircleCheck size={11} />}>
                  Done
                </Badge>
              )
            )}
          </Group>
        </Group>

        {note.parent && (
          <div className={classes.quote} data-testid="reply-quote">
            ↪ {note.parent.firstname}:{' '}
            {note.parent.preview ? quoteOf(note.parent.preview, replyPreviewChars(chat)) : 'deleted comment'}
          </div>
        )}

        {note.annotation && ShapeIcon && (
          <UnstyledButton
            onClick={() => jump?.(note.annotation!.time)}
            disabled={!jump}
            mt={4}
            aria-label={`Show the ${ANNOTATION_SHAPE_LABELS[note.annotation.shape].toLowerCase()} drawn at ${formatClock(note.annotation.time)}`}
          >
            <Badge
              size="sm"
              variant="light"
              color="pink"
              leftSection={<ShapeIcon size={12} />}
              style={{ cursor: jump ? 'pointer' : 'default' }}
            >
              {ANNOTATION_SHAPE_LABELS[note.annotation.shape]} on the {stills ? 'thumbnail' : 'frame'}
            </Badge>
          </UnstyledButton>
        )}

        {editing ? (
          <NoteEditor
            initial={note.note}
            pending={editPending}
            onCancel={() => setEditing(false)}
            onSave={(text) => {
              if (text === note.note) return setEditing(false);
              void onEdit(note, text).then((saved) => saved && setEditing(false));
            }}
          />
        ) : (
          <div style={{ marginTop: 2 }}>
            {note.note ? (
              <CommentText
                note={untaggedTime !== null ? `${videoTimeTag(untaggedTime)} ${note.note}` : note.note}
                onJump={jump}
                moment={{ timeIn: note.time_in, timeOut: note.time_out, rate }}
              />
            ) : (
              <Text fz="sm" c="dimmed">
                {MSG.commentDeleted}
              </Text>
            )}
          </div>
        )}
        {fix === 'wont_fix' && note.wont_fix_reason && (
          <Text fz="xs" c="dimmed" mt={2} data-testid="wont-fix-reason-text">
            <b>Won't fix:</b> {note.wont_fix_reason}
          </Text>
        )}
        {!note.is_deleted && !editing && (
          <Group gap={2} className={classes.noteActions} wrap="nowrap">
            {mayReact ? (
              <TooltipOnDemand label={note.note_reaction ? 'Remove thumbs-up' : 'Thumbs up'}>
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color={note.note_reaction ? 'brand' : 'gray'}
                  aria-label="Thumbs up"
                  aria-pressed={note.note_reaction}
                  onClick={() => onReact(note, !note.note_reaction)}
                >
                  {note.note_reaction ? <IconThumbUpFilled size={15} /> : <IconThumbUp size={15} />}
                </ActionIcon>
              </TooltipOnDemand>
            ) : null}
            {mayMark && (
              <TooltipOnDemand label={note.is_note_complete ? 'Mark as not done' : 'Mark as done'}>
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color={note.is_note_complete ? 'teal' : 'gray'}
                  aria-label={note.is_note_complete ? 'Mark as not done' : 'Mark as done'}
                  onClick={() => onMark(note, !note.is_note_complete)}
                >
                  {note.is_note_complete ? <IconCircleCheckFilled size={16} /> : <IconCircleCheck size={16} />}
                </ActionIcon>
              </TooltipOnDemand>
            )}
            {mayMark && fix && fix !== 'fixed' && onWontFix && (
              <TooltipOnDemand label={fix === 'wont_fix' ? 'Put back on the list to fix' : "Won't fix…"}>
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color="gray"
                  aria-label={fix === 'wont_fix' ? 'Put back on the list to fix' : "Won't fix"}
                  onClick={() => onWontFix(note, fix === 'wont_fix')}
                >
                  {fix === 'wont_fix' ? <IconRestore size={15} /> : <IconBan size={15} />}
                </ActionIcon>
              </TooltipOnDemand>
            )}
            <TooltipOnDemand label="Reply">
              <ActionIcon size="sm" variant="subtle" color="gray" aria-label="Reply" onClick={() => onReply(note)}>
                <IconArrowBackUp size={15} />
              </ActionIcon>
            </TooltipOnDemand>
            {mayChange && (
              <>
                <TooltipOnDemand label="Edit">
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="gray"
                    aria-label="Edit comment"
                    onClick={() => setEditing(true)}
                  >
                    <IconPencil size={15} />
                  </ActionIcon>
                </TooltipOnDemand>
                <TooltipOnDemand label="Delete">
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="red"
                    aria-label="Delete comment"
                    onClick={() => onDelete(note)}
                  >
                    <IconTrash size={15} />
                  </ActionIcon>
                </TooltipOnDemand>
              </>
            )}
          </Group>
        )}
      </div>
    </div>
  );
});
