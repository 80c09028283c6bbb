import { useEffect, useMemo, useRef, useState } from 'react';
import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Center,
  CloseButton,
  Group,
  Menu,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Title,
  Typography,
} from '@mantine/core';
import { IconArrowLeft, IconCheck, IconDots, IconSend2 } from '@tabler/icons-react';
import { INBOX_MESSAGE_MAX, MSG, messagePolicy, threadPolicy, type Role } from '@cutroom/domain';
import type { InboxNoteView, InboxThreadView } from '@cutroom/domain/schemas';
import { ChatTextarea } from '../../components/chat-textarea';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorState } from '../../components/error-state';
import { SectionLoader } from '../../components/loaders';
import { formatChatDay, formatChatTime } from '../../lib/format-time';
import { notify } from '../../lib/notify';
import {
  threadMessages,
  useDeleteMessage,
  useEditMessage,
  useMarkSeen,
  useSendMessage,
  useSetStatus,
  useThread,
} from './api';
import { htmlToText, textToHtml } from './message-html';
import { KeyHint } from '../../components/key-hint';

interface Viewer {
  id: number;
  role: Role;
}

const threadFacts = (t: InboxThreadView) => ({ customer_id: t.customer_id, status: t.status });
const noteFacts = (n: InboxNoteView) => ({ author_id: n.note_by_id, author_role: n.client_type, is_deleted: false });

