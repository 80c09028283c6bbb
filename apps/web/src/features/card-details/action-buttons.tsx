import { useState, type ReactNode } from 'react';
import { Button, Group, Menu } from '@mantine/core';
import {
  IconArchive,
  IconArrowBackUp,
  IconCheck,
  IconChevronDown,
  IconDownload,
  IconPlayerPause,
  IconPlayerPlay,
  IconStar,
  IconUpload,
  IconVideo,
} from '@tabler/icons-react';
import { MSG, fill } from '@cutroom/domain';
import type { CardDetailReply, UserView } from '@cutroom/domain/schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { RevisionDialog } from '../../components/revision-dialog';
import { useArchive, useMarkComplete, usePause, useRepurpose, useRevision } from '../../lib/card/workflow-moves';
import { useYtMove } from '../yt-helper/public';
import { cardActions, type ActionKey } from './action-rules';
import { FeedbackDialog, type RatedSection } from '../../components/feedback-dialog';
import { ReminderDialog } from '../../components/yt-reminder-dialog';
import { isOwnFile } from '../media-pipeline/public';
import { pageOrigin } from '../../lib/page-origin';

/** Marking done with review notes still open says how many, so nobody closes a card on a note by mistake. */
function withOpenNotes(dialog: (typeof CONFIRM)[Confirmable], key: Confirmable, open: number) {
  if (key !== 'markDone' || open === 0) return dialog;
  const left = open === 1 ? MSG.openReviewNote : fill(MSG.openReviewNotes, { n: String(open) });
  return { ...dialog, message: `${left} ${dialog.message}` };
}

interface ActionButtonsProps {
  card: CardDetailReply;
  viewer: UserView;
  /** The YT Helper tab has its own Ready For Upload beside the helper status. */
  ytTabOpen?: boolean;
}

type Confirmable = Exclude<ActionKey, 'rate' | 'download' | 'revision'>;

const CONFIRM: Record<Confirmable, { title: string; message: string; label: string; danger?: boolean }> = {
  markDone: { title: 'Mark as done', message: MSG.confirmMarkComplete, label: 'Yes' },
  readyForUpload: { title: MSG.readyForUpload, message: MSG.confirmMarkComplete, label: 'Yes' },
  archive: { title: 'Archive card', message: MSG.confirmArchive, label: 'Archive', danger: true },
  pause: { title: 'Pause card', message: MSG.confirmPause, label: 'Pause' },
  resume: { title: 'Resume card', message: MSG.confirmResume, label: 'Resume' },
  repurpose: { title: 'Repurpose', message: MSG.confirmMove, label: 'Yes' },
};

const ICONS: Record<ActionKey, ReactNode> = {
  revision: <IconArrowBackUp size={16} />,
  markDone: <IconCheck size={16} />,
  readyForUpload: <IconUpload size={16} />,
  rate: <IconStar size={16} />,
  archive: <IconArchive size={16} />,
  pause: <IconPlayerPause size={16} />,
  resume: <IconPlayerPlay size={16} />,
  repurpose: <IconVideo size={16} />,
  download: <IconDownload size={16} />,
};

/** Sections a completed card can be rated for. */
function ratedSections(card: CardDetailReply): RatedSection[] {
  return card.has_repurpose && card.is_repurpose_complete ? ['repurpose', 'done'] : ['done'];
}

