/**
 * The one registry of the web app's paths (`@junkan/shared/paths`): the router (app/router.tsx), the
 * route-permission table (app/route-table.ts), the menus and every link read it, and so do the server's mails and
 * calendar feed (`appLink`), so nobody types a path twice. `path` is the router's pattern; `to(...)` builds a link
 * within the app.
 */

/** Where the web app is served: every page's address is under it. */
export const APP_BASE = '/sys';

/** The address of a page for a mail or a feed: the public origin, the app's base, then the page's `to(...)`. */
export function appLink(publicUrl: string, to: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${APP_BASE}${to}`;
}

const at = <P extends string>(path: P) => ({ path, to: () => path });

export const paths = {
  root: at('/'),
  login: at('/login'),
  accountCreation: at('/account-creation'),
  /** The spec's other spelling of the account creation page, kept as an alias. */
  createAccount: at('/create-account'),
  resetPassword: at('/reset-pass'),
  userRegistration: at('/user-registration'),
  /** The accessibility policy and test results (JIS X 8341-3), open signed in and out. */
  accessibility: at('/accessibility'),
  forbidden: at('/403'),

  home: at('/home'),
  accountSelection: at('/account-selection'),
  transportApproval: at('/transport-approval'),
  changePassword: at('/change-password'),
  account: at('/account'),
  accountTrans: at('/account/trans'),

  accountMaster: at('/account-master'),
  accountMasterUpdate: {
    path: '/account-master/update/:id',
    base: '/account-master/update',
    to: (id: number) => `/account-master/update/${id}`,
  },
  accountMasterTransUpdate: {
    path: '/account-master/trans/update/:id',
    base: '/account-master/trans/update',
    to: (id: number) => `/account-master/trans/update/${id}`,
  },
  accountMasterRegister: at('/account-master/register'),
  accountMasterTransRegister: at('/account-master/trans/register'),
  masterAdmin: at('/master-admin'),
  transportOperatorMaster: at('/transport-and-disposal-operator-master'),
  wasteMaster: at('/waste-master'),
  unitOfMeasureMaster: at('/unit-of-measure-master'),
  packagingMaster: at('/packaging-master'),
  disposalMethodMaster: at('/disposal-method-master'),
  disposalSiteMaster: at('/disposal-site-master'),
  areaPriceSetting: at('/area-price-setting'),
  /** The spec's older name of the area price setting, redirected. */
  collectionArea: at('/collection-area'),
  handlingWasteUnitPrice: at('/handling-waste-unit-price'),
  businessDateSetting: at('/business-date-setting'),

  newRequest: at('/new-request'),
  collectionRequest: at('/collection-request'),
  collectionRequestConfirm: at('/collection-request/confirm'),
  quoteRequest: at('/new-quote-request'),
  quoteRequestRegular: at('/new-quote-request/regular-garbage'),
  quoteRequestLarge: at('/new-quote-request/large-garbage'),
  quoteRequestEdit: at('/new-quote-request/edit'),
  quoteRequestConfirm: at('/new-quote-request/quotation-request-confirm'),

  // `managment` is the spec's spelling (its screen list and URLs): kept so bookmarks and the spec match.
  projectManagement: at('/project-managment'),
  projectDetail: {
    path: '/project-managment/detail/:id',
    base: '/project-managment/detail',
    to: (id: number) => `/project-managment/detail/${id}`,
  },
  createQuote: {
    path: '/project-managment/create-quote/:id',
    base: '/project-managment/create-quote',
    to: (id: number) => `/project-managment/create-quote/${id}`,
  },
  uploadPopup: at('/project-managment/popup'),
  collectionSchedules: at('/collection-schedules'),
  collectionScheduleDetail: {
    path: '/collection-schedules/detail/:id',
    /** The page's base (breadcrumb) without an id. */
    base: '/collection-schedules/detail',
    to: (id: number) => `/collection-schedules/detail/${id}`,
  },

  contractManagement: at('/contract-management'),
  contractCreation: {
    path: '/contract-management/contract-creation/:id',
    base: '/contract-management/contract-creation',
    to: (id: number) => `/contract-management/contract-creation/${id}`,
  },
  contractCreate: {
    path: '/contract-create/:id',
    /** The page's base (breadcrumb) without an id. */
    base: '/contract-create',
    to: (id: number) => `/contract-create/${id}`,
  },
  contractConfirm: {
    path: '/contract-confirm/:id',
    base: '/contract-confirm',
    to: (id: number) => `/contract-confirm/${id}`,
  },
  achievements: at('/achievements'),
  achievementDetail: at('/achievements/detail'),
  manifestManagement: at('/manifest-management'),
  manifestDetail: {
    path: '/manifest-detail',
    /** The manifest number rides in the query, as in the spec's address of the page. */
    to: (manifestNumber: string) => `/manifest-detail?manifestNumber=${encodeURIComponent(manifestNumber)}`,
  },
  invoiceManagement: at('/invoice-management'),
  invoiceRegister: at('/invoice-management/register'),
  invoiceDetail: {
    path: '/invoice-management/detail/:id',
    /** The page's base (breadcrumb) without an id. */
    base: '/invoice-management/detail',
    to: (id: number) => `/invoice-management/detail/${id}`,
  },
  licenseManagement: at('/license-management'),
  evidencePack: at('/evidence-pack'),
  notice: at('/notice'),
  noticeAdmin: at('/notice-admin'),
  inquiry: at('/inquiry'),
  inquiryAdmin: at('/inquiry-admin'),
  chatAdmin: at('/chat-admin'),
  operations: at('/operations'),
  /** The office's dispatch (配車): a day's stops given to drivers and vehicles, in the round's order. */
  dispatch: at('/dispatch'),
  /** The office's drivers and vehicles. */
  drivers: at('/drivers'),
  /** The driver's day on a phone, outside the office's shell (the only page a driver reaches). */
  driverDay: at('/driver'),
} as const;

/** A registry path as a child route of the root route ('/x/y' -> 'x/y'). */
export const childPath = (path: string) => path.replace(/^\//, '');
