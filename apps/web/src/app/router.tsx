import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { APP_BASE } from '../lib/storage-keys';
import { RootGuard } from './guards';
import type { RouteHandle } from './layout/require-permission';

// One chunk per page (and one for the signed-in shell), so the login page loads only what it needs.
const ErrorPage = lazy(() => import('./pages/error-page'));
const AppLayout = lazy(() => import('./layout/app-layout'));
const NotFoundPage = lazy(() => import('./pages/not-found-page'));
const ForbiddenPage = lazy(() => import('./pages/forbidden-page'));
const LoginPage = lazy(() => import('../features/auth/pages/login-page'));
const AccountCreationPage = lazy(() => import('../features/auth/pages/account-creation-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/pages/reset-password-page'));
const ChangePasswordPage = lazy(() => import('../features/auth/pages/change-password-page'));
const UserRegistrationPage = lazy(() => import('../features/account/pages/user-registration-page'));
const AccountSelectionPage = lazy(() => import('../features/account-selection/pages/account-selection-page'));
const HomePage = lazy(() => import('../features/home/pages/home-page'));

/**
 * Signed-in pages carry their permission key in `handle` (checked by the layout); paths and keys match
 * APP_PAGES (route-table.ts).
 */
const router = createBrowserRouter(
  [
    {
      path: '/',
      element: <RootGuard />,
      errorElement: (
        <Suspense fallback={null}>
          <ErrorPage />
        </Suspense>
      ),
      children: [
        { path: 'login', element: <LoginPage /> },
        { path: 'account-creation', element: <AccountCreationPage /> },
        { path: 'create-account', element: <AccountCreationPage /> },
        { path: 'reset-pass', element: <ResetPasswordPage /> },
        { path: 'user-registration', element: <UserRegistrationPage /> },
        {
          element: <AppLayout />,
          children: [
            { index: true, element: <Navigate to="/home" replace /> },
            { path: 'home', handle: { permission: 'HOME' } satisfies RouteHandle, element: <HomePage /> },
            {
              path: 'account-selection',
              handle: { permission: 'ACCOUNT_SELECTION' } satisfies RouteHandle,
              element: <AccountSelectionPage />,
            },
            {
              path: 'change-password',
              handle: { permission: 'CHANGE_PASSWORD' } satisfies RouteHandle,
              element: <ChangePasswordPage />,
            },
            { path: '403', element: <ForbiddenPage /> },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ],
  { basename: APP_BASE },
);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
