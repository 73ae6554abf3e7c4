import type { Permission } from '@junkan/shared';

export type MenuGroup =
  | 'main'
  | 'request'
  | 'operation'
  | 'documents'
  | 'support'
  | 'settings'
  | 'master'
  | 'admin';

/** Order of the side menu's groups; a divider separates consecutive groups. */
export const MENU_GROUPS: readonly MenuGroup[] = [
  'admin',
  'main',
  'request',
  'operation',
  'documents',
  'support',
  'settings',
  'master',
];

export interface AppPage {
  /** Label key `menu.<key>` (menu, breadcrumb and user popover). */
  key: string;
  path: string;
  permission: Permission;
  /** Only built pages appear in menus; a feature adds its route and flips this. */
  built: boolean;
  menuGroup?: MenuGroup;
  /** Shown in the user popover rather than the side menu. */
  userMenu?: boolean;
  /** Pages about the operator's own company: shown only when the session acts as this role. */
  operatorRole?: 'WASTE' | 'TRANSPORT';
}

/** Whether a page belongs in a menu for this session: built, permitted and, when it names one, the right role. */
export function isPageShown(
  page: AppPage,
  has: (key: Permission) => boolean,
  roles: readonly string[],
): boolean {
  return page.built && has(page.permission) && (!page.operatorRole || roles.includes(page.operatorRole));
}

/**
 * The one table of signed-in pages: path -> permission key, menu placement and label.
 * Keep it in step with the router's children (router.tsx).
 */
