import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as EventCursor from './event-cursor';

let c: typeof EventCursor;
beforeEach(async () => {
  vi.resetModules();
  c = await import('./event-cursor');
});

describe('covers', () => {
  it('orders positions by time, then by sequence within one instance', () => {
    expect(c.covers('1700-a-5', '1700-a-5')).toBe(true);
    expect(c.covers('1700-a-5', '1700-a-6')).toBe(true);
    expect(c.covers('1700-a-5', '1701-b-1')).toBe(true);
    expect(c.covers('1700-a-6', '1700-a-5')).toBe(false);
    expect(c.covers('1701-a-1', '1700-b-9')).toBe(false);
    // Another instance in the same millisecond: unknown order, so not covered.
    expect(c.covers('1700-a-5', '1700-b-6')).toBe(false);
    // The empty ring's position comes before every event of its instance.
    expect(c.covers('0-a-0', '1700-a-1')).toBe(true);
    expect(c.covers('', '1700-a-1')).toBe(false);
  });
});

describe('a stream opened after calls', () => {
  it('replays from the oldest position of the replies that came while no stream was open', () => {
    c.noteReplyCursor('1700-a-7');
    c.noteReplyCursor('1700-a-5');
    c.noteReplyCursor('1700-a-9');
    c.noteReplyCursor(null);
    expect(c.streamOpening('', () => {})).toBe('1700-a-5');
  });

  it('asks to refetch when a reply read before the open stream replays from, and only then', () => {
    const gap = vi.fn();
    c.noteReplyCursor('1700-a-5');
    expect(c.streamOpening('', gap)).toBe('1700-a-5');
    c.noteReplyCursor('1700-a-5');
    c.noteReplyCursor('1800-a-6');
    expect(gap).not.toHaveBeenCalled();
    c.noteReplyCursor('1600-a-4');
    expect(gap).toHaveBeenCalledTimes(1);
  });

  it('replays from the newest reply seen when nothing came since the last stream, and from nothing before any reply', () => {
    expect(c.streamOpening('', () => {})).toBe('');
    c.streamClosed();
    c.noteReplyCursor('1700-a-5');
    expect(c.streamOpening('', () => {})).toBe('1700-a-5');
    c.noteReplyCursor('1800-a-6');
    c.streamClosed();
    expect(c.streamOpening('', () => {})).toBe('1800-a-6');
  });

  it('reopening after a drop replays from the older of the last event heard and the replies since', () => {
    c.noteReplyCursor('1700-a-5');
    c.streamOpening('', () => {});
    c.streamClosed();
    expect(c.streamOpening('1750-a-6', () => {})).toBe('1750-a-6');
    c.streamClosed();
    c.noteReplyCursor('1740-a-5');
    expect(c.streamOpening('1750-a-6', () => {})).toBe('1740-a-5');
  });
});
