/** This page load's id: sent with every call (x-cutroom-tab) so the live stream can tell this tab its own events. */
export const TAB_ID: string = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
  b.toString(16).padStart(2, '0'),
).join('');
