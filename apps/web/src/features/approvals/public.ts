export { ApprovalRound } from './approval-round';
