import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import { MSG, type CardStatus } from '@cutroom/domain';
import type { CardTileReply, UserView } from '@cutroom/domain/schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { RevisionDialog } from '../../components/revision-dialog';
import { ReminderDialog } from '../../components/yt-reminder-dialog';
import { useArchiveCard, useAssignOnMove, useMoveCard, usePauseCard, type MoveBody } from './api';
import { columnOfStatus } from './columns';
import { ActivityDialog } from './dialogs/activity-dialog';
import { DoneDialog } from './dialogs/done-dialog';
import { EditingDialog } from './dialogs/editing-dialog';
import { FeedbackDialog } from './dialogs/feedback-dialog';
import { QaDialog } from './dialogs/qa-dialog';
import { RepurposeDialog } from './dialogs/repurpose-dialog';
import { asksForEditor, markDoneLabel, planMove, timelineHours, type PlannedMove } from './move-plan';

export type EditModalSlot = (p: { cardId: number; opened: boolean; onClose: () => void }) => ReactNode;

export type CardExtra = 'repurpose' | 'yt-helper';
export type EnableExtraSlot = (p: {
  cardId: number;
  extra: CardExtra;
  opened: boolean;
  onClose: () => void;
}) => ReactNode;

export interface CardActions {
  user: UserView;
  requestMove: (card: CardTileReply, to: CardStatus) => void;
  markDone: (card: CardTileReply) => void;
  togglePause: (card: CardTileReply) => void;
  archive: (card: CardTileReply) => void;
  showActivity: (card: CardTileReply) => void;
  /** Null when the page has no edit form to open. */
  edit: ((card: CardTileReply) => void) | null;
  /** Null when the page has no form to turn an extra on with. */
  enableExtra: ((card: CardTileReply, extra: CardExtra) => void) | null;
}

const CardActionsContext = createContext<CardActions | null>(null);

export function useCardActions(): CardActions {
  const actions = useContext(CardActionsContext);
  if (!actions) throw new Error('useCardActions outside <MoveWorkflow>');
  return actions;
}

/** A move's body without card_id: send() adds it, the one field every move call shares. */
type MoveFields<B = MoveBody> = B extends unknown ? Omit<B, 'card_id'> : never;

/** The body of a move that needs nothing more than a yes. */
function confirmedBody(plan: PlannedMove, user: UserView): MoveFields {
  const { card, to, call } = plan;
  switch (call) {
    case 'timeline':
      return { card_status: card.card_status, timeline: timelineHours(card) };
    case 'markComplete':
      return {
        status: 1,
        cardSection: card.card_status === 'repurpose_done' ? 'repurpose' : 'done',
        buttonText: markDoneLabel(user.client_type),
      };
    case 'moveCardSub':
      return {
        status: to === 'repurpose_done' ? 'repurpose_done' : 'repurpose_editing',
        from: card.card_status,
      };
    default:
      return { card_status: card.card_status, newStatus: to };
  }
}

const dialogTitle = (plan: PlannedMove, user: UserView) =>
  plan.call === 'markComplete' ? markDoneLabel(user.client_type) : `Move to ${columnOfStatus(plan.to).title}`;

/**
 * Every way a card moves (drag, status menu, Mark as done) comes through here: the spec's dialog for
 * that move first, then the optimistic call. Tiles reach it through useCardActions().
 */
