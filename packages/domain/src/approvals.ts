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
  noSuchVersion: 'The card has no delivered version {version}.',
  noVersion: 'There is no delivered version to decide on yet.',
  complete: 'The card is complete: its decisions can no longer change.',
  notInReview: 'Decisions open once the video is in Review.',
  notApprover: 'This link was not made for approving.',
  decided: { approved: 'Approved', changes_requested: 'Changes requested' },
  ruleSaved: 'Approval rule saved',
  ruleLabel: { any: 'Any reviewer approves', all: 'Every approver approves' },
  /** The rule's switch on the card, short enough for a phone. */
  ruleShort: { any: 'Any reviewer', all: 'Every approver' },
  unwatchedAsk: "You haven't watched {ranges} — approve anyway?",
  unwatchedMore: ' and {count} more',
  partlyWatched: 'Approved without watching it all',
  notified: {
    approved: '{name} approved version {version} of "{title}"',
    changes_requested: '{name} asked for changes to version {version} of "{title}"',
  },
} as const;

/** A decision is kept in the card's activity as `decision:<decision>`, beside its moves. */
export const DECISION_ACTIVITY_PREFIX = 'decision:';
export const decisionOfActivity = (status: string): Decision | null => {
  const decision = status.startsWith(DECISION_ACTIVITY_PREFIX) ? status.slice(DECISION_ACTIVITY_PREFIX.length) : null;
  return DECISIONS.includes(decision as Decision) ? (decision as Decision) : null;
};

/** What one report of played ranges may hold (the players batch theirs, a few calls a minute). */
export const WATCHED_RANGES_MAX = 200;
/** Approving with less of the version played than this asks first, and the decision says so. */
export const WATCHED_ENOUGH = 0.9;

export type PlayedRange = [number, number];

/** Ranges as one sorted list without overlaps: touching or overlapping ranges become one. */
export function mergeRanges(ranges: readonly PlayedRange[]): PlayedRange[] {
  const sorted = ranges.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  const merged: PlayedRange[] = [];
  for (const [start, end] of sorted) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** The share (0–1) of a video of `duration` seconds the ranges cover; null when the length is unknown. */
export function watchedShare(ranges: readonly PlayedRange[], duration: number | null): number | null {
  if (duration === null || duration <= 0) return null;
  const covered = mergeRanges(ranges).reduce((sum, [a, b]) => sum + Math.max(0, Math.min(b, duration) - a), 0);
  return Math.min(1, Math.round((covered / duration) * 1000) / 1000);
}

/** The stretches of a video the ranges leave out, for "You haven't watched 0:42–1:10". */
export function unwatched(ranges: readonly PlayedRange[], duration: number): PlayedRange[] {
  const gaps: PlayedRange[] = [];
  let at = 0;
  for (const [a, b] of mergeRanges(ranges)) {
    if (a > at) gaps.push([at, Math.min(a, duration)]);
    at = Math.max(at, b);
  }
  if (at < duration) gaps.push([at, duration]);
  return gaps.filter(([a, b]) => b - a >= 0.5);
}

/** Who may download a customer's originals (issue 52): always, or once the version is approved by the card's rule. */
export const DOWNLOAD_POLICIES = ['always', 'after_approval'] as const;
export type DownloadPolicy = (typeof DOWNLOAD_POLICIES)[number];
export const DEFAULT_DOWNLOAD_POLICY: DownloadPolicy = 'always';
export const DOWNLOAD_POLICY_LABELS: Record<DownloadPolicy, string> = {
  always: 'Always',
  after_approval: 'Once the version is approved',
};

/** What a guest link lets its guest download: nothing (the default), the review copy, or the original. */
export const GUEST_DOWNLOADS = ['none', 'proxy', 'original'] as const;
export type GuestDownload = (typeof GUEST_DOWNLOADS)[number];
export const GUEST_DOWNLOAD_LABELS: Record<GuestDownload, string> = {
  none: 'No downloads',
  proxy: 'The review copy',
  original: 'The original',
};

/** How long a download link works: long enough to start a large file, short enough not to be passed around. */
export const DOWNLOAD_LINK_MINUTES = 15;

export const DOWNLOAD_TEXT = {
  locked: 'The original of version {version} can be downloaded once it is approved.',
  noVideo: 'Version {version} has no video {number}.',
  guestNone: 'This link does not allow downloads.',
  noCopyYet: 'The review copy is still being made: try again in a few minutes.',
  expired: 'This download link has expired. Ask for a new one from the card.',
} as const;

/** A watermarked guest's copy of a video (issue 52): made for their link by the media pipeline, never the clean proxy. */
export const GUEST_COPY_STATES = ['preparing', 'ready', 'failed'] as const;
export type GuestCopyState = (typeof GUEST_COPY_STATES)[number];

/** A link is watermarked unless said otherwise when it approves or downloads: those guests take the video away. */
export const defaultWatermark = (link: { approver: boolean; download: GuestDownload }) =>
  link.approver || link.download !== 'none';

/** Distinct guest names a link's copies carry; a name past these gets the link's own mark (label and date). */
export const GUEST_COPY_NAMES_MAX = 5;

/** The mark burned into a guest's copy: who it is for, which link, which day (UTC). */
export const watermarkText = (guestName: string | null, label: string | null, day: Date) =>
  [guestName, label, day.toISOString().slice(0, 10)].filter((part) => part).join(' · ');

export const WATERMARK_TEXT = {
  preparing: 'Preparing your copy',
  preparingHint: 'This link shows a copy marked with your name. It is being made now and plays here when ready.',
  failed: 'Your marked copy could not be made. Ask the team to share the video again.',
  notReady: 'Your marked copy is still being made: try again in a few minutes.',
  option: 'Watermark what this guest plays and downloads',
} as const;
