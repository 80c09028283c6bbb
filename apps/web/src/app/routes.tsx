import { Suspense, lazy } from 'react';
import { Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { AI_TOOLBOX_ROLES, DUE_CARD_ROLES } from '@cutroom/domain';
import { FullPageLoader } from '../components/loaders';
import { LoginPage } from '../features/auth/login-page';
import { PasswordResetPage } from '../features/auth/password-reset-page';
import { SignupPage } from '../features/auth/signup-page';
import { VerifyEmailPage } from '../features/auth/verify-email-page';
import { PrivacyPolicyPage } from '../features/legal/privacy-policy-page';
import { InboxPage } from '../features/inbox/inbox-page';
import { HandbookPage } from '../features/help/handbook-page';
import { HelpPage } from '../features/help/help-page';
import { AiToolboxPage } from '../features/ai-toolbox/ai-toolbox-page';
import { UploadPage } from '../features/uploads/upload-page';
import { DueCardsPage } from '../features/due-cards/due-cards-page';
import { ExportCardsPage } from '../features/export-cards/export-cards-page';
import { RatingPage } from '../features/rating/rating-page';
import { CustomersPage } from '../features/people/customers-page';
import { UsersPage } from '../features/people/users-page';
import { ProfilePage } from '../features/profile/profile-page';
import { GoogleReturnPage } from '../features/analytics/oauth-return-page';
import { CustomerProfilePage } from '../features/profiles/customer-profile-page';
import { UserProfilePage } from '../features/profiles/user-profile-page';
import { ArchivePage } from '../features/archive/archive-page';
import { NotificationsPage } from '../features/notifications/notifications-page';
import { NewRequestPage } from '../features/requests/new-request-page';
import { SettingsPage } from '../features/settings/settings-page';
import { PublicOnly, RequireAuth, RequireRole } from './guards';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';
import { PATHS, PAGE_ROLES } from './paths';
import { RouteErrorPage } from './route-error-page';

function Root() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/**
 * The board (with its drag and drop and the date-range picker) loads on demand, so the login and other
 * pages don't download it; the route's loader starts the download while the session is still checked.
 */
const loadHomeRoute = () => import('./home-route');
const HomeRoute = lazy(() => loadHomeRoute().then((m) => ({ default: m.HomeRoute })));

/** Every page of the app; the browser router and the tests' memory router share this one table. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          { path: PATHS.login, element: <LoginPage /> },
          { path: PATHS.signup, element: <SignupPage /> },
        ],
      },
      { path: PATHS.passwordReset, element: <PasswordResetPage /> },
      { path: PATHS.verifyEmail, element: <VerifyEmailPage /> },
      { path: PATHS.privacyPolicy, element: <PrivacyPolicyPage /> },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              {
                path: PATHS.home,
                loader: () => {
                  void loadHomeRoute();
                  return null;
                },
                hydrateFallbackElement: <FullPageLoader />,
                element: (
                  <Suspense fallback={<FullPageLoader />}>
                    <HomeRoute />
                  </Suspense>
                ),
              },
              { path: PATHS.newCard, element: <NewRequestPage /> },
              { path: `${PATHS.cardDetails}?`, lazy: () => import('../features/card-detail/route') },
              { path: PATHS.upload, element: <UploadPage /> },
              { path: PATHS.userProfile, element: <UserProfilePage /> },
              { path: PATHS.customerProfile, element: <CustomerProfilePage /> },
              { path: PATHS.handbook, element: <HandbookPage /> },
              { path: PATHS.help, element: <HelpPage /> },
              { path: PATHS.dashboard, lazy: () => import('../features/dashboard/route') },
              { path: PATHS.archive, element: <ArchivePage /> },
              {
                element: <RequireRole roles={PAGE_ROLES.inbox} />,
                children: [{ path: PATHS.inbox, element: <InboxPage /> }],
              },
              {
                element: <RequireRole roles={DUE_CARD_ROLES} />,
                children: [{ path: PATHS.dueCards, element: <DueCardsPage /> }],
              },
              {
                element: <RequireRole roles={AI_TOOLBOX_ROLES} />,
                children: [{ path: PATHS.aiToolbox, element: <AiToolboxPage /> }],
              },
              { path: PATHS.notifications, element: <NotificationsPage /> },
              { path: PATHS.profile, element: <ProfilePage /> },
              { path: PATHS.googleReturn, element: <GoogleReturnPage /> },
              {
                path: PATHS.ytHelperBoard,
                loader: () => {
                  void loadHomeRoute();
                  return null;
                },
                hydrateFallbackElement: <FullPageLoader />,
                element: (
                  <Suspense fallback={<FullPageLoader />}>
                    {/* The home page in its helper mode; the key keeps it apart from '/' when switching. */}
                    <HomeRoute key="yt" mode="yt-helper" />
                  </Suspense>
                ),
              },
              {
                element: <RequireRole roles={PAGE_ROLES.users} />,
                children: [{ path: PATHS.users, element: <UsersPage /> }],
              },
              {
                element: <RequireRole roles={PAGE_ROLES.customers} />,
                children: [{ path: PATHS.customers, element: <CustomersPage /> }],
              },
              {
                element: <RequireRole roles={PAGE_ROLES.settings} />,
                children: [{ path: PATHS.settings, element: <SettingsPage /> }],
              },
              {
                element: <RequireRole roles={PAGE_ROLES.rating} />,
                children: [{ path: PATHS.rating, element: <RatingPage /> }],
              },
              {
                element: <RequireRole roles={PAGE_ROLES.exportCards} />,
                children: [{ path: PATHS.exportCards, element: <ExportCardsPage /> }],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
