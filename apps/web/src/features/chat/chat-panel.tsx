import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, Center, Group, Loader, Select, Text, Title, Tooltip } from '@mantine/core';
import { IconInfoCircle, IconMessages } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { CHAT_POLL_MS, MSG, maySendGuestLinks } from '@cutroom/domain';
import type { NoteView, UserView } from '@cutroom/domain/schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { HydrationSlice } from '../../components/hydration-slice';
import { Segmented } from '../../components/segmented';
import { formatChatDay } from '../../lib/format-time';
import { notify } from '../../lib/notify';
import type { ChatFilter, ChatKind } from '../../lib/card/card-keys';
import { syncChat, useChatNotes } from './api/chat-notes';
import { useDeleteNote, useEditNote, useMarkNote, useReactNote, useWontFix } from './api/note-changes';
import { useStreamState, whileStreamDown } from '../../lib/live-events';
import { CommentComposer } from './comment-composer';
import { CommentItem } from './comment-item';
import { GuestLinks } from '../guest-links/public';
import { MarkerExport } from './marker-export';
import { ReviewReportMenu } from './review-report-menu';
import { WontFixDialog } from './wont-fix-dialog';
import { canReadTeamChat, chatFilterOptions, isNoteShown } from './note-rules';
import classes from '../../components/chat.module.css';

interface ChatPanelProps {
  cardId: number;
  viewer: UserView;
  hasHelper: boolean;
  chat: ChatKind;
  onChatChange: (chat: ChatKind) => void;
  filter: ChatFilter;
  onFilterChange: (filter: ChatFilter) => void;
  /** A customer on a card in QA reads but doesn't write (spec 001 §2). */
  readOnly: boolean;
  multiVideo: boolean;
  /** The video opens in our player, with timecodes: only then does the empty chat say to pause it and write. */
  hasVideo?: boolean;
  onJump?: (seconds: number, videoNumber: number | null, until?: number | null) => void;
  /** On cards with several versions: the version a note was made on ('versions 2'). */
  noteVersion?: (note: NoteView) => string | null;
  /** The frame rate of the video a note was made on, so its time reads at that video's frames. */
  noteRate?: (note: NoteView) => string | null;
}

/** Scrolling near the top loads older notes, at most once per this long (spec 001 §9: 800 ms). */
const LOAD_OLDER_MS = 800;
const NEAR_EDGE_PX = 120;

/** The notes of a chat, oldest first, each once. */
export function orderedNotes(pages: { notes: NoteView[] }[] | undefined): NoteView[] {
  const byId = new Map<number, NoteView>();
  for (const page of pages ?? []) for (const note of page.notes) byId.set(note.note_id, note);
  return [...byId.values()].sort((a, b) => a.note_id - b.note_id);
}

/** The stream's state beside the chat's title: the only part of the chat drawn again when it changes. */
function LiveBadge() {
  const stream = useStreamState();
  const label = stream === 'open' ? 'Live' : stream === 'connecting' ? 'Connecting…' : 'Refreshing every 15 s';
  const color = stream === 'open' ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-yellow-6)';
  return (
    <Tooltip label={stream === 'open' ? 'New comments appear as they are written' : 'Live updates are reconnecting'}>
      <Group gap={6} wrap="nowrap" data-testid="chat-live" data-state={stream}>
        <span className={classes.liveDot} style={{ background: color }} />
        <Text fz="xs" c="dimmed">
          {label}
        </Text>
      </Group>
    </Tooltip>
  );
}

