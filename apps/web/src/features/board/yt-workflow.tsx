import { createContext, useContext, useState, type ReactNode } from 'react';
import { Text } from '@mantine/core';
import { YT_STATUS_LABELS, type YtStatus } from '@cutroom/domain';
import type { CardTileReply, UserView } from '@cutroom/domain/schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { YtAssetsDialog } from '../../components/yt-assets-dialog';
import { YtCompleteDialog } from '../../components/yt-complete-dialog';
import { ratesYtOnCompletion, ytPolicyFor, ytStatusOf } from '../../lib/policy';
import { planYtMove, type PlannedYtMove, type YtMoveSend } from '../../lib/yt-moves';
import { useYtBoardMove } from './yt-api';

export interface YtActions {
  user: UserView;
  /** A drop on the board goes through /internalMove, a menu choice through /move (the same moves). */
  requestMove: (card: CardTileReply, to: YtStatus, dragged?: boolean) => void;
}

const YtActionsContext = createContext<YtActions | null>(null);

export function useYtActions(): YtActions {
  const actions = useContext(YtActionsContext);
  if (!actions) throw new Error('useYtActions outside <YtMoveWorkflow>');
  return actions;
}

interface Pending {
  card: CardTileReply;
  plan: PlannedYtMove;
  dragged: boolean;
}

/** The send of a move that needed only a yes (completion has its own dialog). */
function confirmedSend({ plan, dragged }: Pending): YtMoveSend {
  switch (plan.call) {
    case 'revision':
      return { kind: 'revision', from: plan.from };
    default:
      return { kind: 'move', from: plan.from, to: plan.to, dragged };
  }
}

/**
 * Every helper-board move (drag, status menu, Ready For Upload) comes through here: the spec's dialog
 * for that move (a confirmation, or the assets dialog), then the optimistic call.
 */
export function YtMoveWorkflow({ user, children }: { user: UserView; children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const move = useYtBoardMove();

  const actions: YtActions = {
    user,
    requestMove: (card, to, dragged = false) => {
      const from = ytStatusOf(card);
      if (from && from !== to) setPending({ card, plan: planYtMove(from, to), dragged });
    },
  };
  const cancel = () => setPending(null);
  const send = (p: Pending, request: YtMoveSend) =>
    move.mutateAsync({ card: p.card, from: p.plan.from, to: p.plan.to, send: request });

  const title = (p: Pending) =>
    p.plan.call === 'markComplete' ? ytPolicyFor(user, p.card).markDoneLabel : `Move to ${YT_STATUS_LABELS[p.plan.to]}`;

  return (
    <YtActionsContext.Provider value={actions}>
      {children}
      {pending?.plan.call === 'markComplete' && (
        <YtCompleteDialog
          title={title(pending)}
          withFeedback={ratesYtOnCompletion(user, pending.card)}
          onCancel={cancel}
          onConfirm={(completion) => {
            setPending(null);
            const buttonText = ytPolicyFor(user, pending.card).markDoneLabel;
            send(pending, { kind: 'markComplete', buttonText, ...completion }).catch(() => undefined);
          }}
        />
      )}
      {pending?.plan.dialog.kind === 'confirm' && pending.plan.call !== 'markComplete' && (
        <ConfirmDialog
          opened
          title={title(pending)}
          message={
            <Text span fw={500} data-testid="move-confirm">
              {pending.plan.dialog.message}
            </Text>
          }
          onCancel={cancel}
          onConfirm={() => {
            setPending(null);
            send(pending, confirmedSend(pending)).catch(() => undefined);
          }}
        />
      )}
      {pending?.plan.dialog.kind === 'assets' && (
        <YtAssetsDialog
          key={`${pending.card.card_id}-${pending.plan.to}`}
          cardTitle={pending.card.card_title}
          to={pending.plan.to}
          onClose={cancel}
          onSkip={() => {
            setPending(null);
            send(pending, { kind: 'skip', from: pending.plan.from, to: pending.plan.to }).catch(() => undefined);
          }}
          onSubmit={(assets) =>
            send(pending, { kind: 'assets', from: pending.plan.from, to: pending.plan.to, assets }).then(cancel)
          }
        />
      )}
    </YtActionsContext.Provider>
  );
}
