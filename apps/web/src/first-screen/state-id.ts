/** The element of a server-rendered page holding the data its markup was made from (state.ts reads it). */
export const FIRST_SCREEN_STATE_ID = 'first-screen-state';
