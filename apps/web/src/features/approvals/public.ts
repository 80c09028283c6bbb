export { ApprovalRound, RoundPanel, type SendDecision } from './approval-round';
export { flushWatchReports, useWatchReport } from './use-watch-report';
export { sendWatched } from './api/approvals';
