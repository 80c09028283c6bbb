import { GOOGLE_REDIRECT_PATH, GUEST_REVIEW_PATH } from '@cutroom/domain';
import { CARD_DETAILS_ROUTE } from './card-url';

/** Every route of spec 000 §2 and 002 §2, named once. */
export const PATHS = {
  home: '/',
  login: '/login',
  signup: '/signup',
  passwordReset: '/password-reset',
  verifyEmail: '/verify-email',
  privacyPolicy: '/privacy-policy',
  newCard: '/new-card',
  cardDetails: CARD_DETAILS_ROUTE,
  upload: '/upload',
  users: '/users',
  customers: '/customers',
  userProfile: '/user/:userId/profile',
  customerProfile: '/customer/:userId/profile',
  handbook: '/client-handbook',
  help: '/help',
  dashboard: '/dashboard',
  archive: '/cards/archive',
  settings: '/settings',
  integrations: '/integrations',
  inbox: '/inbox',
  dueCards: '/dueCards',
  exportCards: '/exportCards',
  rating: '/rating',
  aiToolbox: '/AIToolbox',
  notifications: '/notifications',
  profile: '/profile',
  /** Google's return from the analytics sign-in (the OAuth client's redirect URI). */
  googleReturn: GOOGLE_REDIRECT_PATH,
  ytHelperBoard: '/ythelper/dashboard',
  /** A guest review link (issue 19): public, one card's review. */
  guestReview: `${GUEST_REVIEW_PATH}/:token`,
} as const;

export const userProfilePath = (userId: number | string) => `/user/${userId}/profile`;
export const customerProfilePath = (userId: number | string) => `/customer/${userId}/profile`;
