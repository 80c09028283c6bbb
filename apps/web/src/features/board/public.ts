// What other features may use of board/ (docs/architecture.md): the lint refuses any other way in.
export { STATUS_COLORS } from './columns';
export { MoveWorkflow } from './move-workflow';
export { CardStatusMenu } from './card-menus';
export { movesFor } from './move-plan';