function ChatBody({
  cardId,
  viewer,
  chat,
  filter,
  readOnly,
  multiVideo,
  hasVideo = false,
  onJump,
  noteVersion,
  noteRate,
}: Omit<ChatPanelProps, 'onChatChange' | 'onFilterChange' | 'hasHelper'>) {
  const qc = useQueryClient();
  const query = useChatNotes(cardId, chat, filter, true);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const notes = useMemo(
    () => orderedNotes(query.data?.pages).filter((n) => isNoteShown(viewer, n)),
    [query.data, viewer],
  );
  const [replyTo, setReplyTo] = useState<NoteView | null>(null);
  const [deleting, setDeleting] = useState<NoteView | null>(null);
  const edit = useEditNote(cardId);
  const remove = useDeleteNote(cardId);
  const mark = useMarkNote(cardId);
  const react = useReactNote(cardId);
  const wontFix = useWontFix(cardId);
  const [settingAside, setSettingAside] = useState<NoteView | null>(null);

  const listRef = useRef<HTMLDivElement>(null);
  const snapshot = useRef<{ height: number; top: number; oldest: number | null; newest: number | null } | null>(null);
  const stickToBottom = useRef(false);
  const lastLoad = useRef(0);
  const warned = useRef(false);

  // Keeps the reader where they were: at the bottom for new notes, in place when older ones load above.
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const prev = snapshot.current;
    const oldest = notes[0]?.note_id ?? null;
    const newest = notes.at(-1)?.note_id ?? null;
    if (!prev || prev.newest === null) el.scrollTop = el.scrollHeight;
    else if (oldest !== prev.oldest && newest === prev.newest)
      el.scrollTop = prev.top + (el.scrollHeight - prev.height);
    else if (newest !== prev.newest) {
      const wasNearBottom = prev.height - prev.top - el.clientHeight < NEAR_EDGE_PX;
      if (wasNearBottom || stickToBottom.current) el.scrollTop = el.scrollHeight;
      stickToBottom.current = false;
    }
    snapshot.current = { height: el.scrollHeight, top: el.scrollTop, oldest, newest };
  }, [notes]);

  // The 15 s poll runs only while the live stream is down (spec 001 §4 as a fallback).
  useEffect(
    () =>
      whileStreamDown(() => {
        const timer = window.setInterval(() => {
          void syncChat(qc, cardId, chat).then((ok) => {
            if (!ok && !warned.current) notify.error(MSG.unableToRefreshComments);
            warned.current = !ok;
          });
        }, CHAT_POLL_MS);
        return () => window.clearInterval(timer);
      }),
    [qc, cardId, chat],
  );

  const loadOlder = useCallback(() => {
    if (!hasNextPage || isFetchingNextPage || Date.now() - lastLoad.current < LOAD_OLDER_MS) return;
    lastLoad.current = Date.now();
    void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const onEdit = useCallback(
    async (note: NoteView, text: string) => {
      if (edit.isPending) {
        notify.error(MSG.editRequestPending);
        return false;
      }
      try {
        await edit.mutateAsync({ chat, noteId: note.note_id, note: text });
        return true;
      } catch {
        return false;
      }
    },
    [edit, chat],
  );
  const onMark = useCallback(
    (note: NoteView, done: boolean) => mark.mutate({ chat, noteId: note.note_id, done }),
    [mark, chat],
  );
  const onWontFix = useCallback(
    (note: NoteView, putBack: boolean) =>
      putBack ? wontFix.mutate({ chat, noteId: note.note_id, reason: null }) : setSettingAside(note),
    [wontFix, chat],
  );
  const onReact = useCallback(
    (note: NoteView, on: boolean) => react.mutate({ chat, noteId: note.note_id, on }),
    [react, chat],
  );

  let lastDay = '';
  return (
    <>
      <div
        className={classes.list}
        ref={listRef}
        data-testid="chat-list"
        aria-live="polite"
        onScroll={(e) => {
          const el = e.currentTarget;
          if (snapshot.current) snapshot.current.top = el.scrollTop;
          if (el.scrollTop < NEAR_EDGE_PX) loadOlder();
        }}
      >
        {hasNextPage && (
          <Center py={6}>
            <Button variant="subtle" size="compact-xs" onClick={loadOlder} loading={isFetchingNextPage}>
              Load older comments
            </Button>
          </Center>
        )}
        {query.isPending ? (
          <Center py="xl">
            <Loader size="sm" aria-label="Loading comments" />
          </Center>
        ) : query.isError ? (
          <Alert color="red" variant="light" my="md">
            <Group justify="space-between">
              <Text fz="sm">{MSG.unableToRefreshComments}</Text>
              <Button size="compact-sm" variant="light" color="red" onClick={() => void query.refetch()}>
                Try again
              </Button>
            </Group>
          </Alert>
        ) : notes.length === 0 ? (
          <Center py={40} style={{ flexDirection: 'column', gap: 8 }} data-testid="chat-empty">
            <IconMessages size={32} stroke={1.4} color="var(--mantine-color-gray-5)" />
            <Text c="dimmed" fz="sm" ta="center" maw={260}>
              {chat === 'team'
                ? MSG.noTeamNotes
                : readOnly || chat === 'yt' || !hasVideo
                  ? MSG.noComments
                  : MSG.noCommentsHint}
            </Text>
          </Center>
        ) : (
          notes.map((note) => {
            const day = formatChatDay(note.date_added);
            const heading = day !== lastDay;
            lastDay = day;
            return (
              <div key={note.note_id}>
                {heading && <div className={classes.day}>{day}</div>}
                <CommentItem
                  note={note}
                  viewer={viewer}
                  chat={chat}
                  multiVideo={multiVideo}
                  version={noteVersion?.(note) ?? null}
                  rate={noteRate?.(note) ?? null}
                  onJump={onJump}
                  onReply={setReplyTo}
                  onEdit={onEdit}
                  editPending={edit.isPending}
                  onDelete={setDeleting}
                  onMark={onMark}
                  onReact={onReact}
                  onWontFix={onWontFix}
                />
              </div>
            );
          })
        )}
      </div>
      {readOnly ? (
        <Alert variant="light" color="gray" icon={<IconInfoCircle />} radius={0} data-testid="qa-chat-closed">
          Commenting reopens when the video is back for review.
        </Alert>
      ) : (
        <CommentComposer
          cardId={cardId}
          chat={chat}
          replyTo={replyTo}
          onCancelReply={() => setReplyTo(null)}
          onPosted={() => {
            stickToBottom.current = true;
          }}
          markCustomer={chat === 'yt' && viewer.client_type === 'customer'}
        />
      )}
      {settingAside && (
        <WontFixDialog
          note={settingAside}
          pending={wontFix.isPending}
          onCancel={() => setSettingAside(null)}
          onSave={(reason) =>
            wontFix.mutate({ chat, noteId: settingAside.note_id, reason }, { onSuccess: () => setSettingAside(null) })
          }
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete comment"
        message={MSG.confirmDeleteComment}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting && remove.mutate({ chat, noteId: deleting.note_id }, { onSettled: () => setDeleting(null) })
        }
      />
    </>
  );
}

/** Revision Comments: the customer chat, and for staff the team chat beside it (spec 001 §2). */
export function ChatPanel(props: ChatPanelProps) {
  const { viewer, chat, onChatChange, filter, onFilterChange, hasHelper } = props;
  const teamChat = canReadTeamChat(viewer);
  const options = chatFilterOptions(chat, hasHelper);
  return (
    <div className={classes.panel} data-testid="chat-panel" data-chat={chat}>
      <Group justify="space-between" px="sm" pt="sm" pb={6} gap="xs">
        <Group gap="xs">
          <Title order={2} fz="md">
            {chat === 'yt' ? 'YouTube Helper Chat' : 'Revision Comments'}
          </Title>
          <HydrationSlice>
            <LiveBadge />
          </HydrationSlice>
        </Group>
        <Group gap={4} wrap="nowrap">
          {chat === 'customer' && maySendGuestLinks(viewer.client_type) && (
            <HydrationSlice>
              <GuestLinks cardId={props.cardId} />
            </HydrationSlice>
          )}
          {chat !== 'yt' && (
            <HydrationSlice>
              <ReviewReportMenu cardId={props.cardId} chat={chat} />
            </HydrationSlice>
          )}
          {chat !== 'yt' && (
            <HydrationSlice>
              <MarkerExport cardId={props.cardId} chat={chat} />
            </HydrationSlice>
          )}
          <HydrationSlice>
            <Select
              size="xs"
              w={150}
              aria-label="Show comments by"
              data={options}
              value={options.some((o) => o.value === filter) ? filter : 'all'}
              onChange={(value) => onFilterChange(value ?? 'all')}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              data-testid="chat-filter"
            />
          </HydrationSlice>
        </Group>
      </Group>
      {teamChat && chat !== 'yt' && (
        <Box mx="sm" mb={4}>
          <Segmented
            size="xs"
            value={chat}
            onChange={onChatChange}
            data={[
              { value: 'customer', label: 'Customer Chat' },
              { value: 'team', label: 'Team Chat' },
            ]}
            aria-label="Chat"
            data-testid="chat-toggle"
          />
        </Box>
      )}
      <HydrationSlice>
        <ChatBody key={`${chat}:${filter}`} {...props} />
      </HydrationSlice>
    </div>
  );
}
