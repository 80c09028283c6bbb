import { sql } from 'drizzle-orm';
import { CLOCK_TIME_ZONE, isTimeZone } from '@cutroom/domain';

/** The caller's zone from its `user-time-zone` header; an unknown or missing one falls back to the portal's clock. */
export const zoneOf = (header: unknown) =>
  typeof header === 'string' && isTimeZone(header) ? header : CLOCK_TIME_ZONE;

/** The domain's todayInNewYork as a SQL date on the database clock, so a statement reads one today throughout. */
export const newYorkTodaySql = sql`(now() at time zone ${CLOCK_TIME_ZONE})::date`;
