import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, Modal, Paper, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { IconCircleCheck, IconDownload, IconMessageExclamation } from '@tabler/icons-react';
import {
  APPROVAL_RULES,
  APPROVAL_TEXT,
  DECISION_NOTE_MAX,
  DOWNLOAD_TEXT,
  WATCHED_ENOUGH,
  fill,
  isStaff,
  unwatched,
  versionNumber,
  type ApprovalRule,
  type Decision,
  type PlayedRange,
} from '@cutroom/domain';
import type { ApprovalView, CardDetailReply, UserView } from '@cutroom/domain/schemas';
import { errorMessage } from '../../lib/api-client';
import { formatClock } from '../../lib/format';
import { notify } from '../../lib/notify';
import { formatEst } from '../../lib/format-time';
import { myWatched, originalLink, useApprovalRule, useDecide } from './api/approvals';
import { flushWatchReports } from './use-watch-report';
import { CoverageStrips } from './coverage-strips';

const DECISION_COLORS: Record<Decision, string> = { approved: 'teal', changes_requested: 'orange' };
const percent = (share: number) => `${Math.round(share * 100)} %`;

/** A round's decision as a reviewer sends it. */
export type SendDecision = (decision: Decision, note: string | null, done: () => void) => void;
/** What the reviewer has played of the version so far (after sending what was just played), or null if unknown. */
export type CheckWatched = () => Promise<{
  ranges: number[][];
  watched: number | null;
  duration: number | null;
} | null>;

/** A download the panel offers: its button's words and the call that gives the link. */
export interface PanelDownload {
  label: string;
  /** Why the server will refuse it for now, said beside the button. */
  locked?: string;
  link: () => Promise<{ url: string; expires_at: string | null }>;
}

/** Opens a download link: our attachment in place (the page stays), a link elsewhere in a new tab. */
function startDownload({ url, expires_at }: { url: string; expires_at: string | null }) {
  if (expires_at === null) window.open(url, '_blank', 'noopener');
  else window.location.assign(url);
}

const MAX_GAPS_NAMED = 3;
/** "0:42–1:10, 2:00–2:30 and 2 more": the stretches a reviewer skipped. */
function gapsText(gaps: PlayedRange[]) {
  const named = gaps.slice(0, MAX_GAPS_NAMED).map(([a, b]) => `${formatClock(a)}–${formatClock(b)}`);
  const more = gaps.length - named.length;
  return named.join(', ') + (more > 0 ? fill(APPROVAL_TEXT.unwatchedMore, { count: String(more) }) : '');
}

/** The stretches still to watch when less than enough of the version was played, else null. */
async function skipped(check: CheckWatched): Promise<string | null> {
  const seen = await check().catch(() => null);
  if (!seen || seen.watched === null || seen.duration === null || seen.watched >= WATCHED_ENOUGH) return null;
  const gaps = unwatched(
    seen.ranges.map(([a, b]): PlayedRange => [a!, b!]),
    seen.duration,
  );
  return gaps.length > 0 ? gapsText(gaps) : null;
}

interface RoundPanelProps {
  round: NonNullable<ApprovalView>;
  /** Set when the viewer is a reviewer who may decide now. */
  onDecide?: SendDecision;
  /** Asked before an approval: under 90 % watched, the reviewer is asked to confirm. */
  checkWatched?: CheckWatched;
  deciding?: Decision | null;
  /** Set when the viewer may change the rule. */
  onRule?: (rule: ApprovalRule) => void;
  /** What the viewer may download of the round's version. */
  download?: PanelDownload;
  /** Shown under the decisions (staff's coverage strips). */
  children?: ReactNode;
}

/** A round (issue 52): who decided what and how much they had watched, who is still to approve, and the reviewer's buttons. */
export function RoundPanel({
  round,
  onDecide,
  checkWatched,
  deciding = null,
  onRule,
  download,
  children,
}: RoundPanelProps) {
  const [note, setNote] = useState('');
  const [fetching, setFetching] = useState(false);
  const fetchDownload = async (offer: PanelDownload) => {
    setFetching(true);
    try {
      startDownload(await offer.link());
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setFetching(false);
    }
  };
  const [checking, setChecking] = useState(false);
  const [unseen, setUnseen] = useState<string | null>(null);
  const send = (decision: Decision) => onDecide?.(decision, note.trim() || null, () => setNote(''));
  const approve = async () => {
    if (!checkWatched) return send('approved');
    setChecking(true);
    const gaps = await skipped(checkWatched);
    setChecking(false);
    if (gaps) setUnseen(gaps);
    else send('approved');
  };

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
            data={APPROVAL_RULES.map((rule) => ({ value: rule, label: APPROVAL_TEXT.ruleShort[rule] }))}
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
            {d.decision === 'approved' && d.watched !== null && d.watched < WATCHED_ENOUGH && (
              <Badge size="xs" variant="outline" color="orange" data-testid="approval-partly-watched">
                {APPROVAL_TEXT.partlyWatched}
              </Badge>
            )}
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
      {children}
      {download && (
        <Button
          size="compact-xs"
          variant="subtle"
          mt={6}
          leftSection={<IconDownload size={14} />}
          loading={fetching}
          onClick={() => void fetchDownload(download)}
          data-testid="approval-download"
        >
          {download.label}
        </Button>
      )}
      {download?.locked && (
        <Text fz="xs" c="dimmed" data-testid="approval-download-locked">
          {download.locked}
        </Text>
      )}
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
              loading={deciding === 'approved' || checking}
              onClick={() => void approve()}
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
      <Modal
        opened={unseen !== null}
        onClose={() => setUnseen(null)}
        title="Approve without watching it all?"
        centered
        radius="lg"
      >
        <Text fz="sm" data-testid="approval-unwatched">
          {fill(APPROVAL_TEXT.unwatchedAsk, { ranges: unseen ?? '' })}
        </Text>
        <Group justify="flex-end" gap="xs" mt="md">
          <Button variant="default" onClick={() => setUnseen(null)}>
            Keep watching
          </Button>
          <Button
            color="teal"
            onClick={() => {
              setUnseen(null);
              send('approved');
            }}
            data-testid="approval-approve-anyway"
          >
            Approve anyway
          </Button>
        </Group>
      </Modal>
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
      checkWatched={async () => {
        await flushWatchReports();
        return myWatched(card.card_id, round.video_version);
      }}
      deciding={decide.isPending ? (decide.variables?.decision ?? null) : null}
      onRule={(owner || isStaff(viewer.client_type)) && inReview ? (rule) => setRule.mutate(rule) : undefined}
      download={{
        label: 'Download original',
        link: () => originalLink(card.card_id, round.video_version),
        ...(card.originals_locked
          ? { locked: fill(DOWNLOAD_TEXT.locked, { version: String(round.video_version + 1) }) }
          : {}),
      }}
    >
      {isStaff(viewer.client_type) && <CoverageStrips cardId={card.card_id} version={round.video_version} />}
    </RoundPanel>
  );
}
