import { describe, expect, it } from 'vitest';
import {
  computePermissions,
  EDI_GATED_PERMISSIONS,
  MASTER_ADMIN_PERMISSIONS,
  NEW_REQUEST_PERMISSIONS,
  PERMISSIONS,
  type Permission,
  type PermissionSubject,
  TRANSPORT_ONLY_PERMISSIONS,
  UNAPPROVED_TRANSPORT_PERMISSIONS,
} from './permissions';

const subject = (over: Partial<PermissionSubject>): PermissionSubject => ({
  roles: [],
  hasSubscriberNumber: false,
  hasEdiKey: false,
  collectionRequestEnabled: false,
  grants: [],
  isTransportApproved: true,
  ...over,
});
const ediReady = { hasSubscriberNumber: true, hasEdiKey: true, collectionRequestEnabled: true };
const has = (list: Permission[], keys: readonly Permission[]) => keys.every((k) => list.includes(k));
const hasNone = (list: Permission[], keys: readonly Permission[]) => keys.every((k) => !list.includes(k));

describe('computePermissions (section 6)', () => {
  it('gives a driver its day and its password only, and only while its company is approved', () => {
    expect(
      computePermissions(subject({ roles: ['DRIVER'], ...ediReady, grants: ['HANDLING_WASTE_UNIT_PRICE'] })),
    ).toEqual(['CHANGE_PASSWORD', 'DRIVER_DAY']);
    expect(computePermissions(subject({ roles: ['DRIVER'], isTransportApproved: false }))).toEqual([]);
    // An admin never acts for a driver: such a token holds nothing.
    expect(computePermissions(subject({ roles: ['ADMIN', 'DRIVER'] }))).toEqual([]);
  });

  it("keeps the driver's day from every other role and the dispatch on the transporter's side", () => {
    for (const roles of [
      ['ADMIN'],
      ['WASTE'],
      ['TRANSPORT'],
      ['ADMIN', 'WASTE'],
      ['ADMIN', 'TRANSPORT'],
    ] as const)
      expect(computePermissions(subject({ roles: [...roles], ...ediReady }))).not.toContain('DRIVER_DAY');
    expect(computePermissions(subject({ roles: ['TRANSPORT'] }))).toContain('DRIVER_MANAGEMENT');
    expect(computePermissions(subject({ roles: ['ADMIN', 'TRANSPORT'] }))).toContain('DRIVER_MANAGEMENT');
    expect(computePermissions(subject({ roles: ['TRANSPORT'], isTransportApproved: false }))).not.toContain(
      'DRIVER_MANAGEMENT',
    );
    for (const roles of [['ADMIN'], ['WASTE'], ['ADMIN', 'WASTE']] as const)
      expect(computePermissions(subject({ roles: [...roles], ...ediReady }))).not.toContain(
        'DRIVER_MANAGEMENT',
      );
  });

  it('gives an admin everything but the request group, account info, inquiry, password and transport settings', () => {
    const p = computePermissions(subject({ roles: ['ADMIN'] }));
    expect(has(p, MASTER_ADMIN_PERMISSIONS)).toBe(true);
    expect(
      hasNone(p, [
        ...NEW_REQUEST_PERMISSIONS,
        'ACCOUNT_INFO',
        'INQUIRY',
        'CHANGE_PASSWORD',
        'BUSINESS_DATE_SETTING',
        'DISPOSAL_UNIT_PRICE',
        'LICENSE_MANAGEMENT',
        'HANDLING_WASTE_UNIT_PRICE',
      ]),
    ).toBe(true);
    expect(has(p, ['HOME', 'AREA_PRICE_SETTING', 'INVOICE_REGISTER', 'INQUIRY_ADMIN'])).toBe(true);
  });

  it('adds the discharger screens to an admin acting for an EDI-ready discharger', () => {
    const p = computePermissions(subject({ roles: ['ADMIN', 'WASTE'], ...ediReady }));
    expect(
      has(p, [...NEW_REQUEST_PERMISSIONS, 'ACCOUNT_INFO', 'INQUIRY', 'CHANGE_PASSWORD', 'INVOICE_REGISTER']),
    ).toBe(true);
    expect(has(p, MASTER_ADMIN_PERMISSIONS)).toBe(true);
  });

  it("keeps the transporter's screens from an admin acting for a discharger (the server refuses their calls)", () => {
    const p = computePermissions(subject({ roles: ['ADMIN', 'WASTE'], ...ediReady }));
    expect(hasNone(p, TRANSPORT_ONLY_PERMISSIONS)).toBe(true);
    expect(computePermissions(subject({ roles: ['ADMIN', 'TRANSPORT'] }))).toEqual(
      expect.arrayContaining(['CREATE_QUOTE', 'AREA_PRICE_SETTING']),
    );
  });

  it('removes the EDI-gated keys from an admin acting for a discharger without subscriber number, key or flag', () => {
    for (const missing of ['hasSubscriberNumber', 'hasEdiKey', 'collectionRequestEnabled'] as const) {
      const p = computePermissions(subject({ roles: ['ADMIN', 'WASTE'], ...ediReady, [missing]: false }));
      expect(hasNone(p, EDI_GATED_PERMISSIONS)).toBe(true);
      expect(has(p, ['NEW_REQUEST', 'QUOTE_REQUEST', 'REGULAR_GARBAGE_QUOTE', 'ACCOUNT_INFO'])).toBe(true);
    }
  });

  it('adds the transport settings to an admin acting for a transporter', () => {
    const p = computePermissions(subject({ roles: ['ADMIN', 'TRANSPORT'] }));
    expect(
      has(p, ['CHANGE_PASSWORD', 'BUSINESS_DATE_SETTING', 'DISPOSAL_UNIT_PRICE', 'LICENSE_MANAGEMENT']),
    ).toBe(true);
    expect(hasNone(p, [...NEW_REQUEST_PERMISSIONS, 'INQUIRY', 'HANDLING_WASTE_UNIT_PRICE'])).toBe(true);
  });

  it('gives a discharger no master, transport-only or unit-price keys', () => {
    const p = computePermissions(subject({ roles: ['WASTE'], ...ediReady }));
    expect(
      hasNone(p, [...MASTER_ADMIN_PERMISSIONS, ...TRANSPORT_ONLY_PERMISSIONS, 'HANDLING_WASTE_UNIT_PRICE']),
    ).toBe(true);
    expect(has(p, [...NEW_REQUEST_PERMISSIONS, 'HOME', 'INQUIRY', 'ACCOUNT_INFO', 'CHANGE_PASSWORD'])).toBe(
      true,
    );
  });

  it('gates the collection-request keys of a discharger on subscriber number, EDI key and flag', () => {
    const p = computePermissions(subject({ roles: ['WASTE'], hasSubscriberNumber: true, hasEdiKey: true }));
    expect(hasNone(p, EDI_GATED_PERMISSIONS)).toBe(true);
    expect(p).toContain('NEW_REQUEST');
  });

  it('gives a transporter all but master, request group, account info and inquiry', () => {
    const p = computePermissions(subject({ roles: ['TRANSPORT'] }));
    expect(
      hasNone(p, [...MASTER_ADMIN_PERMISSIONS, ...NEW_REQUEST_PERMISSIONS, 'ACCOUNT_INFO', 'INQUIRY']),
    ).toBe(true);
    expect(has(p, [...TRANSPORT_ONLY_PERMISSIONS, 'HOME', 'CHANGE_PASSWORD', 'INVOICE_REGISTER'])).toBe(true);
    expect(p).not.toContain('HANDLING_WASTE_UNIT_PRICE');
  });

  it("keeps each side's inquiry view to its own key: INQUIRY, INQUIRY_TRANS, INQUIRY_ADMIN", () => {
    const keys = (roles: PermissionSubject['roles'], over: Partial<PermissionSubject> = {}) =>
      computePermissions(subject({ roles, ...over })).filter((k) => k.startsWith('INQUIRY'));
    expect(keys(['WASTE'])).toEqual(['INQUIRY']);
    expect(keys(['TRANSPORT'])).toEqual(['INQUIRY_TRANS']);
    expect(keys(['TRANSPORT'], { isTransportApproved: false })).toEqual([]);
    expect(keys(['ADMIN'])).toEqual(['INQUIRY_ADMIN']);
    expect(keys(['ADMIN', 'WASTE'])).toEqual(['INQUIRY', 'INQUIRY_ADMIN']);
    expect(keys(['ADMIN', 'TRANSPORT'])).toEqual(['INQUIRY_TRANS', 'INQUIRY_ADMIN']);
  });

  it('honours the handling-waste unit-price grant for transporters only (ruling 11)', () => {
    const grants: Permission[] = ['HANDLING_WASTE_UNIT_PRICE'];
    expect(computePermissions(subject({ roles: ['TRANSPORT'], grants }))).toContain(
      'HANDLING_WASTE_UNIT_PRICE',
    );
    expect(computePermissions(subject({ roles: ['ADMIN', 'TRANSPORT'], grants }))).toContain(
      'HANDLING_WASTE_UNIT_PRICE',
    );
    expect(computePermissions(subject({ roles: ['WASTE'], grants }))).not.toContain(
      'HANDLING_WASTE_UNIT_PRICE',
    );
    // A grant cannot smuggle in a key that is not grant-only.
    expect(computePermissions(subject({ roles: ['TRANSPORT'], grants: ['MASTER_WASTE'] }))).not.toContain(
      'MASTER_WASTE',
    );
  });

  it('gives a transporter whose company is not approved only sign-in, account, permit and home keys', () => {
    const grants: Permission[] = ['HANDLING_WASTE_UNIT_PRICE'];
    const p = computePermissions(subject({ roles: ['TRANSPORT'], grants, isTransportApproved: false }));
    expect([...p].sort()).toEqual([...UNAPPROVED_TRANSPORT_PERMISSIONS].sort());
    expect(
      hasNone(p, [
        'PROJECT_MANAGEMENT',
        'CREATE_QUOTE',
        'AREA_PRICE_SETTING',
        'ACHIEVEMENTS',
        'CONTRACT_MANAGEMENT',
        'MANIFEST_MANAGEMENT',
        'HANDLING_WASTE_UNIT_PRICE',
      ]),
    ).toBe(true);
    // The same transporter once approved has them.
    const approved = computePermissions(subject({ roles: ['TRANSPORT'], grants, isTransportApproved: true }));
    expect(has(approved, ['PROJECT_MANAGEMENT', 'CREATE_QUOTE', 'AREA_PRICE_SETTING'])).toBe(true);
  });

  it('keeps the approval screen for admins only', () => {
    expect(computePermissions(subject({ roles: ['ADMIN'] }))).toContain('TRANSPORT_APPROVAL');
    for (const roles of [['WASTE'], ['TRANSPORT']] as const)
      expect(computePermissions(subject({ roles: [...roles], ...ediReady }))).not.toContain(
        'TRANSPORT_APPROVAL',
      );
  });

  it('gives the chat widget to a discharger only, and the inbox and notice writing to admins only', () => {
    const cases: [PermissionSubject['roles'], Permission[], Permission[]][] = [
      [['WASTE'], ['CHAT', 'NOTICE'], ['CHAT_ADMIN', 'NOTICE_ADMIN']],
      [['TRANSPORT'], ['NOTICE'], ['CHAT', 'CHAT_ADMIN', 'NOTICE_ADMIN']],
      [['ADMIN'], ['CHAT_ADMIN', 'NOTICE_ADMIN', 'NOTICE'], ['CHAT']],
      // Acting for a discharger, the admin is still support: no widget of its own.
      [['ADMIN', 'WASTE'], ['CHAT_ADMIN', 'NOTICE_ADMIN'], ['CHAT']],
      [['ADMIN', 'TRANSPORT'], ['CHAT_ADMIN', 'NOTICE_ADMIN'], ['CHAT']],
    ];
    for (const [roles, held, notHeld] of cases) {
      const p = computePermissions(subject({ roles, ...ediReady }));
      expect(has(p, held), `${roles} holds ${held}`).toBe(true);
      expect(hasNone(p, notHeld), `${roles} lacks ${notHeld}`).toBe(true);
    }
    // A transporter awaiting approval reads no notices either.
    expect(computePermissions(subject({ roles: ['TRANSPORT'], isTransportApproved: false }))).not.toContain(
      'NOTICE',
    );
  });

  it('gives the evidence pack to both sides and to an admin acting for either, not to an admin alone', () => {
    for (const roles of [['WASTE'], ['TRANSPORT'], ['ADMIN', 'WASTE'], ['ADMIN', 'TRANSPORT']] as const)
      expect(computePermissions(subject({ roles: [...roles] }))).toContain('EVIDENCE_PACK');
    expect(computePermissions(subject({ roles: ['ADMIN'] }))).not.toContain('EVIDENCE_PACK');
    expect(computePermissions(subject({ roles: ['TRANSPORT'], isTransportApproved: false }))).not.toContain(
      'EVIDENCE_PACK',
    );
  });

  it('gives nothing without a role and answers keys in catalogue order', () => {
    expect(computePermissions(subject({}))).toEqual([]);
    const p = computePermissions(subject({ roles: ['TRANSPORT'] }));
    expect(p).toEqual(PERMISSIONS.filter((k) => p.includes(k)));
  });
});
