import { sql, type AnyColumn } from 'drizzle-orm';
import { userLeaves } from '../db/schema.js';
import { newYorkTodaySql } from '../platform/time-zone.js';

/**
 * "On leave" as SQL: a leave row of this user covers today in New York. Computed, never stored, so
 * it turns on and off with the calendar; `users.is_on_leave` is not written by this feature.
 * With a column, use it in a WHERE: in a select list Drizzle leaves the column unqualified, and inside
 * the subquery it would name the leave row's own id.
 */
export const onLeaveToday = (userId: AnyColumn | number) =>
  sql<boolean>`exists (select 1 from ${userLeaves} where ${userLeaves.clientId} = ${userId} and ${newYorkTodaySql} between ${userLeaves.startDate} and ${userLeaves.endDate})`;
