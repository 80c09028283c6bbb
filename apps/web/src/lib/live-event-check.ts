// Loaded by live-events.ts with the stream's first event, so the events' zod schema stays off the first screens (issue 17).
import { liveEvent, type LiveEvent } from '@cutroom/domain/schemas';

/** The event as the domain's schema reads it, or null for a payload that does not fit. */
export function checkLiveEvent(type: string, data: unknown): LiveEvent | null {
  const parsed = liveEvent.safeParse({ type, data });
  return parsed.success ? parsed.data : null;
}
