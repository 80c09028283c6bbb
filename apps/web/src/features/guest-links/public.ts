// What other features may use of guest-links/ (docs/architecture.md, "Boundaries"): the lint refuses any other way in.
export { GuestLinks } from './guest-links';