export function MoveWorkflow({
  user,
  renderEditModal,
  renderEnableExtra,
  children,
}: {
  user: UserView;
  renderEditModal?: EditModalSlot;
  renderEnableExtra?: EnableExtraSlot;
  children: ReactNode;
}) {
  const [plan, setPlan] = useState<PlannedMove | null>(null);
  const [feedback, setFeedback] = useState<{
    cardId: number;
    cardType: 'done' | 'repurpose';
    hasHelper: boolean;
  } | null>(null);
  const [reminder, setReminder] = useState(false);
  const [activityCard, setActivityCard] = useState<CardTileReply | null>(null);
  const [archiving, setArchiving] = useState<CardTileReply | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [enabling, setEnabling] = useState<{ cardId: number; extra: CardExtra } | null>(null);
  const move = useMoveCard();
  const assign = useAssignOnMove();
  const pause = usePauseCard();
  const archive = useArchiveCard();

  const send = (p: PlannedMove, fields: MoveFields, assignee: number | null = null) => {
    setPlan(null);
    move.mutate(
      { card: p.card, to: p.to, call: p.call, body: { card_id: p.card.card_id, ...fields } },
      {
        // Spec 000 §4: a successful completion offers the feedback dialog.
        onSuccess: () => {
          if (assignee !== null) assign.mutate({ cardId: p.card.card_id, assignee });
          if (p.call === 'markComplete') {
            setFeedback({
              cardId: p.card.card_id,
              cardType: p.card.card_status === 'repurpose_done' ? 'repurpose' : 'done',
              hasHelper: p.card.has_youtube_helper,
            });
          }
        },
      },
    );
  };

  // One value while its inputs stay: every tile reads it, so a new one each render drew every tile again.
  const pauseCard = pause.mutate;
  const canEdit = renderEditModal !== undefined;
  const canEnable = renderEnableExtra !== undefined;
  const actions = useMemo<CardActions>(
    () => ({
      user,
      requestMove: (card, to) => setPlan(planMove(card, to)),
      markDone: (card) => setPlan(planMove(card, 'completed_done')),
      togglePause: (card) => pauseCard({ card, paused: !card.paused }),
      archive: setArchiving,
      showActivity: setActivityCard,
      edit: canEdit ? (card) => setEditing(card.card_id) : null,
      enableExtra: canEnable ? (card, extra) => setEnabling({ cardId: card.card_id, extra }) : null,
    }),
    [user, pauseCard, canEdit, canEnable],
  );

  const cancel = () => setPlan(null);
  const key = plan ? `${plan.card.card_id}-${plan.to}` : '';

  return (
    <CardActionsContext.Provider value={actions}>
      {children}

      {plan?.dialog.kind === 'confirm' && asksForEditor(user, plan) && (
        <EditingDialog
          key={key}
          note={plan.dialog.note ?? ''}
          mayLeaveUnassigned={user.client_type === 'admin'}
          onCancel={cancel}
          onConfirm={(assignee) => send(plan, confirmedBody(plan, user), assignee)}
        />
      )}
      {plan?.dialog.kind === 'confirm' && !asksForEditor(user, plan) && (
        <ConfirmDialog
          opened
          title={dialogTitle(plan, user)}
          message={
            <Stack gap={6} component="span" data-testid="move-confirm">
              <Text span fw={500}>
                {plan.dialog.message}
              </Text>
              {plan.dialog.note && (
                <Text span fz="sm" c="dimmed" data-testid="move-timeline">
                  {plan.dialog.note}
                </Text>
              )}
            </Stack>
          }
          onCancel={cancel}
          onConfirm={() => send(plan, confirmedBody(plan, user))}
        />
      )}
      {plan?.dialog.kind === 'done' && (
        <DoneDialog
          key={key}
          card={plan.card}
          onCancel={cancel}
          onSubmit={(v) =>
            send(plan, {
              card_status: plan.card.card_status,
              newStatus: 'done',
              done_link: v.links.length > 1 ? v.links : v.links[0]!,
              content_id: v.contentId || undefined,
              no_content_id: v.noContentId,
            })
          }
        />
      )}
      {plan?.dialog.kind === 'qa' && (
        <QaDialog
          key={key}
          card={plan.card}
          fromDone={plan.dialog.fromDone}
          onCancel={cancel}
          onSubmit={(delivery) =>
            send(plan, {
              card_status: plan.card.card_status,
              newStatus: 'qa',
              ...('uploadId' in delivery ? { upload_id: delivery.uploadId } : { done_video_link: delivery.link }),
            })
          }
        />
      )}
      {plan?.dialog.kind === 'revision' && (
        <RevisionDialog
          key={key}
          opened
          subtitle={plan.card.card_title}
          onCancel={cancel}
          onSubmit={(reasons) =>
            send(plan, {
              card_status: plan.card.card_status,
              revisionType: plan.to === 'video_request' ? 'video_request' : 'editing',
              reasons,
            })
          }
        />
      )}
      {plan?.dialog.kind === 'repurpose' && (
        <RepurposeDialog
          key={key}
          card={plan.card}
          onCancel={cancel}
          onSubmit={(v) =>
            send(plan, {
              status: 'repurpose_done',
              from: plan.card.card_status,
              ...(v.uploadId !== null ? { upload_id: v.uploadId } : { done_link: v.links }),
              ...(v.srtFile ? { srtFile: v.srtFile } : {}),
            })
          }
        />
      )}

      {feedback && (
        <FeedbackDialog
          cardId={feedback.cardId}
          cardType={feedback.cardType}
          onClose={() => {
            // A card with the helper goes on to the helper's optimisation (spec 001 §4 "Rate").
            setReminder(feedback.hasHelper);
            setFeedback(null);
          }}
        />
      )}
      <ReminderDialog opened={reminder} onClose={() => setReminder(false)} />
      {activityCard && (
        <ActivityDialog
          cardId={activityCard.card_id}
          title={activityCard.card_title}
          onClose={() => setActivityCard(null)}
        />
      )}
      <ConfirmDialog
        opened={archiving !== null}
        title="Archive card"
        message={MSG.confirmArchive}
        confirmLabel="Archive"
        onCancel={() => setArchiving(null)}
        onConfirm={() => {
          if (archiving) archive.mutate(archiving);
          setArchiving(null);
        }}
      />
      {renderEditModal &&
        editing !== null &&
        renderEditModal({ cardId: editing, opened: true, onClose: () => setEditing(null) })}
      {renderEnableExtra &&
        enabling !== null &&
        renderEnableExtra({ ...enabling, opened: true, onClose: () => setEnabling(null) })}
    </CardActionsContext.Provider>
  );
}
