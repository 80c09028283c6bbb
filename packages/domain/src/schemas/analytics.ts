import { dbIdText } from './fields.js';
import { z } from 'zod';
import { ANALYTICS_PERIOD_VALUES } from '../analytics.js';
import { MSG } from '../messages.js';

export const analyticsPeriodParam = z.object({
  period: z.enum(ANALYTICS_PERIOD_VALUES, { error: MSG.analyticsPeriodInvalid }),
});

/** Whose channel: a customer's id; a customer may leave it out (their own). */
export const analyticsClientQuery = z.object({
  clientId: dbIdText.optional(),
});

/** What Google sent back to our redirect page; the state ties it to the sign-in this user started. */
export const googleAccessTokenBody = z.object({
  code: z.string().trim().min(1, { error: MSG.googleSignInFailed }).max(2048),
  state: z.string().trim().min(1, { error: MSG.googleStateInvalid }).max(256),
});

export const googleAuthUrlReply = z.object({ url: z.string() });

export const analyticsStatusReply = z.object({
  /** The server has Google credentials (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, TOKEN_ENCRYPTION_KEY). */
  configured: z.boolean(),
  /** The customer has signed in with Google and their tokens are stored. */
  connected: z.boolean(),
  /** Whether this caller may sign in or disconnect (only the customer, for their own channel). */
  can_connect: z.boolean(),
});

const dayRange = z.object({ startDate: z.string(), endDate: z.string() });
export const analyticsFigures = z.object({
  views: z.number(),
  subscribersGained: z.number(),
  subscribersLost: z.number(),
  estimatedMinutesWatched: z.number(),
  averageViewDuration: z.number(),
  averageViewDurationCount: z.number(),
  averageViewPercentage: z.number(),
  averageViewPercentageCount: z.number(),
});

/** GET /api/getYTAnalytics/{period} and POST /api/google-access-token (spec 002 §3, §7). */
export const analyticsReply = z.object({
  period: z.enum(ANALYTICS_PERIOD_VALUES),
  newAnalytics: analyticsFigures,
  /** The equal period before; null for 9months (no comparison). */
  oldAnalytics: analyticsFigures.nullable(),
  range: dayRange,
  previousRange: dayRange.nullable(),
});

/** POST /api/google-access-token "gives analytics" (spec 002 §7): the same figures, also under that name. */
export const accessTokenReply = analyticsReply.extend({
  analytics: z.object({ newAnalytics: analyticsFigures, oldAnalytics: analyticsFigures.nullable() }),
});

export const deleteTokensReply = z.object({ message: z.string() });
