import { APP_BASE, childPath, paths } from '@junkan/shared/paths';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';

import type { TitleHandle } from './document-title';
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
const AccessibilityPage = lazy(() => import('../features/accessibility/pages/accessibility-page'));
// The driver's phone: its own shell, outside the office's layout (the route guard lets only a driver in).
const DriverDayPage = lazy(() => import('./pages/driver-day-with-account'));

/** A public page's tab title (document-title.ts): its label key. */
const titled = (title: string) => ({ handle: { title } satisfies TitleHandle });

/**
 * A page of the table as a route: its component, its permission key in `handle` (checked by the layout) and its
 * label as the tab's title.
 */
function pageRoutes(page: AppPage) {
  const Page = page.route ? PAGE_COMPONENTS[page.route] : undefined;
  if (!page.route || !Page) return [];
  return [
    {
      path: childPath(page.route),
      handle: {
        permission: page.permission,
        title: `menu.${page.key}`,
        titleWithId: page.hasId,
      } satisfies RouteHandle & TitleHandle,
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
        { path: childPath(paths.login.path), element: <LoginPage />, ...titled('login.title') },
        // Plain elements like the login page: open signed in and out.
        {
          path: childPath(paths.accessibility.path),
          element: <AccessibilityPage />,
          ...titled('accessibility.title'),
        },
        {
          element: <AntdScopeRoute />,
          children: [
            {
              path: childPath(paths.accountCreation.path),
              element: <AccountCreationPage />,
              ...titled('signup.title'),
            },
            {
              path: childPath(paths.createAccount.path),
              element: <AccountCreationPage />,
              ...titled('signup.title'),
            },
            {
              path: childPath(paths.resetPassword.path),
              element: <ResetPasswordPage />,
              ...titled('resetPassword.title'),
            },
            {
              path: childPath(paths.userRegistration.path),
              element: <UserRegistrationPage />,
              ...titled('registration.title'),
            },
            {
              path: childPath(paths.driverDay.path),
              element: <DriverDayPage />,
              ...titled('driverDay.title'),
            },
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
            {
              path: childPath(paths.forbidden.path),
              element: <ForbiddenPage />,
              ...titled('forbiddenPage.title'),
            },
            { path: '*', element: <NotFoundPage />, ...titled('notFound.title') },
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
