// Closes the gap between a page's first calls and its event stream: each reply says where the server's stream
// stood before the call read anything (EVENT_CURSOR_HEADER), and a stream opened later replays from there.

/** What the open stream replays from; null while no stream is open. */
let streamFrom: string | null = null;
/** The oldest position among replies that came while no stream was open. */
let pending = '';
/** The newest position any reply named: a stream needs no replay from before it. */
let newest = '';
let onGap: () => void = () => {};

const parse = (cursor: string) => {
  const [ms = '', instance = '', seq = ''] = cursor.split('-');
  return { ms: Number(ms), instance, seq: Number(seq) };
};

/** Whether a stream replaying from `from` hears every event published after `cursor` (the same or a later one). */
export function covers(from: string, cursor: string): boolean {
  if (from === cursor) return true;
  if (!from || !cursor) return false;
  const f = parse(from);
  const c = parse(cursor);
  // Ids of different instances in the same millisecond have no known order: assume the worst.
  return c.ms > f.ms || (c.ms === f.ms && c.instance === f.instance && c.seq > f.seq);
}

/** A reply's position: kept for the next stream, or checked against the open one. */
export function noteReplyCursor(cursor: string | null) {
  if (!cursor) return;
  if (!newest || covers(newest, cursor)) newest = cursor;
  if (streamFrom === null) {
    if (!pending || covers(cursor, pending)) pending = cursor;
  } else if (!covers(streamFrom, cursor)) {
    // The call read before the stream's replay begins: what came in between may be lost, so refetch.
    onGap();
  }
}

/** A stream opens: returns where it should replay from (`lastEventId` when it has heard events before). */
export function streamOpening(lastEventId: string, gap: () => void): string {
  const older = lastEventId && pending ? (covers(pending, lastEventId) ? pending : lastEventId) : '';
  streamFrom = older || lastEventId || pending || newest;
  pending = '';
  onGap = gap;
  return streamFrom;
}

/** The stream closed: replies from now on wait for the next one. */
export function streamClosed() {
  streamFrom = null;
}
