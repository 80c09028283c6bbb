import { CAPTIONS_MSG } from './caption-tracks.js';
import { APPROVAL_TEXT, DOWNLOAD_TEXT } from './approvals.js';
import { GUEST_MSG } from './guest-links.js';
import { MSG } from './messages.js';

/** The AppError table: one code, one HTTP status and one user-facing message (DESIGN §3). */
export const ERRORS = {
  VALIDATION: { status: 400, message: MSG.requiredField },
  BAD_CREDENTIALS: { status: 401, message: MSG.loginFailed },
  UNAUTHENTICATED: { status: 401, message: MSG.notLoggedIn },
  EMAIL_NOT_VERIFIED: { status: 403, message: MSG.emailNotVerified },
  FORBIDDEN: { status: 403, message: MSG.forbidden },
  NOT_FOUND: { status: 404, message: MSG.notFound },
  EMAIL_UNKNOWN: { status: 404, message: MSG.resetEmailMissing },
  EMAIL_TAKEN: { status: 409, message: MSG.emailTaken },
  CARD_TITLE_EXISTS: { status: 409, message: MSG.cardTitleExists },
  STALE_MOVE: { status: 409, message: MSG.staleMove },
  CONCURRENT_CHANGE: { status: 409, message: MSG.concurrentChange },
  CAPTION_NOT_READY: { status: 409, message: CAPTIONS_MSG.notReady },
  MOVE_NOT_ALLOWED: { status: 403, message: MSG.moveNotAllowed },
  REQUEST_LIMIT: { status: 403, message: MSG.requestLimitReached },
  NO_QA: { status: 403, message: MSG.noQaAssigned },
  SUBSCRIPTION_INACTIVE: { status: 403, message: MSG.subscriptionInactive },
  PASSWORD_CHANGE_REQUIRED: { status: 403, message: MSG.passwordChangeRequired },
  TITLE_UNCHANGED: { status: 400, message: MSG.titleUnchanged },
  TITLE_EMPTY: { status: 400, message: MSG.titleEmpty },
  CARD_NOT_IN_DONE: { status: 409, message: MSG.cardNotInDone },
  CARD_REPURPOSE_ENABLED: { status: 409, message: MSG.cardRepurposeEnabled },
  CARD_IN_PROGRESS: { status: 409, message: MSG.cardInProgress },
  INVALID_CARD_STATUS: { status: 400, message: MSG.invalidCardStatus },
  INVALID_CARD_DATA: { status: 400, message: MSG.invalidCardData },
  COMMENTS_CLOSED: { status: 403, message: MSG.commentsClosedInQa },
  INVALID_DUE_DATE: { status: 400, message: MSG.invalidDueDate },
  TOKEN_INVALID: { status: 400, message: MSG.verifyTokenInvalid },
  RESET_TOKEN_INVALID: { status: 400, message: MSG.resetTokenInvalid },
  FILE_REFUSED: { status: 400, message: MSG.uploadFailed },
  FILE_TOO_LARGE: { status: 413, message: MSG.fileTooLarge },
  STORAGE_QUOTA: { status: 413, message: MSG.storageQuotaFull },
  RATE_LIMITED: { status: 429, message: MSG.tooManyRequests },
  AI_NOT_CONFIGURED: { status: 409, message: MSG.aiNotConfigured },
  AI_DAILY_LIMIT: { status: 429, message: MSG.aiDailyLimit },
  BUSY: { status: 429, message: MSG.busy },
  REQUEST_TIMEOUT: { status: 408, message: MSG.requestTimedOut },
  UNAVAILABLE: { status: 503, message: MSG.databaseUnavailable },
  // YouTube analytics (issue 16): Google's failures are 424, never a 5xx of ours.
  ANALYTICS_NOT_CONFIGURED: { status: 409, message: MSG.analyticsNotConfigured },
  ANALYTICS_NOT_CONNECTED: { status: 409, message: MSG.analyticsSignIn },
  OAUTH_STATE_INVALID: { status: 400, message: MSG.googleStateInvalid },
  GOOGLE_SIGN_IN_FAILED: { status: 400, message: MSG.googleSignInFailed },
  GOOGLE_UNAVAILABLE: { status: 424, message: MSG.googleUnavailable },
  // Guest review links (issue 19): a bad token, password, expiry or revocation all read the same.
  GUEST_LINK_REFUSED: { status: 404, message: GUEST_MSG.refused },
  GUEST_SESSION_ENDED: { status: 401, message: GUEST_MSG.visitEnded },
  REVISION_REASON_EXISTS: { status: 409, message: MSG.revisionReasonExists },
  // Approval rounds (issue 52): Mark As Done under the rule `all` names who is still to approve.
  APPROVAL_PENDING: { status: 409, message: APPROVAL_TEXT.pending },
  DECISION_CLOSED: { status: 409, message: APPROVAL_TEXT.complete },
  ORIGINAL_LOCKED: { status: 403, message: DOWNLOAD_TEXT.locked },
  DOWNLOAD_NOT_READY: { status: 409, message: DOWNLOAD_TEXT.noCopyYet },
  INTERNAL: { status: 500, message: MSG.generic },
} as const satisfies Record<string, { status: number; message: string }>;
export type ErrorCode = keyof typeof ERRORS;

/** Every error reply has this shape (schemas/errors.ts gives it to the OpenAPI document as `Error`). */
export interface ErrorReply {
  error_message: string;
  /** An ErrorCode, or Fastify's own code for its client errors (bad JSON, body too large). */
  code: string;
  field?: string;
  /** The same text as error_message, on the routes whose contract names `errorAlias`. */
  error?: string;
}
