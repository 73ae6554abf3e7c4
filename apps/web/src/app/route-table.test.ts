import { computePermissions, type Permission, type PermissionSubject } from '@junkan/shared';
import { describe, expect, it } from 'vitest';
import { visibleMenuPages } from './route-table';

const subject = (roles: PermissionSubject['roles']): PermissionSubject => ({
  roles,
  hasSubscriberNumber: true,
  hasEdiKey: true,
  collectionRequestEnabled: true,
  grants: [],
  isTransportApproved: true,
});

/** The side menu's page keys for a session, from the real permission map. */
const menuKeys = (roles: PermissionSubject['roles'], adminId: number | null) => {
  const keys = computePermissions(subject(roles));
  const has = (k: Permission) => keys.includes(k);
  return visibleMenuPages(has, { roles, adminId }).flatMap((group) => group.map((p) => p.key));
};

describe('side menu of an administrator', () => {
  it('offers only the operator selection and its own pages before an operator is chosen', () => {
    expect(menuKeys(['ADMIN'], null)).toEqual([
      'accountSelection',
      'transportApproval',
      'inquiryAdmin',
      'chatAdmin',
      'noticeAdmin',
    ]);
  });

  it("offers the operator's pages once acting for a discharger", () => {
    const keys = menuKeys(['ADMIN', 'WASTE'], 1);
    expect(keys).toEqual(
      expect.arrayContaining(['home', 'projectManagement', 'quoteRequest', 'accountMaster']),
    );
    // The transporter's own screens stay out of a discharger's menu.
    expect(keys).not.toContain('invoiceRegister');
    expect(keys).not.toContain('businessDateSetting');
  });

  it("offers the transporter's pages once acting for a transporter", () => {
    const keys = menuKeys(['ADMIN', 'TRANSPORT'], 1);
    expect(keys).toEqual(expect.arrayContaining(['home', 'projectManagement', 'licenseManagement']));
    expect(keys).not.toContain('quoteRequest');
  });

  it('leaves the menus of operators as they were', () => {
    expect(menuKeys(['WASTE'], null)).toEqual(expect.arrayContaining(['home', 'quoteRequest', 'inquiry']));
    expect(menuKeys(['WASTE'], null)).not.toContain('accountSelection');
  });
});
