import { paths } from '@junkan/shared/paths';
import type { Permission } from '@junkan/shared/permissions';
import { isMenuPathReachable } from '@junkan/shared/session';

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

export type PagePermission = Permission | readonly Permission[];

/** Whether the session holds the page's key, or one of its keys. */
export function holdsPagePermission(permission: PagePermission, has: (key: Permission) => boolean): boolean {
  return typeof permission === 'string' ? has(permission) : permission.some(has);
}

export interface AppPage {
  /** Label key `menu.<key>` (menu, breadcrumb and user popover). */
  key: string;
  path: string;
  /** The key the page needs; a list when any of several opens it (each side's own key to a shared page). */
  permission: PagePermission;
  /** Only built pages appear in menus; a feature adds its route and flips this. */
  built: boolean;
  menuGroup?: MenuGroup;
  /** Shown in the user popover rather than the side menu. */
  userMenu?: boolean;
  /** Pages about the operator's own company: shown only when the session acts as this role. */
  operatorRole?: 'WASTE' | 'TRANSPORT';
  /** The page one step up in the breadcrumb (a key of this table); pages without one sit under home. */
  parent?: string;
  /** The route is `path/:id`; the breadcrumb shows the id, and the parent with an id links to the same one. */
  hasId?: boolean;
  /**
   * The router's pattern (`path`, or `path/:id`): the page opens there, behind its permission, with its component
   * from page-components.ts (by `key`).
   */
  route?: string;
}

/**
 * Whether a page belongs in a menu for this session: built, permitted, when it names one the right role, and
 * reachable (an admin that has not chosen an operator reaches only its own pages).
 */
export function isPageShown(
  page: AppPage,
  has: (key: Permission) => boolean,
  session: { roles: readonly string[]; adminId: number | null },
): boolean {
  return (
    page.built &&
    holdsPagePermission(page.permission, has) &&
    (!page.operatorRole || session.roles.includes(page.operatorRole)) &&
    isMenuPathReachable(page.path, session)
  );
}

/**
 * The one table of signed-in pages: path, route, permission key, menu placement and label. The router makes a
 * route of each page's `route` with its component (page-components.ts, by key; router.tsx `pageRoutes`), the
 * layout checks its permission, the menus and the breadcrumb read the rest. Plain data: the menus and the
 * end-to-end tests read it without loading a page.
 */
