import type { Role } from './enums';

/**
 * Permission keys, one per screen or action group (section 6 of the screens document).
 * The server checks them on every call; the web app uses the same keys for menus and routes.
 */
export const PERMISSIONS = [
  'HOME',
  'NEW_REQUEST',
  'COLLECTION_REQUEST',
  'COLLECTION_REQUEST_CONFIRM',
  'QUOTE_REQUEST',
  'LARGE_GARBAGE_REGISTER',
  'REGULAR_GARBAGE_QUOTE',
  'QUOTE_REQUEST_CONFIRM',
  'PROJECT_MANAGEMENT',
  'CREATE_QUOTE',
  'NOTICE',
  'NOTICE_ADMIN',
  'ACHIEVEMENTS',
  'COLLECTION_SCHEDULES',
  'CONTRACT_MANAGEMENT',
  'INVOICE_MANAGEMENT',
  'INVOICE_REGISTER',
  'MANIFEST_MANAGEMENT',
  'LICENSE_MANAGEMENT',
  'EVIDENCE_PACK',
  'INQUIRY',
  /**
   * The transporter's inquiries. Section 6 keeps the discharger's INQUIRY key from transporters; issue 16 lets
   * transporters ask the platform too, under their own key (as ACCOUNT_INFO_TRANS beside ACCOUNT_INFO).
   */
  'INQUIRY_TRANS',
  'INQUIRY_ADMIN',
  'CHAT',
  'CHAT_ADMIN',
  'ACCOUNT_INFO',
  'ACCOUNT_INFO_TRANS',
  'CHANGE_PASSWORD',
  'ACCOUNT_SELECTION',
  'MASTER_ACCOUNT',
  'MASTER_TRANSPORT_OPERATOR',
  'TRANSPORT_APPROVAL',
  'MASTER_WASTE',
  'MASTER_UNIT_OF_MEASURE',
  'MASTER_PACKAGING',
  'MASTER_DISPOSAL_SITE',
  'AREA_PRICE_SETTING',
  'BUSINESS_DATE_SETTING',
  'DISPOSAL_UNIT_PRICE',
  'HANDLING_WASTE_UNIT_PRICE',
  /** The operations screen: jobs, the manifest-network queue, the mail outbox, the processes serving. */
  'OPERATIONS',
  /** The office's drivers, vehicles and dispatch (who collects which stop, in which order) and the drivers' marks. */
  'DRIVER_MANAGEMENT',
  /** The driver's day on a phone: its assigned stops and the proof of collection at each. */
  'DRIVER_DAY',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Keys only an administrator holds (master data, the admin inquiry view, notices and the chat inbox). */
export const MASTER_ADMIN_PERMISSIONS = [
  'ACCOUNT_SELECTION',
  'INQUIRY_ADMIN',
  'NOTICE_ADMIN',
  'CHAT_ADMIN',
  'MASTER_ACCOUNT',
  'MASTER_TRANSPORT_OPERATOR',
  'TRANSPORT_APPROVAL',
  'MASTER_WASTE',
  'MASTER_UNIT_OF_MEASURE',
  'MASTER_PACKAGING',
  'MASTER_DISPOSAL_SITE',
  'OPERATIONS',
] as const satisfies readonly Permission[];

/** The discharger's request keys (new request group). */
export const NEW_REQUEST_PERMISSIONS = [
  'NEW_REQUEST',
  'COLLECTION_REQUEST',
  'COLLECTION_REQUEST_CONFIRM',
  'QUOTE_REQUEST',
  'LARGE_GARBAGE_REGISTER',
  'REGULAR_GARBAGE_QUOTE',
  'QUOTE_REQUEST_CONFIRM',
] as const satisfies readonly Permission[];

/** Removed from a discharger unless subscriber number, EDI key and collection-request flag are all present. */
export const EDI_GATED_PERMISSIONS = [
  'COLLECTION_REQUEST',
  'COLLECTION_REQUEST_CONFIRM',
  'LARGE_GARBAGE_REGISTER',
  'QUOTE_REQUEST_CONFIRM',
  'INVOICE_REGISTER',
] as const satisfies readonly Permission[];

/**
 * The discharger's own chat widget with support (section 6: dischargers, not admins, while the token is
 * valid). An administrator acting for a discharger does not get it: it would be support talking to itself.
 */
export const DISCHARGER_ONLY_PERMISSIONS = ['CHAT'] as const satisfies readonly Permission[];

/** Keys that belong to the transporter's side. */
export const TRANSPORT_ONLY_PERMISSIONS = [
  'CREATE_QUOTE',
  'ACCOUNT_INFO_TRANS',
  'INQUIRY_TRANS',
  'LICENSE_MANAGEMENT',
  'AREA_PRICE_SETTING',
  'BUSINESS_DATE_SETTING',
  'DISPOSAL_UNIT_PRICE',
  'DRIVER_MANAGEMENT',
] as const satisfies readonly Permission[];

/** Keys only a driver holds. */
export const DRIVER_ONLY_PERMISSIONS = ['DRIVER_DAY'] as const satisfies readonly Permission[];

/**
 * Everything a driver holds, once its company is approved: its day and its password. Nothing of prices,
 * contracts, invoices, projects or other companies.
 */
export const DRIVER_PERMISSIONS = ['DRIVER_DAY', 'CHANGE_PASSWORD'] as const satisfies readonly Permission[];

/**
 * What a transporter keeps while its company waits for (or was refused) an administrator's approval:
 * signing in, its account and company, its permit data and the home page. Everything that reads quote
 * requests, projects, areas, reports or prices needs an approved company.
 */
export const UNAPPROVED_TRANSPORT_PERMISSIONS = [
  'HOME',
  'ACCOUNT_INFO_TRANS',
  'CHANGE_PASSWORD',
  'LICENSE_MANAGEMENT',
] as const satisfies readonly Permission[];

/** Keys a role never receives from its role alone; they come as grants in data (ruling 11). */
export const GRANT_ONLY_PERMISSIONS = ['HANDLING_WASTE_UNIT_PRICE'] as const satisfies readonly Permission[];

export interface PermissionSubject {
  /** Roles from the token, without the ROLE_ prefix. An admin acting for an operator holds ADMIN and the operator's role. */
  roles: readonly Role[];
  hasSubscriberNumber: boolean;
  hasEdiKey: boolean;
  collectionRequestEnabled: boolean;
  /** Extra keys granted to this user in data (the platform transporter's unit-price setting). */
  grants: readonly Permission[];
  /** Whether the user's transport company is APPROVED (false while PENDING or REJECTED, or without a company). */
  isTransportApproved: boolean;
}

const without = (from: readonly Permission[], ...remove: (readonly Permission[])[]): Permission[] => {
  const removed = new Set(remove.flat());
  return from.filter((p) => !removed.has(p));
};

// Each role's keys are worked out once: permissions are computed on every call whose session is not cached.
const WASTE_PERMISSIONS = without(
  PERMISSIONS,
  MASTER_ADMIN_PERMISSIONS,
  TRANSPORT_ONLY_PERMISSIONS,
  GRANT_ONLY_PERMISSIONS,
  DRIVER_ONLY_PERMISSIONS,
);
const WASTE_PERMISSIONS_WITHOUT_EDI = without(WASTE_PERMISSIONS, EDI_GATED_PERMISSIONS);

function wastePermissions(subject: PermissionSubject): readonly Permission[] {
  return isEdiReady(subject) ? WASTE_PERMISSIONS : WASTE_PERMISSIONS_WITHOUT_EDI;
}

const TRANSPORT_PERMISSIONS = without(
  PERMISSIONS,
  MASTER_ADMIN_PERMISSIONS,
  NEW_REQUEST_PERMISSIONS,
  GRANT_ONLY_PERMISSIONS,
  DISCHARGER_ONLY_PERMISSIONS,
  DRIVER_ONLY_PERMISSIONS,
  ['ACCOUNT_INFO', 'INQUIRY'],
);

const ADMIN_PERMISSIONS = without(
  PERMISSIONS,
  NEW_REQUEST_PERMISSIONS,
  GRANT_ONLY_PERMISSIONS,
  DISCHARGER_ONLY_PERMISSIONS,
  DRIVER_ONLY_PERMISSIONS,
  [
    'ACCOUNT_INFO',
    'ACCOUNT_INFO_TRANS',
    'INQUIRY',
    'INQUIRY_TRANS',
    'CHANGE_PASSWORD',
    'BUSINESS_DATE_SETTING',
    'DISPOSAL_UNIT_PRICE',
    'LICENSE_MANAGEMENT',
    // A pack is of one company's records: an admin makes one acting for that company, never as itself.
    'EVIDENCE_PACK',
    // The office's dispatch is the transport company's own screen: an admin reaches it acting for one.
    'DRIVER_MANAGEMENT',
  ],
);

export function isEdiReady(
  subject: Pick<PermissionSubject, 'hasSubscriberNumber' | 'hasEdiKey' | 'collectionRequestEnabled'>,
): boolean {
  return subject.hasSubscriberNumber && subject.hasEdiKey && subject.collectionRequestEnabled;
}

/** The permission keys of a signed-in user, in the order of PERMISSIONS. */
export function computePermissions(subject: PermissionSubject): Permission[] {
  const keys = new Set<Permission>();
  const add = (list: readonly Permission[]) => {
    for (const p of list) keys.add(p);
  };
  // A driver holds its day only, and only while its company is approved; an admin never acts for a driver.
  if (subject.roles.includes('DRIVER'))
    return subject.roles.length === 1 && subject.isTransportApproved
      ? PERMISSIONS.filter((p) => (DRIVER_PERMISSIONS as readonly Permission[]).includes(p))
      : [];
  const isAdmin = subject.roles.includes('ADMIN');
  if (isAdmin) add(ADMIN_PERMISSIONS);
  if (subject.roles.includes('WASTE')) {
    if (isAdmin) {
      // Acting for a discharger: the request group and the discharger's own screens, EDI-gated as usual.
      const acting: Permission[] = [
        ...NEW_REQUEST_PERMISSIONS,
        'ACCOUNT_INFO',
        'INQUIRY',
        'CHANGE_PASSWORD',
        'EVIDENCE_PACK',
      ];
      add(isEdiReady(subject) ? acting : without(acting, EDI_GATED_PERMISSIONS));
      if (!isEdiReady(subject)) for (const p of EDI_GATED_PERMISSIONS) keys.delete(p);
      // The transporter's screens (quote registration, area prices) call the transporter's side, which the
      // server refuses a discharger: acting for one, they are out of reach rather than pages that fail.
      if (!subject.roles.includes('TRANSPORT')) for (const p of TRANSPORT_ONLY_PERMISSIONS) keys.delete(p);
    } else {
      add(wastePermissions(subject));
    }
  }
  if (subject.roles.includes('TRANSPORT')) {
    // ACCOUNT_INFO_TRANS is not in the spec's list for an acting admin, but admins are the ones who may
    // edit locked account fields, so they need the transporter's account screen as they have the discharger's.
    if (isAdmin)
      add([
        'CHANGE_PASSWORD',
        'BUSINESS_DATE_SETTING',
        'DISPOSAL_UNIT_PRICE',
        'LICENSE_MANAGEMENT',
        'ACCOUNT_INFO_TRANS',
        'EVIDENCE_PACK',
        // As an admin acting for a discharger gets its inquiries (INQUIRY), one acting for a transporter gets its.
        'INQUIRY_TRANS',
        'DRIVER_MANAGEMENT',
      ]);
    else if (subject.isTransportApproved) add(TRANSPORT_PERMISSIONS);
    // An unapproved company sees no request, project or price; an acting admin keeps its own keys.
    else add(UNAPPROVED_TRANSPORT_PERMISSIONS);
    if (isAdmin || subject.isTransportApproved)
      add(subject.grants.filter((g) => (GRANT_ONLY_PERMISSIONS as readonly Permission[]).includes(g)));
  }
  return PERMISSIONS.filter((p) => keys.has(p));
}
