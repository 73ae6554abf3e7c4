import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { APP_BASE } from '../lib/storage-keys';
import { RootGuard } from './guards';
import type { RouteHandle } from './layout/require-permission';

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
const ChangePasswordPage = lazy(() => import('../features/auth/pages/change-password-page'));
const UserRegistrationPage = lazy(() => import('../features/account/pages/user-registration-page'));
const AccountSelectionPage = lazy(() => import('../features/account-selection/pages/account-selection-page'));
const HomePage = lazy(() => import('../features/home/pages/home-page'));
const NewRequestPage = lazy(() => import('../features/quote-request/pages/new-request-page'));
const QuoteRequestTypePage = lazy(() => import('../features/quote-request/pages/quote-request-type-page'));
const RegularGarbageQuotePage = lazy(
  () => import('../features/quote-request/pages/regular-garbage-quote-page'),
);
const LargeGarbageQuotePage = lazy(
  () => import('../features/industrial-quote-request/pages/large-garbage-quote-page'),
);
const QuoteRequestEditPage = lazy(() => import('../features/quote-request/pages/quote-request-edit-page'));
const QuoteRequestConfirmPage = lazy(
  () => import('../features/quote-request/pages/quote-request-confirm-page'),
);
const ProjectListPage = lazy(() => import('../features/projects/pages/project-list-page'));
const ProjectDetailPage = lazy(() => import('../features/projects/pages/project-detail-page'));
const CreateQuotePage = lazy(() => import('../features/quotes/pages/create-quote-page'));
const ContractManagementPage = lazy(() => import('../features/contracts/pages/contract-management-page'));
const ContractCreatePage = lazy(() => import('../features/contracts/pages/contract-create-page'));
const ContractConfirmPage = lazy(() => import('../features/contracts/pages/contract-confirm-page'));
const AchievementsPage = lazy(() => import('../features/achievements/pages/achievements-page'));
const AchievementDetailPage = lazy(() => import('../features/achievements/pages/achievement-detail-page'));
const ManifestManagementPage = lazy(() => import('../features/manifests/pages/manifest-management-page'));
const ManifestDetailPage = lazy(() => import('../features/manifests/pages/manifest-detail-page'));
const UploadPopupPage = lazy(() => import('../features/industrial-quote-request/pages/upload-popup-page'));
const AccountPage = lazy(() => import('../features/account/pages/account-page'));
const AccountMasterPage = lazy(() => import('../features/account-master/pages/account-master-page'));
const AccountMasterEditPage = lazy(() => import('../features/account-master/pages/account-master-edit-page'));
const TransportOperatorMasterPage = lazy(
  () => import('../features/transport-operator-master/pages/transport-operator-master-page'),
);
const TransportApprovalPage = lazy(
  () => import('../features/transport-approval/pages/transport-approval-page'),
);
const WasteMasterPage = lazy(() => import('../features/waste-master/pages/waste-master-page'));
const UnitOfMeasureMasterPage = lazy(
  () => import('../features/code-masters/pages/unit-of-measure-master-page'),
);
const PackagingMasterPage = lazy(() => import('../features/code-masters/pages/packaging-master-page'));
const DisposalMethodMasterPage = lazy(
  () => import('../features/code-masters/pages/disposal-method-master-page'),
);
const DisposalSiteMasterPage = lazy(
  () => import('../features/disposal-site-master/pages/disposal-site-master-page'),
);
const AreaPriceSettingPage = lazy(
  () => import('../features/area-price-setting/pages/area-price-setting-page'),
);
const HandlingWasteUnitPricePage = lazy(
  () => import('../features/handling-waste-price/pages/handling-waste-unit-price-page'),
);
const BusinessDateSettingPage = lazy(
  () => import('../features/business-calendar/pages/business-date-setting-page'),
);

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
          <AntdScopeRoute>
            <ErrorPage />
          </AntdScopeRoute>
        </Suspense>
      ),
      children: [
        { path: 'login', element: <LoginPage /> },
        {
          element: <AntdScopeRoute />,
          children: [
            { path: 'account-creation', element: <AccountCreationPage /> },
            { path: 'create-account', element: <AccountCreationPage /> },
            { path: 'reset-pass', element: <ResetPasswordPage /> },
            { path: 'user-registration', element: <UserRegistrationPage /> },
          ],
        },
        {
          // The signed-in layout puts itself in AntdScope.
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
            {
              path: 'account',
              handle: { permission: 'ACCOUNT_INFO' } satisfies RouteHandle,
              element: <AccountPage />,
            },
            {
              path: 'account/trans',
              handle: { permission: 'ACCOUNT_INFO_TRANS' } satisfies RouteHandle,
              element: <AccountPage />,
            },
            {
              path: 'account-master',
              handle: { permission: 'MASTER_ACCOUNT' } satisfies RouteHandle,
              element: <AccountMasterPage />,
            },
            {
              path: 'account-master/update/:id',
              handle: { permission: 'MASTER_ACCOUNT' } satisfies RouteHandle,
              element: <AccountMasterEditPage />,
            },
            {
              path: 'account-master/trans/update/:id',
              handle: { permission: 'MASTER_ACCOUNT' } satisfies RouteHandle,
              element: <AccountMasterEditPage />,
            },
            {
              path: 'account-master/register',
              handle: { permission: 'MASTER_ACCOUNT' } satisfies RouteHandle,
              element: <AccountMasterEditPage />,
            },
            {
              path: 'account-master/trans/register',
              handle: { permission: 'MASTER_ACCOUNT' } satisfies RouteHandle,
              element: <AccountMasterEditPage />,
            },
            {
              path: 'transport-and-disposal-operator-master',
              handle: { permission: 'MASTER_TRANSPORT_OPERATOR' } satisfies RouteHandle,
              element: <TransportOperatorMasterPage />,
            },
            {
              path: 'transport-approval',
              handle: { permission: 'TRANSPORT_APPROVAL' } satisfies RouteHandle,
              element: <TransportApprovalPage />,
            },
            {
              path: 'waste-master',
              handle: { permission: 'MASTER_WASTE' } satisfies RouteHandle,
              element: <WasteMasterPage />,
            },
            {
              path: 'unit-of-measure-master',
              handle: { permission: 'MASTER_UNIT_OF_MEASURE' } satisfies RouteHandle,
              element: <UnitOfMeasureMasterPage />,
            },
            {
              path: 'packaging-master',
              handle: { permission: 'MASTER_PACKAGING' } satisfies RouteHandle,
              element: <PackagingMasterPage />,
            },
            {
              path: 'disposal-method-master',
              handle: { permission: 'MASTER_DISPOSAL_SITE' } satisfies RouteHandle,
              element: <DisposalMethodMasterPage />,
            },
            {
              path: 'disposal-site-master',
              handle: { permission: 'MASTER_DISPOSAL_SITE' } satisfies RouteHandle,
              element: <DisposalSiteMasterPage />,
            },
            {
              path: 'area-price-setting',
              handle: { permission: 'AREA_PRICE_SETTING' } satisfies RouteHandle,
              element: <AreaPriceSettingPage />,
            },
            {
              path: 'handling-waste-unit-price',
              handle: { permission: 'HANDLING_WASTE_UNIT_PRICE' } satisfies RouteHandle,
              element: <HandlingWasteUnitPricePage />,
            },
            {
              path: 'business-date-setting',
              handle: { permission: 'BUSINESS_DATE_SETTING' } satisfies RouteHandle,
              element: <BusinessDateSettingPage />,
            },
            { path: 'master-admin', element: <Navigate to="/account-master" replace /> },
            { path: 'collection-area', element: <Navigate to="/area-price-setting" replace /> },
            {
              path: 'new-request',
              handle: { permission: 'NEW_REQUEST' } satisfies RouteHandle,
              element: <NewRequestPage />,
            },
            {
              path: 'new-quote-request',
              handle: { permission: 'QUOTE_REQUEST' } satisfies RouteHandle,
              element: <QuoteRequestTypePage />,
            },
            {
              path: 'new-quote-request/regular-garbage',
              handle: { permission: 'REGULAR_GARBAGE_QUOTE' } satisfies RouteHandle,
              element: <RegularGarbageQuotePage />,
            },
            {
              path: 'new-quote-request/large-garbage',
              handle: { permission: 'LARGE_GARBAGE_REGISTER' } satisfies RouteHandle,
              element: <LargeGarbageQuotePage />,
            },
            {
              path: 'new-quote-request/edit',
              handle: { permission: 'QUOTE_REQUEST' } satisfies RouteHandle,
              element: <QuoteRequestEditPage />,
            },
            {
              path: 'new-quote-request/quotation-request-confirm',
              handle: { permission: 'QUOTE_REQUEST_CONFIRM' } satisfies RouteHandle,
              element: <QuoteRequestConfirmPage />,
            },
            {
              path: 'project-managment',
              handle: { permission: 'PROJECT_MANAGEMENT' } satisfies RouteHandle,
              element: <ProjectListPage />,
            },
            {
              path: 'project-managment/detail/:id',
              handle: { permission: 'PROJECT_MANAGEMENT' } satisfies RouteHandle,
              element: <ProjectDetailPage />,
            },
            {
              path: 'project-managment/create-quote/:id',
              handle: { permission: 'CREATE_QUOTE' } satisfies RouteHandle,
              element: <CreateQuotePage />,
            },
            {
              path: 'project-managment/popup',
              handle: { permission: 'PROJECT_MANAGEMENT' } satisfies RouteHandle,
              element: <UploadPopupPage />,
            },
            {
              path: 'contract-management',
              handle: { permission: 'CONTRACT_MANAGEMENT' } satisfies RouteHandle,
              element: <ContractManagementPage />,
            },
            {
              path: 'contract-management/contract-creation/:id',
              handle: { permission: 'CONTRACT_MANAGEMENT' } satisfies RouteHandle,
              element: <ContractCreatePage />,
            },
            {
              path: 'contract-create/:id',
              handle: { permission: 'CONTRACT_MANAGEMENT' } satisfies RouteHandle,
              element: <ContractCreatePage />,
            },
            {
              path: 'contract-confirm/:id',
              handle: { permission: 'CONTRACT_MANAGEMENT' } satisfies RouteHandle,
              element: <ContractConfirmPage />,
            },
            // The spec's id is optional; without one there is nothing to open but the list.
            { path: 'contract-create', element: <Navigate to="/contract-management" replace /> },
            { path: 'contract-confirm', element: <Navigate to="/contract-management" replace /> },
            {
              path: 'achievements',
              handle: { permission: 'ACHIEVEMENTS' } satisfies RouteHandle,
              element: <AchievementsPage />,
            },
            {
              path: 'achievements/detail',
              handle: { permission: 'ACHIEVEMENTS' } satisfies RouteHandle,
              element: <AchievementDetailPage />,
            },
            {
              path: 'manifest-management',
              handle: { permission: 'MANIFEST_MANAGEMENT' } satisfies RouteHandle,
              element: <ManifestManagementPage />,
            },
            {
              path: 'manifest-detail',
              handle: { permission: 'MANIFEST_MANAGEMENT' } satisfies RouteHandle,
              element: <ManifestDetailPage />,
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