export const APP_PAGES: readonly AppPage[] = [
  {
    key: 'accountSelection',
    path: paths.accountSelection.path,
    route: paths.accountSelection.path,
    permission: 'ACCOUNT_SELECTION',
    built: true,
    menuGroup: 'admin',
  },
  {
    key: 'operations',
    path: paths.operations.path,
    route: paths.operations.path,
    permission: 'OPERATIONS',
    built: true,
    menuGroup: 'admin',
  },
  {
    key: 'transportApproval',
    path: paths.transportApproval.path,
    route: paths.transportApproval.path,
    permission: 'TRANSPORT_APPROVAL',
    built: true,
    menuGroup: 'admin',
  },
  {
    key: 'home',
    path: paths.home.path,
    route: paths.home.path,
    permission: 'HOME',
    built: true,
    menuGroup: 'main',
  },
  {
    key: 'newRequest',
    path: paths.newRequest.path,
    route: paths.newRequest.path,
    permission: 'NEW_REQUEST',
    built: true,
    menuGroup: 'request',
  },
  {
    key: 'collectionRequest',
    path: paths.collectionRequest.path,
    route: paths.collectionRequest.path,
    permission: 'COLLECTION_REQUEST',
    built: true,
    menuGroup: 'request',
  },
  // Not in a menu (the request form's next step); listed for the breadcrumb.
  {
    key: 'collectionRequestConfirm',
    path: paths.collectionRequestConfirm.path,
    route: paths.collectionRequestConfirm.path,
    permission: 'COLLECTION_REQUEST_CONFIRM',
    built: true,
    parent: 'collectionRequest',
  },
  {
    key: 'quoteRequest',
    path: paths.quoteRequest.path,
    route: paths.quoteRequest.path,
    permission: 'QUOTE_REQUEST',
    built: true,
    menuGroup: 'request',
  },
  // The quote request's steps (not in a menu); listed for the breadcrumb.
  {
    key: 'quoteRequestRegular',
    path: paths.quoteRequestRegular.path,
    route: paths.quoteRequestRegular.path,
    permission: 'REGULAR_GARBAGE_QUOTE',
    built: true,
    parent: 'quoteRequest',
  },
  {
    key: 'quoteRequestLarge',
    path: paths.quoteRequestLarge.path,
    route: paths.quoteRequestLarge.path,
    permission: 'LARGE_GARBAGE_REGISTER',
    built: true,
    parent: 'quoteRequest',
  },
  // A saved draft is found in the project list, so its edit and confirm steps sit under it.
  {
    key: 'quoteRequestEdit',
    path: paths.quoteRequestEdit.path,
    route: paths.quoteRequestEdit.path,
    permission: 'QUOTE_REQUEST',
    built: true,
    parent: 'projectManagement',
  },
  {
    key: 'quoteRequestConfirm',
    path: paths.quoteRequestConfirm.path,
    route: paths.quoteRequestConfirm.path,
    permission: 'QUOTE_REQUEST_CONFIRM',
    built: true,
    parent: 'projectManagement',
  },
  {
    key: 'projectManagement',
    path: paths.projectManagement.path,
    route: paths.projectManagement.path,
    permission: 'PROJECT_MANAGEMENT',
    built: true,
    menuGroup: 'operation',
  },
  // Not in a menu (opened from a list or home); listed for the breadcrumb.
  {
    key: 'projectDetail',
    path: paths.projectDetail.base,
    route: paths.projectDetail.path,
    permission: 'PROJECT_MANAGEMENT',
    built: true,
    parent: 'projectManagement',
    hasId: true,
  },
  {
    key: 'createQuote',
    path: paths.createQuote.base,
    route: paths.createQuote.path,
    permission: 'CREATE_QUOTE',
    built: true,
    parent: 'projectDetail',
    hasId: true,
  },
  {
    key: 'uploadPopup',
    path: paths.uploadPopup.path,
    route: paths.uploadPopup.path,
    permission: 'PROJECT_MANAGEMENT',
    built: true,
    parent: 'projectManagement',
  },
  {
    key: 'collectionSchedules',
    path: paths.collectionSchedules.path,
    route: paths.collectionSchedules.path,
    permission: 'COLLECTION_SCHEDULES',
    built: true,
    menuGroup: 'operation',
  },
  // Not in a menu (opened from the calendar or the list); listed for the breadcrumb.
  {
    key: 'collectionScheduleDetail',
    path: paths.collectionScheduleDetail.base,
    route: paths.collectionScheduleDetail.path,
    permission: 'COLLECTION_SCHEDULES',
    built: true,
    parent: 'collectionSchedules',
    hasId: true,
  },
  // The transporter's drivers: the day's stops given to drivers and vehicles in the round's order, and the
  // drivers' accounts and vehicles themselves.
  {
    key: 'dispatch',
    path: paths.dispatch.path,
    route: paths.dispatch.path,
    permission: 'DRIVER_MANAGEMENT',
    built: true,
    menuGroup: 'operation',
  },
  {
    key: 'drivers',
    path: paths.drivers.path,
    route: paths.drivers.path,
    permission: 'DRIVER_MANAGEMENT',
    built: true,
    menuGroup: 'operation',
  },
  {
    key: 'achievements',
    path: paths.achievements.path,
    route: paths.achievements.path,
    permission: 'ACHIEVEMENTS',
    built: true,
    menuGroup: 'operation',
  },
  // Not in a menu (opened from a line of the list); listed for the breadcrumb.
  {
    key: 'achievementDetail',
    path: paths.achievementDetail.path,
    route: paths.achievementDetail.path,
    permission: 'ACHIEVEMENTS',
    built: true,
    parent: 'achievements',
  },
  {
    key: 'contractManagement',
    path: paths.contractManagement.path,
    route: paths.contractManagement.path,
    permission: 'CONTRACT_MANAGEMENT',
    built: true,
    menuGroup: 'documents',
  },
  // Not in a menu (opened from a project or the contract list); listed for the breadcrumb.
  {
    key: 'contractCreate',
    path: paths.contractCreate.base,
    route: paths.contractCreate.path,
    permission: 'CONTRACT_MANAGEMENT',
    built: true,
    operatorRole: 'TRANSPORT',
    parent: 'contractManagement',
    hasId: true,
  },
  // The spec's second address of the same page.
  {
    key: 'contractCreate',
    path: paths.contractCreation.base,
    route: paths.contractCreation.path,
    permission: 'CONTRACT_MANAGEMENT',
    built: true,
    operatorRole: 'TRANSPORT',
    parent: 'contractManagement',
    hasId: true,
  },
  {
    key: 'contractConfirm',
    path: paths.contractConfirm.base,
    route: paths.contractConfirm.path,
    permission: 'CONTRACT_MANAGEMENT',
    built: true,
    operatorRole: 'WASTE',
    parent: 'contractManagement',
    hasId: true,
  },
  {
    key: 'invoiceManagement',
    path: paths.invoiceManagement.path,
    route: paths.invoiceManagement.path,
    permission: 'INVOICE_MANAGEMENT',
    built: true,
    menuGroup: 'documents',
  },
  // Only transporters issue invoices; the spec also lists the key for EDI-ready dischargers, who have no use for it.
  {
    key: 'invoiceRegister',
    path: paths.invoiceRegister.path,
    route: paths.invoiceRegister.path,
    permission: 'INVOICE_REGISTER',
    built: true,
    menuGroup: 'documents',
    operatorRole: 'TRANSPORT',
    parent: 'invoiceManagement',
  },
  // Not in a menu (opened from the list or a mail's link); listed for the breadcrumb.
  {
    key: 'invoiceDetail',
    path: paths.invoiceDetail.base,
    route: paths.invoiceDetail.path,
    permission: 'INVOICE_MANAGEMENT',
    built: true,
    parent: 'invoiceManagement',
    hasId: true,
  },
  {
    key: 'manifestManagement',
    path: paths.manifestManagement.path,
    route: paths.manifestManagement.path,
    permission: 'MANIFEST_MANAGEMENT',
    built: true,
    menuGroup: 'documents',
  },
  // Not in a menu (opened from the manifest list, a deadline or a report); listed for the breadcrumb.
  {
    key: 'manifestDetail',
    path: paths.manifestDetail.path,
    route: paths.manifestDetail.path,
    permission: 'MANIFEST_MANAGEMENT',
    built: true,
    parent: 'manifestManagement',
  },
  {
    key: 'licenseManagement',
    path: paths.licenseManagement.path,
    route: paths.licenseManagement.path,
    permission: 'LICENSE_MANAGEMENT',
    built: true,
    menuGroup: 'documents',
  },
  {
    key: 'evidencePack',
    path: paths.evidencePack.path,
    route: paths.evidencePack.path,
    permission: 'EVIDENCE_PACK',
    built: true,
    menuGroup: 'documents',
  },
  {
    key: 'notice',
    path: paths.notice.path,
    route: paths.notice.path,
    permission: 'NOTICE',
    built: true,
    menuGroup: 'support',
  },
  // One page for both companies' sides, each with its own key (the spec keeps INQUIRY from transporters).
  {
    key: 'inquiry',
    path: paths.inquiry.path,
    route: paths.inquiry.path,
    permission: ['INQUIRY', 'INQUIRY_TRANS'],
    built: true,
    menuGroup: 'support',
  },
  {
    key: 'inquiryAdmin',
    path: paths.inquiryAdmin.path,
    route: paths.inquiryAdmin.path,
    permission: 'INQUIRY_ADMIN',
    built: true,
    menuGroup: 'support',
  },
  {
    key: 'chatAdmin',
    path: paths.chatAdmin.path,
    route: paths.chatAdmin.path,
    permission: 'CHAT_ADMIN',
    built: true,
    menuGroup: 'support',
  },
  {
    key: 'noticeAdmin',
    path: paths.noticeAdmin.path,
    route: paths.noticeAdmin.path,
    permission: 'NOTICE_ADMIN',
    built: true,
    menuGroup: 'support',
  },
  {
    key: 'accountMaster',
    path: paths.accountMaster.path,
    route: paths.accountMaster.path,
    permission: 'MASTER_ACCOUNT',
    built: true,
    menuGroup: 'master',
  },
  // Not in a menu (opened from the account list); listed for the breadcrumb.
  {
    key: 'accountMasterUpdate',
    path: paths.accountMasterUpdate.base,
    route: paths.accountMasterUpdate.path,
    permission: 'MASTER_ACCOUNT',
    built: true,
    parent: 'accountMaster',
    hasId: true,
  },
  {
    key: 'accountMasterUpdate',
    path: paths.accountMasterTransUpdate.base,
    route: paths.accountMasterTransUpdate.path,
    permission: 'MASTER_ACCOUNT',
    built: true,
    parent: 'accountMaster',
    hasId: true,
  },
  {
    key: 'accountMasterRegister',
    path: paths.accountMasterRegister.path,
    route: paths.accountMasterRegister.path,
    permission: 'MASTER_ACCOUNT',
    built: true,
    parent: 'accountMaster',
  },
  {
    key: 'accountMasterRegister',
    path: paths.accountMasterTransRegister.path,
    route: paths.accountMasterTransRegister.path,
    permission: 'MASTER_ACCOUNT',
    built: true,
    parent: 'accountMaster',
  },
  {
    key: 'transportOperatorMaster',
    path: paths.transportOperatorMaster.path,
    route: paths.transportOperatorMaster.path,
    permission: 'MASTER_TRANSPORT_OPERATOR',
    built: true,
    menuGroup: 'master',
  },
  {
    key: 'wasteMaster',
    path: paths.wasteMaster.path,
    route: paths.wasteMaster.path,
    permission: 'MASTER_WASTE',
    built: true,
    menuGroup: 'master',
  },
  {
    key: 'unitOfMeasureMaster',
    path: paths.unitOfMeasureMaster.path,
    route: paths.unitOfMeasureMaster.path,
    permission: 'MASTER_UNIT_OF_MEASURE',
    built: true,
    menuGroup: 'master',
  },
  {
    key: 'packagingMaster',
    path: paths.packagingMaster.path,
    route: paths.packagingMaster.path,
    permission: 'MASTER_PACKAGING',
    built: true,
    menuGroup: 'master',
  },
  {
    key: 'disposalMethodMaster',
    path: paths.disposalMethodMaster.path,
    route: paths.disposalMethodMaster.path,
    permission: 'MASTER_DISPOSAL_SITE',
    built: true,
    menuGroup: 'master',
  },
  {
    key: 'disposalSiteMaster',
    path: paths.disposalSiteMaster.path,
    route: paths.disposalSiteMaster.path,
    permission: 'MASTER_DISPOSAL_SITE',
    built: true,
    menuGroup: 'master',
  },
  {
    key: 'handlingWasteUnitPrice',
    path: paths.handlingWasteUnitPrice.path,
    route: paths.handlingWasteUnitPrice.path,
    permission: 'HANDLING_WASTE_UNIT_PRICE',
    built: true,
    operatorRole: 'TRANSPORT',
    menuGroup: 'settings',
  },
  {
    key: 'businessDateSetting',
    path: paths.businessDateSetting.path,
    route: paths.businessDateSetting.path,
    permission: 'BUSINESS_DATE_SETTING',
    built: true,
    operatorRole: 'TRANSPORT',
    menuGroup: 'settings',
  },
  {
    key: 'account',
    path: paths.account.path,
    route: paths.account.path,
    permission: 'ACCOUNT_INFO',
    built: true,
    userMenu: true,
  },
  {
    key: 'accountTrans',
    path: paths.accountTrans.path,
    route: paths.accountTrans.path,
    permission: 'ACCOUNT_INFO_TRANS',
    built: true,
    userMenu: true,
  },
  {
    key: 'changePassword',
    path: paths.changePassword.path,
    route: paths.changePassword.path,
    permission: 'CHANGE_PASSWORD',
    built: true,
    userMenu: true,
  },
  {
    key: 'areaPriceSetting',
    path: paths.areaPriceSetting.path,
    route: paths.areaPriceSetting.path,
    permission: 'AREA_PRICE_SETTING',
    built: true,
    operatorRole: 'TRANSPORT',
    userMenu: true,
  },
];

