/**
 * Approval rounds (issue 52): each reviewer of a card's latest delivered version (the customer, and the
 * guests whose link was made as an approver) decides on it; the card's rule says whose approval completes it.
 */
export const APPROVAL_RULES = ['any', 'all'] as const;
export type ApprovalRule = (typeof APPROVAL_RULES)[number];
export const DEFAULT_APPROVAL_RULE: ApprovalRule = 'any';

export const DECISIONS = ['approved', 'changes_requested'] as const;
export type Decision = (typeof DECISIONS)[number];

export const DECISION_NOTE_MAX = 1000;

/** Who decides: the card's customer, or a guest through an approver link. */
export type ReviewerSide = 'customer' | 'guest';

/** One decision as a round shows it. */
export interface RoundDecision {
  name: string;
  side: ReviewerSide;
  decision: Decision;
  note: string | null;
  at: string;
  /** The share of the version (0–1) its reviewer had played when deciding; null until playback is reported. */
  watched: number | null;
}

/** A round: who decided what, who is still to approve, and whether the rule is met. */
export function roundOf(
  rule: ApprovalRule,
  approvers: { key: string; name: string }[],
  decisions: (RoundDecision & { key: string })[],
) {
  const approvedBy = new Set(decisions.filter((d) => d.decision === 'approved').map((d) => d.key));
  const pending = approvers.filter((a) => !approvedBy.has(a.key)).map((a) => a.name);
  return {
    rule,
    approved: rule === 'all' ? pending.length === 0 : approvedBy.size > 0,
    pending,
    decisions: decisions.map(({ key: _key, ...d }) => d),
  };
}

export const APPROVAL_TEXT = {
  pending: 'Still waiting for approval from {names}.',
  notLatest: 'Decide on the latest version ({version}).',
  noVersion: 'There is no delivered version to decide on yet.',
  complete: 'The card is complete: its decisions can no longer change.',
  notInReview: 'Decisions open once the video is in Review.',
  notApprover: 'This link was not made for approving.',
  decided: { approved: 'Approved', changes_requested: 'Changes requested' },
  ruleSaved: 'Approval rule saved',
  ruleLabel: { any: 'Any reviewer approves', all: 'Every approver approves' },
} as const;