/** The card's actions with their confirmations, then Feedback and the helper Reminder (spec 001 §2, §4). */
export function ActionButtons({ card, viewer, ytTabOpen = false }: ActionButtonsProps) {
  const ownVideos = card.done_videos.filter((url) => isOwnFile(url, pageOrigin()));
  // A customer whose originals wait for approval downloads from the approval round, which says why (issue 52).
  const actions = cardActions(viewer, card, ownVideos.length > 0 && !card.originals_locked).filter(
    (a) => !(ytTabOpen && a.key === 'readyForUpload'),
  );
  const [confirming, setConfirming] = useState<Confirmable | null>(null);
  const [revising, setRevising] = useState(false);
  const [feedback, setFeedback] = useState<RatedSection[] | null>(null);
  const [reminder, setReminder] = useState(false);
  const revision = useRevision(card.card_id);
  const markComplete = useMarkComplete(card.card_id);
  const archive = useArchive(card.card_id);
  const pause = usePause(card.card_id);
  const repurpose = useRepurpose(card.card_id);
  const ytMove = useYtMove(card.card_id);
  const pending =
    revision.isPending ||
    markComplete.isPending ||
    archive.isPending ||
    pause.isPending ||
    repurpose.isPending ||
    ytMove.isPending;

  const section: RatedSection = card.card_status === 'repurpose_done' ? 'repurpose' : 'done';
  const run = (key: Confirmable) => {
    const done = { onSettled: () => setConfirming(null) };
    if (key === 'archive') archive.mutate(undefined, done);
    if (key === 'pause' || key === 'resume') pause.mutate(key === 'pause', done);
    if (key === 'repurpose') repurpose.mutate(undefined, done);
    // The helper side's completion (spec 001 §2: 'Ready For Upload' for helper roles).
    if (key === 'readyForUpload') ytMove.mutate({ kind: 'markComplete', buttonText: MSG.readyForUpload }, done);
    if (key === 'markDone') {
      markComplete.mutate(
        { cardSection: section, buttonText: 'Mark As Done' },
        { ...done, onSuccess: () => setFeedback([section]) },
      );
    }
  };

  if (actions.length === 0) return null;
  const dialog = confirming ? withOpenNotes(CONFIRM[confirming], confirming, card.open_fix_items) : null;

  return (
    <>
      <Group gap="xs" wrap="wrap" data-testid="card-actions">
        {actions.map(({ key, label }) => {
          if (key === 'download') {
            return ownVideos.length === 1 ? (
              <Button
                key={key}
                variant="default"
                leftSection={ICONS[key]}
                component="a"
                href={ownVideos[0]}
                download
                data-testid="action-download"
              >
                {label}
              </Button>
            ) : (
              <Menu key={key} position="bottom-end">
                <Menu.Target>
                  <Button
                    variant="default"
                    leftSection={ICONS[key]}
                    rightSection={<IconChevronDown size={14} />}
                    data-testid="action-download"
                  >
                    {label}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {ownVideos.map((url, i) => (
                    <Menu.Item key={url} component="a" href={url} download>
                      Video {i + 1}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            );
          }
          const primary = key === 'markDone' || key === 'rate' || key === 'readyForUpload';
          return (
            <Button
              key={key}
              variant={primary ? 'filled' : key === 'revision' ? 'light' : 'default'}
              color={key === 'archive' ? 'red' : undefined}
              leftSection={ICONS[key]}
              disabled={pending}
              data-testid={`action-${key}`}
              onClick={() =>
                key === 'rate'
                  ? setFeedback(ratedSections(card))
                  : key === 'revision'
                    ? setRevising(true)
                    : setConfirming(key)
              }
            >
              {label}
            </Button>
          );
        })}
      </Group>

      <ConfirmDialog
        opened={dialog !== null}
        title={dialog?.title ?? ''}
        message={dialog?.message ?? ''}
        confirmLabel={dialog?.label}
        danger={dialog?.danger}
        loading={pending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && run(confirming)}
      />
      {revising && (
        <RevisionDialog
          opened
          loading={revision.isPending}
          onCancel={() => setRevising(false)}
          onSubmit={(reasons) => revision.mutate(reasons, { onSettled: () => setRevising(false) })}
        />
      )}
      {feedback && (
        <FeedbackDialog
          key={feedback.join()}
          cardId={card.card_id}
          opened
          sections={feedback}
          assignedQaId={card.assigned_qa_id}
          onClose={() => {
            setFeedback(null);
            if (card.has_youtube_helper) setReminder(true);
          }}
        />
      )}
      <ReminderDialog opened={reminder} onClose={() => setReminder(false)} />
    </>
  );
}
