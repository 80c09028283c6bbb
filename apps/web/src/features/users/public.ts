// What other features may use of users/ (docs/architecture.md): the lint refuses any other way in.
export { mayCall } from './api';
export { Pager } from './list-controls';
