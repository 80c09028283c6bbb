export { ApprovalRound, RoundPanel, type SendDecision } from './approval-round';
