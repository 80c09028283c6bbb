import { useState } from 'react';
import { Badge, Button, Group, Paper, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { IconCircleCheck, IconMessageExclamation } from '@tabler/icons-react';
import {
  APPROVAL_RULES,
  APPROVAL_TEXT,
  DECISION_NOTE_MAX,
  WATCHED_ENOUGH,
  isStaff,
  versionNumber,
  type ApprovalRule,
  type Decision,
} from '@cutroom/domain';
import type { ApprovalView, CardDetailReply, UserView } from '@cutroom/domain/schemas';
import { formatEst } from '../../lib/format-time';
import { useApprovalRule, useDecide } from './api/approvals';

const DECISION_COLORS: Record<Decision, string> = { approved: 'teal', changes_requested: 'orange' };
const percent = (share: number) => `${Math.round(share * 100)} %`;

/** A round's decision as a reviewer sends it. */
export type SendDecision = (decision: Decision, note: string | null, done: () => void) => void;

interface RoundPanelProps {
  round: NonNullable<ApprovalView>;
  /** Set when the viewer is a reviewer who may decide now. */
  onDecide?: SendDecision;
  deciding?: Decision | null;
  /** Set when the viewer may change the rule. */
  onRule?: (rule: ApprovalRule) => void;
}

/** A round (issue 52): who decided what and how much they had watched, who is still to approve, and the reviewer's buttons. */
export function RoundPanel({ round, onDecide, deciding = null, onRule }: RoundPanelProps) {
  const [note, setNote] = useState('');
  const send = (decision: Decision) => onDecide?.(decision, note.trim() || null, () => setNote(''));

  return (
    <Paper withBorder radius="lg" p="sm" mb="md" component="section" aria-label="Approval" data-testid="approval-round">
      <Group justify="space-between" gap="xs" mb={6}>
        <Group gap={8}>
          <Text fw={600} fz="sm">
            Approval · version {versionNumber(`version-${round.video_version}`)}
          </Text>
          <Badge size="sm" variant="light" color={round.approved ? 'teal' : 'gray'} data-testid="approval-state">
            {round.approved ? 'Approved' : round.pending.length > 0 ? `Waiting for ${round.pending.length}` : 'Open'}
          </Badge>
        </Group>
        {onRule ? (
          <SegmentedControl
            size="xs"
            value={round.rule}
            onChange={(rule) => onRule(rule)}
            data={APPROVAL_RULES.map((rule) => ({ value: rule, label: APPROVAL_TEXT.ruleLabel[rule] }))}
            aria-label="Approval rule"
            data-testid="approval-rule"
          />
        ) : (
          <Text fz="xs" c="dimmed">
            {APPROVAL_TEXT.ruleLabel[round.rule]}
          </Text>
        )}
      </Group>
      <Stack gap={4}>
        {round.decisions.map((d) => (
          <Group key={`${d.side}-${d.name}`} gap={8} wrap="wrap" data-testid="approval-decision">
            <Text fz="sm" fw={500}>
              {d.name}
            </Text>
            {d.side === 'guest' && (
              <Badge size="xs" variant="outline" color="gray">
                guest
              </Badge>
            )}
            <Badge size="xs" variant="light" color={DECISION_COLORS[d.decision]}>
              {APPROVAL_TEXT.decided[d.decision]}
            </Badge>
            {d.watched !== null && (
              <Text fz="xs" c={d.watched < WATCHED_ENOUGH ? 'orange' : 'dimmed'} data-testid="approval-watched">
                watched {percent(d.watched)}
              </Text>
            )}
            <Text fz="xs" c="dimmed">
              {formatEst(d.at)}
            </Text>
            {d.note && (
              <Text fz="xs" c="dimmed" w="100%">
                “{d.note}”
              </Text>
            )}
          </Group>
        ))}
        {round.pending.length > 0 && (
          <Text fz="xs" c="dimmed" data-testid="approval-pending">
            Still to approve: {round.pending.join(', ')}
          </Text>
        )}
      </Stack>
      {onDecide && (
        <Stack gap={6} mt="sm">
          <Textarea
            placeholder="A note with your decision (optional)"
            autosize
            minRows={1}
            maxLength={DECISION_NOTE_MAX}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            aria-label="Note with your decision"
          />
          <Group gap="xs">
            <Button
              size="xs"
              color="teal"
              leftSection={<IconCircleCheck size={14} />}
              loading={deciding === 'approved'}
              onClick={() => send('approved')}
            >
              Approve
            </Button>
            <Button
              size="xs"
              variant="light"
              color="orange"
              leftSection={<IconMessageExclamation size={14} />}
              loading={deciding === 'changes_requested'}
              onClick={() => send('changes_requested')}
            >
              Request changes
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}

/** The round above the card's tabs: the customer decides while the card is in Review; staff and the customer set the rule. */
export function ApprovalRound({ card, viewer }: { card: CardDetailReply; viewer: UserView }) {
  const decide = useDecide(card.card_id);
  const setRule = useApprovalRule(card.card_id);
  const round = card.approval;
  if (!round || (card.card_status !== 'done' && card.card_status !== 'completed_done')) return null;
  const owner = viewer.client_type === 'customer' && viewer.client_id === card.client_id;
  const inReview = card.card_status === 'done';
  return (
    <RoundPanel
      round={round}
      onDecide={
        owner && inReview
          ? (decision, note, done) =>
              decide.mutate(
                { video_version: round.video_version, decision, ...(note ? { note } : {}) },
                { onSuccess: done },
              )
          : undefined
      }
      deciding={decide.isPending ? (decide.variables?.decision ?? null) : null}
      onRule={(owner || isStaff(viewer.client_type)) && inReview ? (rule) => setRule.mutate(rule) : undefined}
    />
  );
}
