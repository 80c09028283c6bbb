import { memo, useEffect, type ComponentType } from 'react';
import { setHomePreload } from '../lib/home-preload';
import { loadHomeCode } from './home-preload';
import { Outlet, ScrollRestoration, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { DRAWN_PAGE_MARK, type Role, type ViewType } from '@cutroom/domain';
import type { UserView } from '@cutroom/domain/schemas';
import { FullPageLoader } from '../components/loaders';
import { LoginPage } from '../features/auth/login-page';
import { PublicOnly, RequireAuth, RequireRole } from './guards';
import { meQuery } from '../lib/session';
import { PATHS } from '../lib/paths';
import type * as PageRoles from './page-roles';
import { inBackground } from './background-loads';
import { loadCardLoader, loadCardRoute } from './card-page-code';
import { RouteErrorPage } from './route-error-page';

function Root() {
  // A page the server drew holds taps until the app runs it (apps/web/public/first-screen-start.js).
  useEffect(() => document.getElementById('root')?.removeAttribute(DRAWN_PAGE_MARK), []);
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/**
 * Every page but the login loads with its route, so the first download holds only the login, the guards
 * and the providers; the router fetches a page's chunk (and the app frame's) in parallel on navigation.
 * Memoized: the router renders each route's component again on every change of its state, so without it a
 * tap's navigation would draw the whole board again before the next page is even loaded (issue 36).
 */
const page = (load: () => Promise<ComponentType>) => ({
  lazy: async () => ({ Component: memo(await load()) }),
  hydrateFallbackElement: <FullPageLoader />,
});

/** A page open to some roles only; the role lists load with it (page-roles.ts). */
const roleGate = (pick: (roles: typeof PageRoles) => readonly Role[]) => ({
  lazy: async () => ({ element: <RequireRole roles={pick(await import('./page-roles'))} /> }),
  hydrateFallbackElement: <FullPageLoader />,
});

/**
 * The board (with its drag and drop and the date-range picker) loads on demand, so the login and other
 * pages don't download it; the route's loader starts the download while the session is still checked.
 */
const loadHomeRoute = () => import('./home-route');

/**
 * A loader starting a page's first calls in parallel with its code, as soon as the session call (asked
 * at once by main.tsx) answers, instead of after the page has rendered (issue 17).
 */
const prefetching =
  <M,>(
    queryClient: QueryClient,
    load: () => Promise<M>,
    prefetch: (m: M, user: UserView, args: LoaderFunctionArgs) => void,
    alsoLoad?: () => unknown,
  ) =>
  (args: LoaderFunctionArgs) => {
    if (alsoLoad) inBackground(Promise.resolve(alsoLoad()));
    // The page asks again itself, and shows the failure.
    inBackground(
      Promise.all([queryClient.ensureQueryData(meQuery), load()]).then(([user, m]) => user && prefetch(m, user, args)),
    );
    return null;
  };

const homeLoader = (queryClient: QueryClient, mode?: ViewType) =>
  prefetching(
    queryClient,
    () => Promise.all([import('../features/board/prefetch'), loadHomeRoute()]),
    ([board, home], user, { request }) => {
      board.prefetchHome(queryClient, user, new URL(request.url).searchParams, mode);
      home.prefetchFrame(queryClient, user);
    },
  );

/**
 * The board, or its helper mode. Its code is the route's `lazy`, not a React.lazy in a Suspense: the router
 * has it before the first render, so a page the server drew hydrates instead of being drawn again (a lazy
 * component suspends once even when loaded, and an update reaching it then makes React redraw the part).
 */
const homeRoute = (queryClient: QueryClient, mode?: ViewType) => ({
  loader: homeLoader(queryClient, mode),
  // The board's own filters change the address; the first data was asked once.
  shouldRevalidate: () => false,
  ...page(() => loadHomeRoute().then((m) => (mode ? m.YtHomeRoute : m.HomeRoute))),
});

/**
 * Every page of the app; the browser router and the tests' memory router share this one table, each with
 * the query client the loaders prefetch into.
 */
/** The app's routes; making them also tells the login which code the board needs (lib/home-preload.ts). */
export const createRoutes = (queryClient: QueryClient): RouteObject[] => {
  setHomePreload(loadHomeCode);
  return routeTable(queryClient);
};

const routeTable = (queryClient: QueryClient): RouteObject[] => [
  {
    element: <Root />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          { path: PATHS.login, element: <LoginPage /> },
          { path: PATHS.signup, ...page(() => import('../features/auth/signup-page').then((m) => m.SignupPage)) },
        ],
      },
      {
        path: PATHS.passwordReset,
        ...page(() => import('../features/auth/password-reset-page').then((m) => m.PasswordResetPage)),
      },
      {
        path: PATHS.verifyEmail,
        ...page(() => import('../features/auth/verify-email-page').then((m) => m.VerifyEmailPage)),
      },
      {
        path: PATHS.guestReview,
        ...page(() => import('../features/guest-links/guest-review-page').then((m) => m.GuestReviewPage)),
      },
      {
        path: PATHS.privacyPolicy,
        ...page(() => import('../features/legal/privacy-policy-page').then((m) => m.PrivacyPolicyPage)),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            ...page(() => import('./layout/app-layout').then((m) => m.AppLayout)),
            children: [
              { path: PATHS.home, ...homeRoute(queryClient) },
              {
                path: PATHS.newCard,
                ...page(() => import('../features/cards/new-request-page').then((m) => m.NewRequestPage)),
              },
              {
                path: `${PATHS.cardDetails}?`,
                loader: prefetching(queryClient, loadCardLoader, (m, user, { params, request }) =>
                  m.prefetchCardPage(queryClient, user, params.cardId, new URL(request.url).searchParams.get('tab')),
                ),
                // A tab change (?tab=) is the same card.
                shouldRevalidate: ({ currentParams, nextParams }) => currentParams.cardId !== nextParams.cardId,
                ...page(() => loadCardRoute().then((m) => m.Component)),
              },
              {
                path: PATHS.upload,
                ...page(() => import('../features/uploads/upload-page').then((m) => m.UploadPage)),
              },
              {
                path: PATHS.userProfile,
                ...page(() => import('../features/profiles/user-profile-page').then((m) => m.UserProfilePage)),
              },
              {
                path: PATHS.customerProfile,
                ...page(() => import('../features/profiles/customer-profile-page').then((m) => m.CustomerProfilePage)),
              },
              {
                path: PATHS.handbook,
                ...page(() => import('../features/help/handbook-page').then((m) => m.HandbookPage)),
              },
              { path: PATHS.help, ...page(() => import('../features/help/help-page').then((m) => m.HelpPage)) },
              {
                path: PATHS.dashboard,
                ...page(() => import('../features/dashboard/route').then((m) => m.Component)),
              },
              {
                path: PATHS.archive,
                ...page(() => import('../features/archive/archive-page').then((m) => m.ArchivePage)),
              },
              {
                ...roleGate((r) => r.PAGE_ROLES.inbox),
                children: [
                  {
                    path: PATHS.inbox,
                    ...page(() => import('../features/inbox/inbox-page').then((m) => m.InboxPage)),
                  },
                ],
              },
              {
                ...roleGate((r) => r.DUE_CARD_ROLES),
                children: [
                  {
                    path: PATHS.dueCards,
                    ...page(() => import('../features/due-cards/due-cards-page').then((m) => m.DueCardsPage)),
                  },
                ],
              },
              {
                ...roleGate((r) => r.AI_TOOLBOX_ROLES),
                children: [
                  {
                    path: PATHS.aiToolbox,
                    ...page(() => import('../features/ai-toolbox/ai-toolbox-page').then((m) => m.AiToolboxPage)),
                  },
                ],
              },
              {
                path: PATHS.notifications,
                ...page(() => import('../features/notifications/notifications-page').then((m) => m.NotificationsPage)),
              },
              {
                path: PATHS.profile,
                ...page(() => import('../features/profiles/own-profile-page').then((m) => m.ProfilePage)),
              },
              {
                path: PATHS.googleReturn,
                ...page(() => import('../features/analytics/oauth-return-page').then((m) => m.GoogleReturnPage)),
              },
              { path: PATHS.ytHelperBoard, ...homeRoute(queryClient, 'yt-helper') },
              {
                ...roleGate((r) => r.PAGE_ROLES.users),
                children: [
                  {
                    path: PATHS.users,
                    ...page(() => import('../features/users/users-page').then((m) => m.UsersPage)),
                  },
                ],
              },
              {
                ...roleGate((r) => r.PAGE_ROLES.customers),
                children: [
                  {
                    path: PATHS.customers,
                    ...page(() => import('../features/users/customers-page').then((m) => m.CustomersPage)),
                  },
                ],
              },
              {
                ...roleGate((r) => r.PAGE_ROLES.settings),
                children: [
                  {
                    path: PATHS.settings,
                    ...page(() => import('../features/settings/settings-page').then((m) => m.SettingsPage)),
                  },
                ],
              },
              {
                ...roleGate((r) => r.PAGE_ROLES.integrations),
                children: [
                  {
                    path: PATHS.integrations,
                    ...page(() => import('../features/integrations/integrations-page').then((m) => m.IntegrationsPage)),
                  },
                ],
              },
              {
                ...roleGate((r) => r.PAGE_ROLES.rating),
                children: [
                  {
                    path: PATHS.rating,
                    ...page(() => import('../features/rating/rating-page').then((m) => m.RatingPage)),
                  },
                ],
              },
              {
                ...roleGate((r) => r.PAGE_ROLES.exportCards),
                children: [
                  {
                    path: PATHS.exportCards,
                    ...page(() => import('../features/export-cards/export-cards-page').then((m) => m.ExportCardsPage)),
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', ...page(() => import('./not-found-page').then((m) => m.NotFoundPage)) },
    ],
  },
];
