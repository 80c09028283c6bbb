import type { Role } from './roles.js';

/**
 * The page Google sends the browser back to, under PUBLIC_URL (registered as the OAuth client's redirect URI).
 * Here, with the other pages' paths, so the first page's router does not load the analytics module.
 */
export const GOOGLE_REDIRECT_PATH = '/oauth/google';

/** Sidebar entries (spec 000 §6, 002 §6); labels differ by role where the spec says so. */
export const NAV_ITEMS = {
  home: { path: '/', label: 'Home' },
  ytBoard: { path: '/ythelper/dashboard', label: 'YT Helper Board' },
  users: { path: '/users', label: 'Users' },
  myTeam: { path: '/users', label: 'My Team' },
  customers: { path: '/customers', label: 'Customers' },
  myCustomers: { path: '/customers', label: 'My Customers' },
  upload: { path: '/upload', label: 'Upload' },
  dashboard: { path: '/dashboard', label: 'Dashboard' },
  archived: { path: '/cards/archive', label: 'Archived' },
  settings: { path: '/settings', label: 'Settings' },
  integrations: { path: '/integrations', label: 'Integrations' },
  support: { path: '/inbox', label: 'Support' },
  dueCards: { path: '/dueCards', label: 'Due Cards' },
  exportCards: { path: '/exportCards', label: 'Export Cards' },
  rating: { path: '/rating', label: 'Rating' },
  aiToolbox: { path: '/AIToolbox', label: 'AI Toolbox' },
  handbook: { path: '/client-handbook', label: 'Client Handbook' },
  help: { path: '/help', label: 'Help' },
} as const;
export type NavKey = keyof typeof NAV_ITEMS;

export const SIDEBAR_BY_ROLE: Record<Role, readonly NavKey[]> = {
  admin: [
    'home',
    'users',
    'customers',
    'upload',
    'dashboard',
    'archived',
    'settings',
    'integrations',
    'support',
    'dueCards',
    'exportCards',
    'rating',
    'aiToolbox',
    'handbook',
    'help',
  ],
  'team-lead': [
    'home',
    'dashboard',
    'upload',
    'handbook',
    'myTeam',
    'myCustomers',
    'support',
    'archived',
    'dueCards',
    'help',
  ],
  qa: ['home', 'upload', 'handbook', 'myTeam', 'myCustomers', 'support', 'archived', 'dueCards', 'help'],
  editor: ['home', 'upload', 'handbook', 'archived', 'dueCards', 'help'],
  customer: ['home', 'dashboard', 'upload', 'archived', 'support', 'aiToolbox', 'handbook', 'help'],
  'yt-helper': ['home', 'ytBoard', 'handbook', 'archived', 'help'],
  'yt-helper-lead': [
    'home',
    'ytBoard',
    'dashboard',
    'myTeam',
    'myCustomers',
    'archived',
    'dueCards',
    'handbook',
    'help',
  ],
};

export const sidebarFor = (role: Role) => SIDEBAR_BY_ROLE[role].map((key) => ({ key, ...NAV_ITEMS[key] }));
