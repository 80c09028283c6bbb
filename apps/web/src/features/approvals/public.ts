export { ApprovalRound, RoundPanel, type SendDecision } from './approval-round';
export { useWatchReport } from './use-watch-report';
export { sendWatched } from './api/approvals';
