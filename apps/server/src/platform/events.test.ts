import { describe, expect, it } from 'vitest';
import { createMemoryBus, RING_SIZE, type EventInput } from './events.js';

const moved = (cardId: number): EventInput => ({
  type: 'card.moved',
  cardId,
  audience: { clientId: 1, assignedQaId: null, assignedTo: null, ytHelperId: null, hasYoutubeHelper: false },
  data: { from: 'editing', to: 'on_hold', by: 1 },
});

describe('the event bus cursor', () => {
  it('replays from a cursor exactly what was published after it', async () => {
    const bus = createMemoryBus();
    const empty = bus.cursor();
    expect(bus.since(empty)).toEqual([]);
    await bus.publish(moved(1));
    const afterOne = bus.cursor();
    await bus.publish(moved(2));
    await bus.publish(moved(3));
    expect(bus.since(empty)!.map((e) => e.cardId)).toEqual([1, 2, 3]);
    expect(bus.since(afterOne)!.map((e) => e.cardId)).toEqual([2, 3]);
    expect(bus.since(bus.cursor())).toEqual([]);
    await bus.close();
  });

  it('asks for a resync once a cursor is older than what the ring holds, the empty ring included', async () => {
    const bus = createMemoryBus();
    const empty = bus.cursor();
    await bus.publish(moved(0));
    const first = bus.cursor();
    for (let i = 1; i < RING_SIZE; i++) await bus.publish(moved(i));
    // Full but nothing dropped yet: both cursors still replay.
    expect(bus.since(empty)).toHaveLength(RING_SIZE);
    expect(bus.since(first)).toHaveLength(RING_SIZE - 1);
    await bus.publish(moved(RING_SIZE));
    expect(bus.since(empty)).toBeNull();
    expect(bus.since(first)).toBeNull();
    expect(bus.since(`0-another-0`)).toBeNull();
    await bus.close();
  });
});
