import { API, type CallInput } from '@cutroom/domain/contract';
import { MSG, ytMoveCallFor, type YtMoveCall, type YtStatus } from '@cutroom/domain';
import { call } from './call';

/**
 * The helper side's moves as both the helper board and the card page's YT Helper tab make them: the
 * domain's ytMoveCallFor picks the call, the call picks the dialog, and ytMoveRequest sends it.
 */

export type YtMoveDialog = { kind: 'confirm'; message: string } | { kind: 'assets' };

export interface PlannedYtMove {
  from: YtStatus;
  to: YtStatus;
  call: YtMoveCall;
  dialog: YtMoveDialog;
}

const CONFIRMS: Record<Exclude<YtMoveCall, 'assets'>, string> = {
  move: MSG.confirmMove,
  revision: MSG.confirmRevision,
  markComplete: MSG.confirmMarkComplete,
};

export function planYtMove(from: YtStatus, to: YtStatus): PlannedYtMove {
  const moveCall = ytMoveCallFor(from, to);
  const dialog: YtMoveDialog =
    moveCall === 'assets' ? { kind: 'assets' } : { kind: 'confirm', message: CONFIRMS[moveCall] };
  return { from, to, call: moveCall, dialog };
}

export type YtAssetsBody = CallInput<typeof API.ytHelper.done>['body'];
/** What the assets dialog collects; the move's source and target are added when it is sent. */
export type YtAssets = Pick<
  YtAssetsBody,
  'thumbnailLinkUrlArray' | 'snippetLink' | 'unlistedLink' | 'videoDescription'
>;

/** One helper move as sent: what the dialog answered decides the call. */
export type YtMoveSend =
  | {
      kind: 'move';
      from: YtStatus;
      to: YtStatus;
      /** The board's drag and drop goes through /internalMove. */ dragged?: boolean;
    }
  | { kind: 'assets'; from: YtStatus; to: YtStatus; assets: YtAssets }
  | { kind: 'skip'; from: YtStatus; to: YtStatus }
  | { kind: 'revision'; from: YtStatus }
  | { kind: 'markComplete'; buttonText: string; rating?: number; comment?: string };

/** The work column an assets move lands in (the only targets the assets calls take). */
const assetsTarget = (to: YtStatus) => (to === 'inDone' ? 'inDone' : 'ytQA');

/** Sends one helper move through the call that carries it (spec 000 §7). */
export function ytMoveRequest(cardId: number, send: YtMoveSend) {
  const params = { id: cardId };
  switch (send.kind) {
    case 'move':
      return call(send.dragged ? API.ytHelper.internalMove : API.ytHelper.move, {
        params,
        body: { card_id: cardId, source: send.from, target: send.to },
      });
    case 'assets':
      return call(API.ytHelper.done, {
        params,
        body: { card_id: cardId, source: send.from, target: assetsTarget(send.to), ...send.assets },
      });
    case 'skip':
      return call(API.ytHelper.doneSkip, {
        params,
        body: { card_id: cardId, source: send.from, target: assetsTarget(send.to), skip: true },
      });
    case 'revision':
      return call(API.ytHelper.revision, { params, body: { card_id: cardId, card_status: send.from } });
    case 'markComplete':
      return call(API.ytHelper.markComplete, {
        params,
        body: {
          card_id: cardId,
          status: 1,
          cardSection: 'ytHelper',
          buttonText: send.buttonText,
          ...(send.rating ? { rating: send.rating, comment: send.comment } : {}),
        },
      });
  }
}

/** The message shown when a move's reply carries none. */
export const ytMoveSuccess = (send: YtMoveSend) =>
  send.kind === 'revision'
    ? MSG.movedToRevision
    : send.kind === 'markComplete'
      ? MSG.cardMarkedCompleted
      : MSG.cardMoved;
