import {
  analyticsClientQuery,
  analyticsPeriodParam,
  accessTokenReply,
  analyticsReply,
  analyticsStatusReply,
  deleteTokensReply,
  googleAccessTokenBody,
  googleAuthUrlReply,
} from '../schemas/analytics.js';
import { defineRoute } from './define.js';

const tags = ['analytics'];
/** Only the customer signs in with Google for their own channel, or disconnects it. */
const OWNER = ['customer'] as const;

/** YouTube channel analytics on the customer profile (spec 002 §2, §3, §7; docs/youtube-analytics.md). */
export const ANALYTICS = {
  status: defineRoute({
    method: 'GET',
    path: '/api/yt-analytics/status',
    tags,
    summary:
      "Whether Google sign-in is configured and the customer's channel is connected (clientId: a customer the caller may see; a customer's own by default)",
    access: 'user',
    query: analyticsClientQuery,
    reply: analyticsStatusReply,
  }),
  authUrl: defineRoute({
    method: 'GET',
    path: '/api/google-auth-url',
    tags,
    summary:
      'Start the Google sign-in: the authorization URL with a fresh state and PKCE challenge (read-only analytics scope); the browser goes there and Google returns it to /oauth/google',
    access: OWNER,
    reply: googleAuthUrlReply,
  }),
  accessToken: defineRoute({
    method: 'POST',
    path: '/api/google-access-token',
    tags,
    summary:
      'Finish the Google sign-in: checks the state (the caller’s, under 10 minutes old, one use), exchanges the code with its PKCE verifier, stores the tokens encrypted, and answers with the 7-day analytics',
    access: OWNER,
    body: googleAccessTokenBody,
    reply: accessTokenReply,
  }),
  analytics: defineRoute({
    method: 'GET',
    path: '/api/getYTAnalytics/:period',
    tags,
    summary:
      "A customer's channel figures for the period (7days, 30days, 6months, 9months) and the equal period before it (none for 9months)",
    access: 'user',
    params: analyticsPeriodParam,
    query: analyticsClientQuery,
    reply: analyticsReply,
  }),
  deleteTokens: defineRoute({
    method: 'DELETE',
    path: '/api/delete-tokens',
    tags,
    summary: "Disconnect the caller's channel: revokes the grant at Google (best effort) and deletes the stored tokens",
    access: OWNER,
    reply: deleteTokensReply,
  }),
} as const;
