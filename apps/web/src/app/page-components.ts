/**
 * The signed-in pages' components, each loaded on first visit (one chunk per page), by the page table's key
 * (route-table.ts APP_PAGES): the router renders each routed page's component from here.
 */
import { paths } from '@junkan/shared/paths';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

const ChangePasswordPage = lazy(() => import('../features/auth/pages/change-password-page'));
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
const DispatchPage = lazy(() => import('../features/dispatch/pages/dispatch-page'));
const DriversPage = lazy(() => import('../features/dispatch/pages/drivers-page'));
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
const AreaPriceSettingPage = lazy(() => import('./pages/area-price-setting-page'));
const HandlingWasteUnitPricePage = lazy(
  () => import('../features/handling-waste-prices/pages/handling-waste-unit-price-page'),
);
const BusinessDateSettingPage = lazy(
  () => import('../features/business-calendar/pages/business-date-setting-page'),
);

/**
 * Each routed page's component by its route (route-table.ts APP_PAGES `route`; route-table.test.ts holds the two
 * to each other).
 */
export const PAGE_COMPONENTS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  [paths.accountSelection.path]: AccountSelectionPage,
  [paths.operations.path]: OperationsPage,
  [paths.transportApproval.path]: TransportApprovalPage,
  [paths.home.path]: HomePage,
  [paths.newRequest.path]: NewRequestPage,
  [paths.collectionRequest.path]: CollectionRequestPage,
  [paths.collectionRequestConfirm.path]: CollectionRequestConfirmPage,
  [paths.quoteRequest.path]: QuoteRequestTypePage,
  [paths.quoteRequestRegular.path]: RegularGarbageQuotePage,
  [paths.quoteRequestLarge.path]: LargeGarbageQuotePage,
  [paths.quoteRequestEdit.path]: QuoteRequestEditPage,
  [paths.quoteRequestConfirm.path]: QuoteRequestConfirmPage,
  [paths.projectManagement.path]: ProjectListPage,
  [paths.projectDetail.path]: ProjectDetailPage,
  [paths.createQuote.path]: CreateQuotePage,
  [paths.uploadPopup.path]: UploadPopupPage,
  [paths.collectionSchedules.path]: CollectionSchedulesPage,
  [paths.collectionScheduleDetail.path]: CollectionDetailPage,
  [paths.dispatch.path]: DispatchPage,
  [paths.drivers.path]: DriversPage,
  [paths.achievements.path]: AchievementsPage,
  [paths.achievementDetail.path]: AchievementDetailPage,
  [paths.contractManagement.path]: ContractManagementPage,
  [paths.contractCreate.path]: ContractCreatePage,
  [paths.contractCreation.path]: ContractCreatePage,
  [paths.contractConfirm.path]: ContractConfirmPage,
  [paths.invoiceManagement.path]: InvoiceManagementPage,
  [paths.invoiceRegister.path]: InvoiceRegisterPage,
  [paths.invoiceDetail.path]: InvoiceDetailPage,
  [paths.manifestManagement.path]: ManifestManagementPage,
  [paths.manifestDetail.path]: ManifestDetailPage,
  [paths.licenseManagement.path]: LicenseManagementPage,
  [paths.evidencePack.path]: EvidencePackPage,
  [paths.notice.path]: NoticePage,
  [paths.inquiry.path]: InquiryPage,
  [paths.inquiryAdmin.path]: InquiryAdminPage,
  [paths.chatAdmin.path]: ChatAdminPage,
  [paths.noticeAdmin.path]: NoticeAdminPage,
  [paths.accountMaster.path]: AccountMasterPage,
  [paths.accountMasterUpdate.path]: AccountMasterEditPage,
  [paths.accountMasterTransUpdate.path]: AccountMasterEditPage,
  [paths.accountMasterRegister.path]: AccountMasterEditPage,
  [paths.accountMasterTransRegister.path]: AccountMasterEditPage,
  [paths.transportOperatorMaster.path]: TransportOperatorMasterPage,
  [paths.wasteMaster.path]: WasteMasterPage,
  [paths.unitOfMeasureMaster.path]: UnitOfMeasureMasterPage,
  [paths.packagingMaster.path]: PackagingMasterPage,
  [paths.disposalMethodMaster.path]: DisposalMethodMasterPage,
  [paths.disposalSiteMaster.path]: DisposalSiteMasterPage,
  [paths.handlingWasteUnitPrice.path]: HandlingWasteUnitPricePage,
  [paths.businessDateSetting.path]: BusinessDateSettingPage,
  [paths.account.path]: AccountPage,
  [paths.accountTrans.path]: AccountPage,
  [paths.changePassword.path]: ChangePasswordPage,
  [paths.areaPriceSetting.path]: AreaPriceSettingPage,
};
