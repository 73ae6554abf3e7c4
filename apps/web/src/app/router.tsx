import { APP_BASE, childPath, paths } from '@junkan/shared/paths';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';

import { RootGuard } from './guards';
import type { RouteHandle } from './layout/require-permission';
import { PAGE_COMPONENTS } from './page-components';
import { APP_PAGES, type AppPage } from './route-table';

// One chunk per page (and one for the signed-in shell), so the login page loads only what it needs.
// antd's theme and locale wrap only the pages that render antd (the login page is plain elements).
const AntdScopeRoute = lazy(() => import('../lib/antd-scope'));
const ErrorPage = lazy(() => import('./pages/error-page'));
const AppLayout = lazy(() => import('./layout/app-layout'));
const NotFoundPage = lazy(() => import('./pages/not-found-page'));
const ForbiddenPage = lazy(() => import('./pages/forbidden-page'));
const LoginPage = lazy(() => import('../features/auth/pages/login-page'));
const AccountCreationPage = lazy(() => import('../features/auth/pages/account-creation-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/pages/reset-password-page'));
const UserRegistrationPage = lazy(() => import('../features/account/pages/user-registration-page'));

/** A page of the table as a route: its component, its permission key in `handle` (checked by the layout). */
function pageRoutes(page: AppPage) {
  const Page = page.route ? PAGE_COMPONENTS[page.route] : undefined;
  if (!page.route || !Page) return [];
  return [
    {
      path: childPath(page.route),
      handle: { permission: page.permission } satisfies RouteHandle,
      element: <Page />,
    },
  ];
}

/** The public pages, the signed-in pages of the page table, and the old addresses that lead on to them. */
const router = createBrowserRouter(
  [
    {
      path: paths.root.path,
      element: <RootGuard />,
      errorElement: (
        <Suspense fallback={null}>
          <AntdScopeRoute>
            <ErrorPage />
          </AntdScopeRoute>
        </Suspense>
      ),
      children: [
        { path: childPath(paths.login.path), element: <LoginPage /> },
        {
          element: <AntdScopeRoute />,
          children: [
            { path: childPath(paths.accountCreation.path), element: <AccountCreationPage /> },
            { path: childPath(paths.createAccount.path), element: <AccountCreationPage /> },
            { path: childPath(paths.resetPassword.path), element: <ResetPasswordPage /> },
            { path: childPath(paths.userRegistration.path), element: <UserRegistrationPage /> },
          ],
        },
        {
          // The signed-in layout puts itself in AntdScope.
          element: <AppLayout />,
          children: [
            { index: true, element: <Navigate to={paths.home.to()} replace /> },
            // Every signed-in page, from the one page table (route-table.ts APP_PAGES).
            ...APP_PAGES.flatMap(pageRoutes),
            {
              path: childPath(paths.masterAdmin.path),
              element: <Navigate to={paths.accountMaster.to()} replace />,
            },
            {
              path: childPath(paths.collectionArea.path),
              element: <Navigate to={paths.areaPriceSetting.to()} replace />,
            },
            // Detail addresses without an id: nothing to open but the list.
            ...[paths.projectDetail.base, paths.createQuote.base].map((base) => ({
              path: childPath(base),
              element: <Navigate to={paths.projectManagement.to()} replace />,
            })),
            ...[paths.accountMasterUpdate.base, paths.accountMasterTransUpdate.base].map((base) => ({
              path: childPath(base),
              element: <Navigate to={paths.accountMaster.to()} replace />,
            })),
            {
              path: childPath(paths.contractCreation.base),
              element: <Navigate to={paths.contractManagement.to()} replace />,
            },
            // The spec's id is optional; without one there is nothing to open but the list.
            {
              path: childPath(paths.contractCreate.base),
              element: <Navigate to={paths.contractManagement.to()} replace />,
            },
            {
              path: childPath(paths.contractConfirm.base),
              element: <Navigate to={paths.contractManagement.to()} replace />,
            },
            {
              path: childPath(paths.collectionScheduleDetail.base),
              element: <Navigate to={paths.collectionSchedules.to()} replace />,
            },
            {
              path: childPath(paths.invoiceDetail.base),
              element: <Navigate to={paths.invoiceManagement.to()} replace />,
            },
            { path: childPath(paths.forbidden.path), element: <ForbiddenPage /> },
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
