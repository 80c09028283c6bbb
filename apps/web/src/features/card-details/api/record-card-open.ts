import { useEffect, useRef } from 'react';
import { API } from '@cutroom/domain/contract';
import { CARD_OPEN_EVENT } from '@cutroom/domain';
import { call } from '../../../lib/call';

/** Records one card_open per card shown (spec 001 §2); a failure here must never disturb the page. */
export function useRecordCardOpen(cardId: number, enabled: boolean) {
  const recorded = useRef<number | null>(null);
  useEffect(() => {
    if (!enabled || recorded.current === cardId) return;
    recorded.current = cardId;
    call(API.cardDetails.event, { params: { id: cardId }, query: { type: CARD_OPEN_EVENT } }).catch(() => undefined);
  }, [cardId, enabled]);
}
