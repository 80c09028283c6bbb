import { AI_TOOLBOX } from './ai-toolbox.js';
import { APPROVALS } from './approvals.js';
import { ANALYTICS } from './analytics.js';
import { AUTH } from './auth.js';
import { BOARD } from './board.js';
import { CARD_DETAILS } from './card-details.js';
import { ARCHIVE } from './archive.js';
import { CAPTIONS } from './captions.js';
import { CARDS } from './cards.js';
import { CHAT } from './chat.js';
import { DASHBOARD } from './dashboard.js';
import { DUE_CARDS } from './due-cards.js';
import { EXPORT_CARDS } from './export-cards.js';
import type { RouteContract } from './define.js';
import { GUEST_LINKS } from './guest-links.js';
import { HELP } from './help.js';
import { INBOX } from './inbox.js';
import { INTEGRATIONS } from './integrations.js';
import { MEDIA } from './media.js';
import { NOTIFICATIONS } from './notifications.js';
import { PROFILES } from './profiles.js';
import { PROMISES } from './promises.js';
import { RATING } from './rating.js';
import { REVISION_REASONS } from './revision-reasons.js';
import { LEAVE, SETTINGS } from './settings.js';
import { UPLOADS } from './uploads.js';
import { USERS } from './users.js';
import { MOVE_ROUTES, WORKFLOW } from './workflow.js';
import { YT_HELPER } from './yt-helper.js';

export * from './define.js';
export { enableRepurposeBody } from './cards.js';
export { MOVE_ROUTES } from './workflow.js';
export { API_TOKEN_SCOPE_ROUTES, scopeOfRoute } from './integrations.js';

/** Every endpoint of the API, by feature (the event stream is registered by hand). */
export const API = {
  auth: AUTH,
  board: BOARD,
  cards: CARDS,
  archive: ARCHIVE,
  cardDetails: CARD_DETAILS,
  chat: CHAT,
  inbox: INBOX,
  media: MEDIA,
  notifications: NOTIFICATIONS,
  settings: SETTINGS,
  leave: LEAVE,
  users: USERS,
  workflow: WORKFLOW,
  moves: MOVE_ROUTES,
  ytHelper: YT_HELPER,
  dashboard: DASHBOARD,
  dueCards: DUE_CARDS,
  exportCards: EXPORT_CARDS,
  rating: RATING,
  uploads: UPLOADS,
  aiToolbox: AI_TOOLBOX,
  analytics: ANALYTICS,
  help: HELP,
  guestLinks: GUEST_LINKS,
  captions: CAPTIONS,
  approvals: APPROVALS,
  revisionReasons: REVISION_REASONS,
  integrations: INTEGRATIONS,
  profiles: PROFILES,
  promises: PROMISES,
} as const;

const isRoute = (value: object): value is RouteContract => 'method' in value && 'path' in value && 'reply' in value;

/** Every route with its key path in API, e.g. `['dashboard', 'staff']`. */
function keyedRoutes(): [RouteContract, string[]][] {
  const found: [RouteContract, string[]][] = [];
  const walk = (value: unknown, keys: string[]) => {
    if (!value || typeof value !== 'object') return;
    if (isRoute(value)) found.push([value, keys]);
    else for (const [key, inner] of Object.entries(value)) walk(inner, [...keys, key]);
  };
  walk(API, []);
  return found;
}

/** The contract as a flat list, for registration checks and the authorization test. */
export function allRoutes(): RouteContract[] {
  return keyedRoutes().map(([route]) => route);
}

let operationIds: Map<RouteContract, string> | undefined;

/**
 * The route's operationId in the OpenAPI document, from its key in API: `dashboard.staff` →
 * `dashboardStaff`. Generated clients name their functions by it, so it changes only when the key does.
 * Undefined for a route object that is not in the contract.
 */
export function operationIdOf(route: RouteContract): string | undefined {
  if (!operationIds) {
    const ids = new Map<RouteContract, string>();
    const taken = new Map<string, string>();
    for (const [r, keys] of keyedRoutes()) {
      const id = keys
        .map((key, i) => {
          const word = key.replace(/[^A-Za-z0-9]+(.?)/g, (_, next: string) => next.toUpperCase());
          return i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1);
        })
        .join('');
      const other = taken.get(id);
      if (other) throw new Error(`API.${keys.join('.')} and API.${other} would both be operationId ${id}`);
      taken.set(id, keys.join('.'));
      if (!ids.has(r)) ids.set(r, id);
    }
    operationIds = ids;
  }
  return operationIds.get(route);
}
