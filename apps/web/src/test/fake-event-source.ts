import { vi } from 'vitest';

/** Stands in for the browser's EventSource so a test decides when the stream opens, fails or speaks. */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  /** Every stream opened since `install()`, oldest first. */
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;

  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** A server frame: `data` is sent as JSON; `open` and `error` are the connection's own events. */
  emit(type: string, data?: unknown, id = '') {
    if (type === 'open') this.readyState = FakeEventSource.OPEN;
    const event =
      data === undefined ? new Event(type) : new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id });
    this.dispatchEvent(event);
  }

  /** The connection failed for good (a refused reconnect): the browser stops retrying. */
  fail() {
    this.readyState = FakeEventSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }

  /** Replaces the global EventSource for this test (setup.ts unstubs globals after each). */
  static install() {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  }

  /** The streams not closed yet. */
  static live = () => FakeEventSource.opened.filter((s) => s.readyState !== FakeEventSource.CLOSED);
}