/** Built pages the user may open, grouped, with a divider between groups. */
export function visibleMenuPages(
  has: (p: Permission) => boolean,
  session: { roles: readonly string[]; adminId: number | null },
): AppPage[][] {
  return MENU_GROUPS.map((group) =>
    APP_PAGES.filter((p) => p.menuGroup === group && isPageShown(p, has, session)),
  ).filter((pages) => pages.length > 0);
}

/** Admin and master pages, where the company selector is disabled. */
export const COMPANY_SELECT_DISABLED_PREFIXES = [
  paths.accountMaster.path,
  paths.wasteMaster.path,
  paths.unitOfMeasureMaster.path,
  paths.packagingMaster.path,
  paths.disposalSiteMaster.path,
  paths.disposalMethodMaster.path,
  paths.handlingWasteUnitPrice.path,
  paths.transportOperatorMaster.path,
  paths.inquiryAdmin.path,
  paths.noticeAdmin.path,
  paths.chatAdmin.path,
  paths.operations.path,
  paths.accountSelection.path,
  paths.transportApproval.path,
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

/** The page and its parents, outermost first (a bad parent chain cannot loop). */
function lineage(page: AppPage): AppPage[] {
  const chain: AppPage[] = [];
  for (
    let p: AppPage | undefined = page;
    p && !chain.includes(p);
    p = p.parent ? findPage(p.parent) : undefined
  )
    chain.unshift(p);
  return chain;
}

/** The side menu's entry for a path: its page, or the nearest parent that is in a menu. */
export function menuKeyForPath(pathname: string): string | undefined {
  const page = pageForPath(pathname);
  return page && [...lineage(page)].reverse().find((p) => p.menuGroup)?.key;
}

export interface Crumb {
  /** Label key `menu.<key>`. */
  key: string;
  /** The record's id, shown after the label. */
  id?: number;
  /** Where the crumb leads; none for the current page (and a parent whose id is not known). */
  to?: string;
}

/** The breadcrumb of a path: home, then the page's parents, then the page itself. */
export function breadcrumbTrail(pathname: string): Crumb[] {
  const page = pageForPath(pathname);
  if (!page || page.key === 'home') return [{ key: 'home' }];
  const segment = page.hasId ? pathname.slice(page.path.length + 1).split('/')[0] : '';
  const id = /^[1-9]\d*$/.test(segment ?? '') ? Number(segment) : undefined;
  const chain = lineage(page);
  return [
    { key: 'home', to: paths.home.to() },
    ...chain.map((p, i): Crumb => {
      const isCurrent = i === chain.length - 1;
      if (!p.hasId) return { key: p.key, to: isCurrent ? undefined : p.path };
      return { key: p.key, id, to: isCurrent || id === undefined ? undefined : `${p.path}/${id}` };
    }),
  ];
}
