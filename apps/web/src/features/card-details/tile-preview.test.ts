import { describe, expect, it } from 'vitest';
import type { CardTileReply } from '@cutroom/domain/schemas';
import { tileFromState } from './tile-preview';

const tile = { card_id: 7, card_title: 'Gear review' } as CardTileReply;

describe('tile preview', () => {
  it("hands a card page the tile it was opened from, only when it is that card's", () => {
    expect(tileFromState({ tile }, 7)).toBe(tile);
    // History state outlives the page that wrote it: another card's tile, or anything else, is no preview.
    expect(tileFromState({ tile }, 8)).toBeUndefined();
    expect(tileFromState({ tile: { card_id: 7 } }, 7)).toBeUndefined();
    expect(tileFromState({ tile: 'Gear review' }, 7)).toBeUndefined();
    expect(tileFromState(null, 7)).toBeUndefined();
    expect(tileFromState('tile', 7)).toBeUndefined();
  });
});
