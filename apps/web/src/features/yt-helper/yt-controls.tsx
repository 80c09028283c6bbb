import { useState } from 'react';
import { Button, Group, Select } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconStar } from '@tabler/icons-react';
import { YT_STATUS_LABELS, type YtStatus, splitLinks } from '@cutroom/domain';
import type { CardDetailReply, UserView } from '@cutroom/domain/schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { YtAssetsDialog } from '../../components/yt-assets-dialog';
import { YtCompleteDialog } from '../../components/yt-complete-dialog';
import { ratesYtOnCompletion, ytPolicyFor, ytStatusOf } from '../../lib/policy';
import { planYtMove, type PlannedYtMove, type YtMoveSend } from '../../lib/yt-moves';
import { useYtMove } from './api';
import { FeedbackDialog } from '../../components/feedback-dialog';

interface YtControlsProps {
  card: CardDetailReply;
  viewer: UserView;
}

/** The send of a helper move that needed only a yes. */
function confirmedSend(plan: PlannedYtMove): YtMoveSend {
  return plan.call === 'revision'
    ? { kind: 'revision', from: plan.from }
    : { kind: 'move', from: plan.from, to: plan.to };
}

/**
 * The helper side's status selector and its Revision, Ready For Upload / Mark As Done and Rate
 * buttons (spec 001 §2, §4), each offered as the domain's helper policy answers; a choice opens the
 * same confirmation or assets dialog as on the helper board.
 */
export function YtStatusControl({ card, viewer }: YtControlsProps) {
  const may = ytPolicyFor(viewer, card);
  const status = ytStatusOf(card);
  const move = useYtMove(card.card_id);
  const [plan, setPlan] = useState<PlannedYtMove | null>(null);
  const [rating, setRating] = useState(false);

  const request = (to: YtStatus) => status && status !== to && setPlan(planYtMove(status, to));
  const send = (p: PlannedYtMove, s: YtMoveSend) =>
    move.mutateAsync(s).then(() => setPlan((cur) => (cur === p ? null : cur)));

  const thumbs = splitLinks(card.thumbnails_link);
  const options = status
    ? [status, ...may.moves].map((s) => ({ value: s, label: YT_STATUS_LABELS[s], disabled: s === status }))
    : [];

  return (
    <>
      <Group gap="sm" wrap="wrap" data-testid="yt-controls">
        {status ? (
          <Select
            size="sm"
            w={200}
            aria-label="YouTube helper status"
            data={options}
            value={status}
            onChange={(v) => v && request(v)}
            allowDeselect={false}
            disabled={may.moves.length === 0 || move.isPending}
            data-testid="yt-status-select"
          />
        ) : null}
        {may.revision && (
          <Button
            variant="light"
            leftSection={<IconArrowBackUp size={16} />}
            onClick={() => request('inProgress')}
            disabled={move.isPending}
            data-testid="yt-action-revision"
          >
            Revision
          </Button>
        )}
        {may.markDone && (
          <Button
            leftSection={<IconCheck size={16} />}
            onClick={() => request('completed')}
            disabled={move.isPending}
            data-testid="yt-action-markDone"
          >
            {may.markDoneLabel}
          </Button>
        )}
        {may.rate && (
          <Button leftSection={<IconStar size={16} />} onClick={() => setRating(true)} data-testid="yt-action-rate">
            Rate
          </Button>
        )}
      </Group>

      {plan?.call === 'markComplete' && (
        <YtCompleteDialog
          title={may.markDoneLabel}
          withFeedback={ratesYtOnCompletion(viewer, card)}
          loading={move.isPending}
          onCancel={() => setPlan(null)}
          onConfirm={(completion) =>
            void send(plan, { kind: 'markComplete', buttonText: may.markDoneLabel, ...completion }).catch(() =>
              setPlan(null),
            )
          }
        />
      )}
      {plan?.dialog.kind === 'confirm' && plan.call !== 'markComplete' && (
        <ConfirmDialog
          opened
          title={`Move to ${YT_STATUS_LABELS[plan.to]}`}
          message={plan.dialog.message}
          loading={move.isPending}
          onCancel={() => setPlan(null)}
          onConfirm={() => void send(plan, confirmedSend(plan)).catch(() => setPlan(null))}
        />
      )}
      {plan?.dialog.kind === 'assets' && (
        <YtAssetsDialog
          cardTitle={card.card_title}
          to={plan.to}
          initial={{
            thumbnailLinkUrlArray: [thumbs[0] ?? '', thumbs[1] ?? ''],
            snippetLink: card.yt_snippet_link ?? '',
            unlistedLink: card.unlisted_video_link ?? '',
            videoDescription: card.yt_card_description ?? '',
          }}
          onClose={() => setPlan(null)}
          onSkip={() => {
            setPlan(null);
            move.mutate({ kind: 'skip', from: plan.from, to: plan.to });
          }}
          onSubmit={(assets) => send(plan, { kind: 'assets', from: plan.from, to: plan.to, assets })}
        />
      )}
      {rating && (
        <FeedbackDialog
          cardId={card.card_id}
          opened
          sections={['yt']}
          assignedQaId={null}
          onClose={() => setRating(false)}
        />
      )}
    </>
  );
}