export const APP_PAGES: readonly AppPage[] = [
  {
    key: 'accountSelection',
    path: '/account-selection',
    permission: 'ACCOUNT_SELECTION',
    built: true,
    menuGroup: 'admin',
  },
  {
    key: 'transportApproval',
    path: '/transport-approval',
    permission: 'TRANSPORT_APPROVAL',
    built: true,
    menuGroup: 'admin',
  },
  { key: 'home', path: '/home', permission: 'HOME', built: true, menuGroup: 'main' },
  { key: 'newRequest', path: '/new-request', permission: 'NEW_REQUEST', built: true, menuGroup: 'request' },
  {
    key: 'collectionRequest',
    path: '/collection-request',
    permission: 'COLLECTION_REQUEST',
    built: false,
    menuGroup: 'request',
  },
  {
    key: 'quoteRequest',
    path: '/new-quote-request',
    permission: 'QUOTE_REQUEST',
    built: true,
    menuGroup: 'request',
  },
  {
    key: 'projectManagement',
    path: '/project-managment',
    permission: 'PROJECT_MANAGEMENT',
    built: true,
    menuGroup: 'operation',
  },
  {
    key: 'collectionSchedules',
    path: '/collection-schedules',
    permission: 'COLLECTION_SCHEDULES',
    built: false,
    menuGroup: 'operation',
  },
  {
    key: 'achievements',
    path: '/achievements',
    permission: 'ACHIEVEMENTS',
    built: true,
    menuGroup: 'operation',
  },
  // Not in a menu (opened from a line of the list); listed for the breadcrumb.
  { key: 'achievementDetail', path: '/achievements/detail', permission: 'ACHIEVEMENTS', built: true },
  {
    key: 'contractManagement',
    path: '/contract-management',
    permission: 'CONTRACT_MANAGEMENT',
    built: true,
    menuGroup: 'documents',
  },
  // Not in a menu (opened from a project or the contract list); listed for the breadcrumb.
  {
    key: 'contractCreate',
    path: '/contract-create',
    permission: 'CONTRACT_MANAGEMENT',
    built: true,
    operatorRole: 'TRANSPORT',
  },
  {
    key: 'contractConfirm',
    path: '/contract-confirm',
    permission: 'CONTRACT_MANAGEMENT',
    built: true,
    operatorRole: 'WASTE',
  },
  {
    key: 'invoiceManagement',
    path: '/invoice-management',
    permission: 'INVOICE_MANAGEMENT',
    built: false,
    menuGroup: 'documents',
  },
  {
    key: 'manifestManagement',
    path: '/manifest-management',
    permission: 'MANIFEST_MANAGEMENT',
    built: true,
    menuGroup: 'documents',
  },
  // Not in a menu (opened from the manifest list, a deadline or a report); listed for the breadcrumb.
  { key: 'manifestDetail', path: '/manifest-detail', permission: 'MANIFEST_MANAGEMENT', built: true },
  {
    key: 'licenseManagement',
    path: '/license-management',
    permission: 'LICENSE_MANAGEMENT',
    built: false,
    menuGroup: 'documents',
  },
  { key: 'notice', path: '/notice', permission: 'NOTICE', built: false, menuGroup: 'support' },
  { key: 'inquiry', path: '/inquiry', permission: 'INQUIRY', built: false, menuGroup: 'support' },
  {
    key: 'inquiryAdmin',
    path: '/inquiry-admin',
    permission: 'INQUIRY_ADMIN',
    built: false,
    menuGroup: 'support',
  },
  {
    key: 'accountMaster',
    path: '/account-master',
    permission: 'MASTER_ACCOUNT',
    built: true,
    menuGroup: 'master',
  },
  {
    key: 'transportOperatorMaster',
    path: '/transport-and-disposal-operator-master',
    permission: 'MASTER_TRANSPORT_OPERATOR',
    built: true,
    menuGroup: 'master',
  },
  {
    key: 'wasteMaster',
    path: '/waste-master',
    permission: 'MASTER_WASTE',
    built: true,
    menuGroup: 'master',
  },
  {
    key: 'unitOfMeasureMaster',
    path: '/unit-of-measure-master',
    permission: 'MASTER_UNIT_OF_MEASURE',
    built: true,
    menuGroup: 'master',
  },
  {
    key: 'packagingMaster',
    path: '/packaging-master',
    permission: 'MASTER_PACKAGING',
    built: true,
    menuGroup: 'master',
  },
  {
    key: 'disposalMethodMaster',
    path: '/disposal-method-master',
    permission: 'MASTER_DISPOSAL_SITE',
    built: true,
    menuGroup: 'master',
  },
  {
    key: 'disposalSiteMaster',
    path: '/disposal-site-master',
    permission: 'MASTER_DISPOSAL_SITE',
    built: true,
    menuGroup: 'master',
  },
  {
    key: 'handlingWasteUnitPrice',
    path: '/handling-waste-unit-price',
    permission: 'HANDLING_WASTE_UNIT_PRICE',
    built: true,
    operatorRole: 'TRANSPORT',
    menuGroup: 'settings',
  },
  {
    key: 'businessDateSetting',
    path: '/business-date-setting',
    permission: 'BUSINESS_DATE_SETTING',
    built: true,
    operatorRole: 'TRANSPORT',
    menuGroup: 'settings',
  },
  { key: 'account', path: '/account', permission: 'ACCOUNT_INFO', built: true, userMenu: true },
  {
    key: 'accountTrans',
    path: '/account/trans',
    permission: 'ACCOUNT_INFO_TRANS',
    built: true,
    userMenu: true,
  },
  {
    key: 'changePassword',
    path: '/change-password',
    permission: 'CHANGE_PASSWORD',
    built: true,
    userMenu: true,
  },
  {
    key: 'areaPriceSetting',
    path: '/area-price-setting',
    permission: 'AREA_PRICE_SETTING',
    built: true,
    operatorRole: 'TRANSPORT',
    userMenu: true,
  },
];

/** Admin and master pages, where the company selector is disabled. */
export const COMPANY_SELECT_DISABLED_PREFIXES = [
  '/account-master',
  '/waste-master',
  '/unit-of-measure-master',
  '/packaging-master',
  '/disposal-site-master',
  '/disposal-method-master',
  '/handling-waste-unit-price',
  '/transport-and-disposal-operator-master',
  '/inquiry-admin',
  '/account-selection',
  '/transport-approval',
] as const;

export function isCompanySelectDisabled(pathname: string): boolean {
  return COMPANY_SELECT_DISABLED_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export function findPage(key: string): AppPage | undefined {
  return APP_PAGES.find((p) => p.key === key);
}

/** The page a path belongs to: the longest matching path prefix. */
export function pageForPath(pathname: string): AppPage | undefined {
  return [...APP_PAGES]
    .filter((p) => pathname === p.path || pathname.startsWith(`${p.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
}
