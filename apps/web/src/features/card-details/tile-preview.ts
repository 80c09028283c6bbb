import type { CardTileReply } from '@cutroom/domain/schemas';
import { readRouteState } from '../../lib/route-state';

/**
 * The tile the board handed over with the tap (lib/route-state.ts), when it is this card's: the page draws the
 * header from it while the card's call is out (issue 36). History state outlives the page that wrote it.
 */
export function tileFromState(state: unknown, cardId: number): CardTileReply | undefined {
  const tile = readRouteState(state).tile;
  return tile?.card_id === cardId && typeof tile.card_title === 'string' ? tile : undefined;
}
