import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { childPath, paths } from '../lib/paths';
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
const HomePage = lazy(() => import('./pages/home-page'));
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
const ProjectDetailPage = lazy(() => import('./pages/project-detail-page'));
const CreateQuotePage = lazy(() => import('../features/quotes/pages/create-quote-page'));
const ContractManagementPage = lazy(() => import('../features/contracts/pages/contract-management-page'));
const ContractCreatePage = lazy(() => import('../features/contracts/pages/contract-create-page'));
const ContractConfirmPage = lazy(() => import('../features/contracts/pages/contract-confirm-page'));
const CollectionRequestPage = lazy(() => import('../features/collections/pages/collection-request-page'));
const CollectionRequestConfirmPage = lazy(
  () => import('../features/collections/pages/collection-request-confirm-page'),
);
const CollectionSchedulesPage = lazy(() => import('../features/collections/pages/collection-schedules-page'));
const CollectionDetailPage = lazy(() => import('../features/collections/pages/collection-detail-page'));
const AchievementsPage = lazy(() => import('../features/achievements/pages/achievements-page'));
const AchievementDetailPage = lazy(() => import('../features/achievements/pages/achievement-detail-page'));
const InvoiceManagementPage = lazy(() => import('../features/invoices/pages/invoice-management-page'));
const InvoiceRegisterPage = lazy(() => import('../features/invoices/pages/invoice-register-page'));
const InvoiceDetailPage = lazy(() => import('../features/invoices/pages/invoice-detail-page'));
const ManifestManagementPage = lazy(() => import('../features/manifests/pages/manifest-management-page'));
const ManifestDetailPage = lazy(() => import('../features/manifests/pages/manifest-detail-page'));
const LicenseManagementPage = lazy(() => import('../features/permits/pages/license-management-page'));
const NoticePage = lazy(() => import('../features/notices/pages/notice-page'));
const NoticeAdminPage = lazy(() => import('../features/notices/pages/notice-admin-page'));
const ChatAdminPage = lazy(() => import('../features/chat/pages/chat-admin-page'));
const OperationsPage = lazy(() => import('../features/operations/pages/operations-page'));
const EvidencePackPage = lazy(() => import('../features/evidence-packs/pages/evidence-pack-page'));
const InquiryPage = lazy(() => import('../features/inquiries/pages/inquiry-page'));
const InquiryAdminPage = lazy(() => import('../features/inquiries/pages/inquiry-admin-page'));
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
const AreaPriceSettingPage = lazy(() => import('../features/collection-areas/pages/area-price-setting-page'));
const HandlingWasteUnitPricePage = lazy(
  () => import('../features/handling-waste-prices/pages/handling-waste-unit-price-page'),
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
            {
              path: childPath(paths.home.path),
              handle: { permission: 'HOME' } satisfies RouteHandle,
              element: <HomePage />,
            },
            {
              path: childPath(paths.accountSelection.path),
              handle: { permission: 'ACCOUNT_SELECTION' } satisfies RouteHandle,
              element: <AccountSelectionPage />,
            },
            {
              path: childPath(paths.changePassword.path),
              handle: { permission: 'CHANGE_PASSWORD' } satisfies RouteHandle,
              element: <ChangePasswordPage />,
            },
            {
              path: childPath(paths.account.path),
              handle: { permission: 'ACCOUNT_INFO' } satisfies RouteHandle,
              element: <AccountPage />,
            },
            {
              path: childPath(paths.accountTrans.path),
              handle: { permission: 'ACCOUNT_INFO_TRANS' } satisfies RouteHandle,
              element: <AccountPage />,
            },
            {
              path: childPath(paths.accountMaster.path),
              handle: { permission: 'MASTER_ACCOUNT' } satisfies RouteHandle,
              element: <AccountMasterPage />,
            },
            {
              path: childPath(paths.accountMasterUpdate.path),
              handle: { permission: 'MASTER_ACCOUNT' } satisfies RouteHandle,
              element: <AccountMasterEditPage />,
            },
            {
              path: childPath(paths.accountMasterTransUpdate.path),
              handle: { permission: 'MASTER_ACCOUNT' } satisfies RouteHandle,
              element: <AccountMasterEditPage />,
            },
            {
              path: childPath(paths.accountMasterRegister.path),
              handle: { permission: 'MASTER_ACCOUNT' } satisfies RouteHandle,
              element: <AccountMasterEditPage />,
            },
            {
              path: childPath(paths.accountMasterTransRegister.path),
              handle: { permission: 'MASTER_ACCOUNT' } satisfies RouteHandle,
              element: <AccountMasterEditPage />,
            },
            {
              path: childPath(paths.transportOperatorMaster.path),
              handle: { permission: 'MASTER_TRANSPORT_OPERATOR' } satisfies RouteHandle,
              element: <TransportOperatorMasterPage />,
            },
            {
              path: childPath(paths.transportApproval.path),
              handle: { permission: 'TRANSPORT_APPROVAL' } satisfies RouteHandle,
              element: <TransportApprovalPage />,
            },
            {
              path: childPath(paths.wasteMaster.path),
              handle: { permission: 'MASTER_WASTE' } satisfies RouteHandle,
              element: <WasteMasterPage />,
            },
            {
              path: childPath(paths.unitOfMeasureMaster.path),
              handle: { permission: 'MASTER_UNIT_OF_MEASURE' } satisfies RouteHandle,
              element: <UnitOfMeasureMasterPage />,
            },
            {
              path: childPath(paths.packagingMaster.path),
              handle: { permission: 'MASTER_PACKAGING' } satisfies RouteHandle,
              element: <PackagingMasterPage />,
            },
            {
              path: childPath(paths.disposalMethodMaster.path),
              handle: { permission: 'MASTER_DISPOSAL_SITE' } satisfies RouteHandle,
              element: <DisposalMethodMasterPage />,
            },
            {
              path: childPath(paths.disposalSiteMaster.path),
              handle: { permission: 'MASTER_DISPOSAL_SITE' } satisfies RouteHandle,
              element: <DisposalSiteMasterPage />,
            },
            {
              path: childPath(paths.areaPriceSetting.path),
              handle: { permission: 'AREA_PRICE_SETTING' } satisfies RouteHandle,
              element: <AreaPriceSettingPage />,
            },
            {
              path: childPath(paths.handlingWasteUnitPrice.path),
              handle: { permission: 'HANDLING_WASTE_UNIT_PRICE' } satisfies RouteHandle,
              element: <HandlingWasteUnitPricePage />,
            },
            {
              path: childPath(paths.businessDateSetting.path),
              handle: { permission: 'BUSINESS_DATE_SETTING' } satisfies RouteHandle,
              element: <BusinessDateSettingPage />,
            },
            {
              path: childPath(paths.masterAdmin.path),
              element: <Navigate to={paths.accountMaster.to()} replace />,
            },
            {
              path: childPath(paths.collectionArea.path),
              element: <Navigate to={paths.areaPriceSetting.to()} replace />,
            },
            {
              path: childPath(paths.newRequest.path),
              handle: { permission: 'NEW_REQUEST' } satisfies RouteHandle,
              element: <NewRequestPage />,
            },
            {
              path: childPath(paths.quoteRequest.path),
              handle: { permission: 'QUOTE_REQUEST' } satisfies RouteHandle,
              element: <QuoteRequestTypePage />,
            },
            {
              path: childPath(paths.quoteRequestRegular.path),
              handle: { permission: 'REGULAR_GARBAGE_QUOTE' } satisfies RouteHandle,
              element: <RegularGarbageQuotePage />,
            },
            {
              path: childPath(paths.quoteRequestLarge.path),
              handle: { permission: 'LARGE_GARBAGE_REGISTER' } satisfies RouteHandle,
              element: <LargeGarbageQuotePage />,
            },
            {
              path: childPath(paths.quoteRequestEdit.path),
              handle: { permission: 'QUOTE_REQUEST' } satisfies RouteHandle,
              element: <QuoteRequestEditPage />,
            },
            {
              path: childPath(paths.quoteRequestConfirm.path),
              handle: { permission: 'QUOTE_REQUEST_CONFIRM' } satisfies RouteHandle,
              element: <QuoteRequestConfirmPage />,
            },
            {
              path: childPath(paths.projectManagement.path),
              handle: { permission: 'PROJECT_MANAGEMENT' } satisfies RouteHandle,
              element: <ProjectListPage />,
            },
            {
              path: childPath(paths.projectDetail.path),
              handle: { permission: 'PROJECT_MANAGEMENT' } satisfies RouteHandle,
              element: <ProjectDetailPage />,
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
            {
              path: childPath(paths.createQuote.path),
              handle: { permission: 'CREATE_QUOTE' } satisfies RouteHandle,
              element: <CreateQuotePage />,
            },
            {
              path: childPath(paths.uploadPopup.path),
              handle: { permission: 'PROJECT_MANAGEMENT' } satisfies RouteHandle,
              element: <UploadPopupPage />,
            },
            {
              path: childPath(paths.contractManagement.path),
              handle: { permission: 'CONTRACT_MANAGEMENT' } satisfies RouteHandle,
              element: <ContractManagementPage />,
            },
            {
              path: childPath(paths.contractCreation.path),
              handle: { permission: 'CONTRACT_MANAGEMENT' } satisfies RouteHandle,
              element: <ContractCreatePage />,
            },
            {
              path: childPath(paths.contractCreate.path),
              handle: { permission: 'CONTRACT_MANAGEMENT' } satisfies RouteHandle,
              element: <ContractCreatePage />,
            },
            {
              path: childPath(paths.contractConfirm.path),
              handle: { permission: 'CONTRACT_MANAGEMENT' } satisfies RouteHandle,
              element: <ContractConfirmPage />,
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
              path: childPath(paths.collectionRequest.path),
              handle: { permission: 'COLLECTION_REQUEST' } satisfies RouteHandle,
              element: <CollectionRequestPage />,
            },
            {
              path: childPath(paths.collectionRequestConfirm.path),
              handle: { permission: 'COLLECTION_REQUEST_CONFIRM' } satisfies RouteHandle,
              element: <CollectionRequestConfirmPage />,
            },
            {
              path: childPath(paths.collectionSchedules.path),
              handle: { permission: 'COLLECTION_SCHEDULES' } satisfies RouteHandle,
              element: <CollectionSchedulesPage />,
            },
            {
              path: childPath(paths.collectionScheduleDetail.path),
              handle: { permission: 'COLLECTION_SCHEDULES' } satisfies RouteHandle,
              element: <CollectionDetailPage />,
            },
            {
              path: childPath(paths.collectionScheduleDetail.base),
              element: <Navigate to={paths.collectionSchedules.to()} replace />,
            },
            {
              path: childPath(paths.achievements.path),
              handle: { permission: 'ACHIEVEMENTS' } satisfies RouteHandle,
              element: <AchievementsPage />,
            },
            {
              path: childPath(paths.achievementDetail.path),
              handle: { permission: 'ACHIEVEMENTS' } satisfies RouteHandle,
              element: <AchievementDetailPage />,
            },
            {
              path: childPath(paths.invoiceManagement.path),
              handle: { permission: 'INVOICE_MANAGEMENT' } satisfies RouteHandle,
              element: <InvoiceManagementPage />,
            },
            {
              path: childPath(paths.invoiceRegister.path),
              handle: { permission: 'INVOICE_REGISTER' } satisfies RouteHandle,
              element: <InvoiceRegisterPage />,
            },
            {
              path: childPath(paths.invoiceDetail.path),
              handle: { permission: 'INVOICE_MANAGEMENT' } satisfies RouteHandle,
              element: <InvoiceDetailPage />,
            },
            {
              path: childPath(paths.invoiceDetail.base),
              element: <Navigate to={paths.invoiceManagement.to()} replace />,
            },
            {
              path: childPath(paths.manifestManagement.path),
              handle: { permission: 'MANIFEST_MANAGEMENT' } satisfies RouteHandle,
              element: <ManifestManagementPage />,
            },
            {
              path: childPath(paths.licenseManagement.path),
              handle: { permission: 'LICENSE_MANAGEMENT' } satisfies RouteHandle,
              element: <LicenseManagementPage />,
            },
            {
              path: childPath(paths.notice.path),
              handle: { permission: 'NOTICE' } satisfies RouteHandle,
              element: <NoticePage />,
            },
            {
              path: childPath(paths.noticeAdmin.path),
              handle: { permission: 'NOTICE_ADMIN' } satisfies RouteHandle,
              element: <NoticeAdminPage />,
            },
            {
              path: childPath(paths.chatAdmin.path),
              handle: { permission: 'CHAT_ADMIN' } satisfies RouteHandle,
              element: <ChatAdminPage />,
            },
            {
              path: childPath(paths.operations.path),
              handle: { permission: 'OPERATIONS' } satisfies RouteHandle,
              element: <OperationsPage />,
            },
            {
              path: childPath(paths.evidencePack.path),
              handle: { permission: 'EVIDENCE_PACK' } satisfies RouteHandle,
              element: <EvidencePackPage />,
            },
            {
              path: childPath(paths.inquiry.path),
              handle: { permission: ['INQUIRY', 'INQUIRY_TRANS'] } satisfies RouteHandle,
              element: <InquiryPage />,
            },
            {
              path: childPath(paths.inquiryAdmin.path),
              handle: { permission: 'INQUIRY_ADMIN' } satisfies RouteHandle,
              element: <InquiryAdminPage />,
            },
            {
              path: childPath(paths.manifestDetail.path),
              handle: { permission: 'MANIFEST_MANAGEMENT' } satisfies RouteHandle,
              element: <ManifestDetailPage />,
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
