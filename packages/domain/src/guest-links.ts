import type { Role } from './roles.js';
import { QC_AUTHOR } from './qc.js';

/**
 * Guest review links (issue 19): one card's review (player, customer-chat notes, drawings) opened by
 * someone without an account, who comments under a name they give. The link grants nothing else.
 */

/** How long a new link may work, in days; a longer-lived link is a standing door into the card. */
export const GUEST_LINK_DAY_OPTIONS = [1, 3, 7, 14, 30] as const;
export const GUEST_LINK_DEFAULT_DAYS = 7;
export const GUEST_LINK_LABEL_MAX = 80;
export const GUEST_PASSWORD_MIN = 8;
export const GUEST_PASSWORD_MAX = 128;
export const GUEST_NAME_MAX = 60;
/** A guest's visit lasts this long (never past the link's own expiry), then the link is opened again. */
export const GUEST_VISIT_HOURS = 12;
/** Failed opens one address may make in a window before it is refused for the rest of it. */
export const GUEST_OPEN_FAILURES_MAX = 10;
export const GUEST_OPEN_WINDOW_MS = 15 * 60_000;
/** Comments one guest visit may post in a window. */
export const GUEST_COMMENTS_MAX = 30;
export const GUEST_COMMENTS_WINDOW_MS = 10 * 60_000;

/** Their messages: apart from MSG, which every first page loads, since only the share dialog and guest page show them. */
export const GUEST_MSG = {
  refused:
    'This review link does not open. It may have expired or been turned off, or the password is wrong. Ask the person who sent it for a new one.',
  nameRequired: 'Please enter your name, so the team knows who wrote each note',
  created: 'Review link created. Copy it now: it is shown only once.',
  opened: 'Review opened',
  revoked: 'Review link turned off',
  passwordTooShort: 'A password needs at least {min} characters',
  visitEnded: 'Your review visit has ended. Open the link again to go on.',
  commentsClosed: 'The video is in quality check: comments open again when it is back in review.',
} as const;

/** The guest's visit cookie: HttpOnly, read only under /api/guest. */
export const GUEST_COOKIE = 'cutroom_guest';

/** Who may make, list and turn off a card's links: the card's customer and the staff of its review. */
export const maySendGuestLinks = (role: Role) => role !== 'yt-helper' && role !== 'yt-helper-lead';

export type GuestLinkState = 'active' | 'expired' | 'revoked';
export const GUEST_LINK_STATE_LABELS: Record<GuestLinkState, string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Turned off',
};

export const guestLinkState = (
  link: { expires_at: string; revoked_at: string | null },
  now = Date.now(),
): GuestLinkState => (link.revoked_at !== null ? 'revoked' : Date.parse(link.expires_at) <= now ? 'expired' : 'active');

/** How a guest's note is signed in the chat: the name they gave, marked as a guest's. */
export const guestAuthorLabel = (name: string) => `${name} (guest)`;

/** Who signs a note in lists and exports: a guest by the name they gave, delivery QC as itself, else its author. */
export const noteAuthorName = (n: { guestName: string | null; firstname: string | null; lastname: string | null }) =>
  n.guestName !== null
    ? guestAuthorLabel(n.guestName)
    : n.firstname === null
      ? QC_AUTHOR.name
      : `${n.firstname} ${n.lastname ?? ''}`.trim();
