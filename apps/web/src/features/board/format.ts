import { CLOCK_TIME_ZONE } from '@cutroom/domain';

/** Due dates read in New York time, like the top bar's clock (DESIGN §3). */
const dueFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: CLOCK_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** Other times (activity) read in the browser's own zone. */
const localFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export const formatDue = (iso: string) => `${dueFormat.format(new Date(iso))} EST`;
export const formatDateTime = (iso: string) => localFormat.format(new Date(iso));
export const isOverdue = (iso: string | null, now = Date.now()) => !!iso && new Date(iso).getTime() < now;

/** Where a tile leads; the route table lives in app/, which features don't import. */
export const cardDetailsPath = (cardId: number) => `/card-details/${cardId}`;
