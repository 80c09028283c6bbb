// What other features may use of leave/ (docs/architecture.md): the lint refuses any other way in.
export { onLeaveToday } from './on-leave.js';
