// Kept beside the server's side of the page (packages/domain/src/first-screen.ts).
export { FIRST_SCREEN_STATE_ID } from '@cutroom/domain';