/** Server-sanitized HTML (tags of the editor only, no scripts, handlers or styles), shown as written. */
function MessageBody({ html }: { html: string }) {
  return (
    <Typography fz="sm" style={{ overflowWrap: 'anywhere' }}>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}

/** A composer: Enter sends, Shift+Enter adds a line; one request at a time. */
function Composer({
  label,
  placeholder,
  busy,
  onSend,
  testId,
  sendLabel = 'Send',
}: {
  label: string;
  placeholder: string;
  busy: boolean;
  onSend: (html: string, done: () => void) => void;
  testId: string;
  sendLabel?: string;
}) {
  const [text, setText] = useState('');
  const send = () => {
    if (!text.trim()) return;
    if (busy) {
      notify.error(MSG.commentRequestPending);
      return;
    }
    onSend(textToHtml(text), () => setText(''));
  };
  return (
    <div>
      <ChatTextarea
        aria-label={label}
        placeholder={placeholder}
        value={text}
        maxLength={INBOX_MESSAGE_MAX}
        onChange={(e) => setText(e.currentTarget.value)}
        onSend={send}
        data-testid={`${testId}-input`}
      />
      <Group justify="space-between" mt={6} wrap="nowrap">
        <Text fz={11} c="dimmed">
          <KeyHint>Enter to send · Shift+Enter for a new line</KeyHint>
        </Text>
        <Button
          size="xs"
          leftSection={<IconSend2 size={14} />}
          onClick={send}
          loading={busy}
          disabled={!text.trim()}
          data-testid={`${testId}-send`}
        >
          {sendLabel}
        </Button>
      </Group>
    </div>
  );
}

function MessageItem({
  note,
  mine,
  canChange,
  onReply,
  chatId,
}: {
  note: InboxNoteView;
  mine: boolean;
  canChange: boolean;
  onReply: () => void;
  chatId: number;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const edit = useEditMessage();
  const remove = useDeleteMessage();
  const name = `${note.firstname} ${note.lastname}`.trim() || 'Former user';
  const save = () => {
    if (!draft.trim()) return;
    if (edit.isPending) {
      notify.error(MSG.editRequestPending);
      return;
    }
    edit.mutate({ id: note.note_id, chatId, note: textToHtml(draft) }, { onSuccess: () => setEditing(false) });
  };
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap" data-testid="inbox-message" data-id={note.note_id}>
      <Avatar src={note.profile_img} radius="xl" size="md" color={mine ? 'blue' : 'gray'}>
        {note.firstname.slice(0, 1)}
        {note.lastname.slice(0, 1)}
      </Avatar>
      <Paper
        withBorder
        p="sm"
        radius="md"
        bg={mine ? 'var(--mantine-color-blue-light)' : undefined}
        style={{ flex: 1, minWidth: 0 }}
      >
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fz="sm" fw={600} truncate>
            {name}
            <Text span fz="xs" c="dimmed" fw={400}>
              {' · '}
              {formatChatTime(note.date_added)}
              {note.edited_at ? ' · edited' : ''}
            </Text>
          </Text>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Actions for ${name}'s message`}>
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={onReply}>Reply</Menu.Item>
              {canChange && (
                <Menu.Item
                  onClick={() => {
                    setDraft(htmlToText(note.note));
                    setEditing(true);
                  }}
                >
                  Edit
                </Menu.Item>
              )}
              {canChange && (
                <Menu.Item color="red" onClick={() => setConfirmDelete(true)}>
                  Delete
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        </Group>
        {note.parent && (
          <Text fz="xs" c="dimmed" mt={4} pl="xs" style={{ borderLeft: '3px solid var(--mantine-color-gray-4)' }}>
            Reply to <b>{note.parent.firstname}</b>: {note.parent.preview}
          </Text>
        )}
        {editing ? (
          <Stack gap={6} mt={6}>
            <ChatTextarea
              aria-label="Edit message"
              value={draft}
              maxLength={INBOX_MESSAGE_MAX}
              onChange={(e) => setDraft(e.currentTarget.value)}
              onSend={save}
              autoFocus
              data-testid="inbox-edit-input"
            />
            <Group gap="xs" justify="flex-end">
              <Button size="xs" variant="default" onClick={() => setEditing(false)}>
                Cancel
              </Button>
              <Button size="xs" onClick={save} loading={edit.isPending} disabled={!draft.trim()}>
                Save
              </Button>
            </Group>
          </Stack>
        ) : (
          <MessageBody html={note.note} />
        )}
      </Paper>
      <ConfirmDialog
        opened={confirmDelete}
        title="Delete message"
        message={MSG.confirmDeleteComment}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={() =>
          remove.mutate({ id: note.note_id, chat_id: chatId }, { onSettled: () => setConfirmDelete(false) })
        }
        onCancel={() => setConfirmDelete(false)}
      />
    </Group>
  );
}

interface ChatPaneProps {
  threadId: number;
  viewer: Viewer;
  /** Phones show the list and the chat as two steps; this goes back to the list. */
  onBack?: () => void;
}

/** One thread: its messages by day, replies, edit and delete, resolve (staff) and re-open (its customer). */
export function ChatPane({ threadId, viewer, onBack }: ChatPaneProps) {
  const query = useThread(threadId);
  const send = useSendMessage();
  const status = useSetStatus();
  const markSeen = useMarkSeen();
  const [replyTo, setReplyTo] = useState<InboxNoteView | null>(null);
  const [confirmResolve, setConfirmResolve] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);
  const pages = query.data?.pages;
  const data = pages?.[0];
  const comments = useMemo(() => threadMessages(pages), [pages]);
  const unseen = data?.thread.unseen_count ?? 0;
  const lastId = comments.at(-1)?.note_id;

  // Opening a thread marks it seen (spec 002 §2); a message arriving while it is open is seen too.
  useEffect(() => {
    if (unseen > 0 && !markSeen.isPending) markSeen.mutate(threadId);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [threadId, unseen]);
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId]);

  if (query.isPending) return <SectionLoader mih={240} />;
  // An older page that fails to load keeps what is shown (a toast says so).
  if (!data || (query.isError && !query.isFetchNextPageError))
    return (
      <ErrorState message={MSG.inboxLoadFailed} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );

  const { thread } = data;
  const can = threadPolicy(viewer, threadFacts(thread));

  return (
    <Paper withBorder radius="lg" p="md" data-testid="inbox-chat" data-status={thread.status}>
      <Group justify="space-between" align="flex-start" gap="sm" mb="sm">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          {onBack && (
            <ActionIcon variant="subtle" aria-label="Back to messages" onClick={onBack}>
              <IconArrowLeft size={18} />
            </ActionIcon>
          )}
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Title order={2} fz="lg" lineClamp={2}>
              {thread.title}
            </Title>
            <Text fz="xs" c="dimmed">
              {thread.client_firstname} {thread.client_lastname}
            </Text>
          </Stack>
        </Group>
        <Group gap="xs">
          <Badge color={thread.status === 'ACTIVE' ? 'green' : 'gray'} variant="light">
            {thread.status === 'ACTIVE' ? 'Active' : 'Resolved'}
          </Badge>
          {can.resolve && (
            <Button
              size="xs"
              color="green"
              leftSection={<IconCheck size={14} />}
              onClick={() => setConfirmResolve(true)}
              data-testid="inbox-resolve"
            >
              Click to Resolve
            </Button>
          )}
        </Group>
      </Group>

      <ScrollArea.Autosize mah="min(60vh, 560px)" type="auto" offsetScrollbars>
        <Stack gap="sm" pr={4} aria-live="polite">
          {query.hasNextPage && (
            <Center>
              <Button
                variant="subtle"
                size="compact-xs"
                onClick={() =>
                  void query.fetchNextPage().then((r) => r.isFetchNextPageError && notify.error(MSG.inboxLoadFailed))
                }
                loading={query.isFetchingNextPage}
                data-testid="inbox-load-older"
              >
                Load older messages
              </Button>
            </Center>
          )}
          {comments.map((note, i) => {
            const day = formatChatDay(note.date_added);
            const prev = comments[i - 1];
            const heading = !prev || formatChatDay(prev.date_added) !== day ? day : null;
            return (
              <div key={note.note_id}>
                {heading && (
                  <Text fz="xs" c="dimmed" ta="center" my={4}>
                    {heading}
                  </Text>
                )}
                <MessageItem
                  note={note}
                  chatId={thread.id}
                  mine={note.note_by_id === viewer.id}
                  canChange={messagePolicy(viewer, threadFacts(thread), noteFacts(note)).change}
                  onReply={() => setReplyTo(note)}
                />
              </div>
            );
          })}
          <div ref={bottom} />
        </Stack>
      </ScrollArea.Autosize>

      <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
        {can.reply && replyTo && (
          <Paper bg="gray.1" px="sm" py={6} mb={8} radius="sm" data-testid="inbox-reply-banner">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fz="xs" c="dimmed" truncate>
                Replying to <b>{replyTo.firstname}</b>: {htmlToText(replyTo.note).slice(0, 60)}
              </Text>
              <CloseButton size="sm" aria-label="Cancel reply" onClick={() => setReplyTo(null)} />
            </Group>
          </Paper>
        )}
        {can.reply && (
          <Composer
            key={thread.id}
            label="Message"
            placeholder="Write a message…"
            busy={send.isPending}
            testId="inbox-composer"
            onSend={(note, done) =>
              send.mutate(
                { chat_id: thread.id, note, noteParentId: replyTo?.note_id ?? null },
                {
                  onSuccess: () => {
                    done();
                    setReplyTo(null);
                  },
                },
              )
            }
          />
        )}
        {can.reopen && (
          <Composer
            key={`reopen-${thread.id}`}
            label="Message to re-open"
            placeholder="This conversation is resolved. Write a message to re-open it…"
            busy={status.isPending}
            testId="inbox-reopen"
            sendLabel="Re-open"
            onSend={(latestMessage, done) =>
              status.mutate(
                { id: thread.id, status: 'ACTIVE', latestMessage, messageFor: thread.customer_id },
                { onSuccess: done },
              )
            }
          />
        )}
        {!can.reply && !can.reopen && (
          <Text fz="sm" c="dimmed" ta="center" data-testid="inbox-resolved-note">
            This conversation is resolved. The customer can re-open it with a new message.
          </Text>
        )}
      </div>

      <ConfirmDialog
        opened={confirmResolve}
        title="Resolve"
        message={MSG.confirmResolveInbox}
        confirmLabel="Resolve"
        loading={status.isPending}
        onConfirm={() =>
          status.mutate({ id: thread.id, status: 'RESOLVED' }, { onSettled: () => setConfirmResolve(false) })
        }
        onCancel={() => setConfirmResolve(false)}
      />
    </Paper>
  );
}
