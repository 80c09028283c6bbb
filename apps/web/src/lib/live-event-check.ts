// Loaded by live-events.ts when the stream first opens, so the events' zod schema stays off the first screens (issue 17).
import { LIVE_EVENT_TYPES, liveEvent, type LiveEvent } from '@cutroom/domain/schemas';

export { LIVE_EVENT_TYPES };

/** The event as the domain's schema reads it, or null for a payload that does not fit. */
export function checkLiveEvent(type: string, data: unknown): LiveEvent | null {
  const parsed = liveEvent.safeParse({ type, data });
  return parsed.success ? parsed.data : null;
}
