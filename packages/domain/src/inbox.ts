import type { Denial, Verdict } from './card-policy.js';
import { MSG } from './messages.js';
import type { InboxStatus } from './options.js';
import type { Role } from './roles.js';

/**
 * The support inbox (spec 002 §2 "Inbox", §4, §5, §6): who takes part and who may do what to a
 * thread or a message. The server enforces these verdicts; the web builds its buttons from them.
 */

/** Staff who work the support inbox (spec 002 §6: team lead and QA see Support; admins too). */
export const INBOX_STAFF_ROLES: readonly Role[] = ['admin', 'team-lead', 'qa'];
/** Everyone who may call the inbox: the customers who write and the staff who answer. */
export const INBOX_ROLES: readonly Role[] = ['customer', ...INBOX_STAFF_ROLES];
/** Threads per list page (spec 002 §9). */
export const INBOX_PAGE_SIZE = 10;
/** Messages per chat page. */
export const INBOX_CHAT_PAGE_SIZE = 100;
export const INBOX_TITLE_MAX = 200;
export const INBOX_MESSAGE_MAX = 10_000;
/** The latest message's text in the list is cut here. */
export const INBOX_PREVIEW_CHARS = 120;

export const isInboxStaff = (role: Role): boolean => INBOX_STAFF_ROLES.includes(role);

export interface InboxActor {
  id: number;
  role: Role;
}
export interface InboxThreadFacts {
  customer_id: number;
  status: InboxStatus;
}
export interface InboxMessageFacts {
  author_id: number | null;
  /** The author's role; null once the author's account is gone. */
  author_role: Role | null;
  is_deleted: boolean;
}

const deny = (code: Denial['code'], message?: string): Denial => ({ code, ...(message ? { message } : {}) });

/** Replies go to an open thread; a resolved one is re-opened by its customer with a new message. */
export const replyVerdict = (_actor: InboxActor, thread: InboxThreadFacts): Verdict =>
  thread.status === 'ACTIVE' ? null : deny('FORBIDDEN', MSG.inboxThreadResolved);

/** Only staff resolve (spec 002 §4); resolving a resolved thread changes nothing and is no error. */
export const resolveVerdict = (actor: InboxActor): Verdict =>
  isInboxStaff(actor.role) ? null : deny('FORBIDDEN', MSG.inboxOnlyStaffResolve);

/** Only the thread's customer re-opens it, and only with a new message (checked with the message). */
export const reopenVerdict = (actor: InboxActor, thread: InboxThreadFacts): Verdict =>
  actor.role === 'customer' && actor.id === thread.customer_id ? null : deny('FORBIDDEN', MSG.inboxOnlyCustomerReopens);

/**
 * Edit and delete: the author, or an admin on a non-customer message (spec 002 §2, §5), while the
 * thread is open; a deleted message is gone.
 */
export function changeMessageVerdict(actor: InboxActor, thread: InboxThreadFacts, message: InboxMessageFacts): Verdict {
  const byCustomer = message.author_role === 'customer';
  const mayChange = message.author_id === actor.id || (actor.role === 'admin' && !byCustomer);
  if (!mayChange) return deny('FORBIDDEN');
  if (message.is_deleted) return deny('NOT_FOUND');
  if (thread.status !== 'ACTIVE') return deny('FORBIDDEN', MSG.inboxThreadResolved);
  return null;
}

/** Everything a viewer may do to a thread, for the chat pane's buttons. */
export const threadPolicy = (actor: InboxActor, thread: InboxThreadFacts) => ({
  reply: replyVerdict(actor, thread) === null,
  resolve: thread.status === 'ACTIVE' && resolveVerdict(actor) === null,
  reopen: thread.status === 'RESOLVED' && reopenVerdict(actor, thread) === null,
});

export const messagePolicy = (actor: InboxActor, thread: InboxThreadFacts, message: InboxMessageFacts) => ({
  change: changeMessageVerdict(actor, thread, message) === null,
});
