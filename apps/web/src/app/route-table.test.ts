import { computePermissions, type Permission, type PermissionSubject } from '@junkan/shared/permissions';
import { describe, expect, it } from 'vitest';
import enCommon from '../locales/en/common.json';
import jaCommon from '../locales/ja/common.json';
import { PAGE_COMPONENTS } from './page-components';
import { APP_PAGES, breadcrumbTrail, findPage, menuKeyForPath, visibleMenuPages } from './route-table';

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
      'operations',
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

describe('breadcrumb trail', () => {
  it.each([
    ['/home', [{ key: 'home' }]],
    ['/nowhere', [{ key: 'home' }]],
    ['/project-managment', [{ key: 'home', to: '/home' }, { key: 'projectManagement' }]],
    [
      '/project-managment/detail/7',
      [
        { key: 'home', to: '/home' },
        { key: 'projectManagement', to: '/project-managment' },
        { key: 'projectDetail', id: 7 },
      ],
    ],
    [
      '/project-managment/create-quote/7',
      [
        { key: 'home', to: '/home' },
        { key: 'projectManagement', to: '/project-managment' },
        { key: 'projectDetail', id: 7, to: '/project-managment/detail/7' },
        { key: 'createQuote', id: 7 },
      ],
    ],
    [
      '/contract-create/12',
      [
        { key: 'home', to: '/home' },
        { key: 'contractManagement', to: '/contract-management' },
        { key: 'contractCreate', id: 12 },
      ],
    ],
    [
      '/contract-management/contract-creation/12',
      [
        { key: 'home', to: '/home' },
        { key: 'contractManagement', to: '/contract-management' },
        { key: 'contractCreate', id: 12 },
      ],
    ],
    [
      '/achievements/detail',
      [
        { key: 'home', to: '/home' },
        { key: 'achievements', to: '/achievements' },
        { key: 'achievementDetail' },
      ],
    ],
    [
      '/account-master/trans/update/3',
      [
        { key: 'home', to: '/home' },
        { key: 'accountMaster', to: '/account-master' },
        { key: 'accountMasterUpdate', id: 3 },
      ],
    ],
    // A detail address without a usable id names the page but links nowhere it cannot open.
    [
      '/project-managment/create-quote/x',
      [
        { key: 'home', to: '/home' },
        { key: 'projectManagement', to: '/project-managment' },
        { key: 'projectDetail' },
        { key: 'createQuote' },
      ],
    ],
  ])('%s', (pathname, expected) => {
    expect(breadcrumbTrail(pathname)).toEqual(expected);
  });

  it('gives every parent named in the table a page, and every page a label in the menu', () => {
    for (const page of APP_PAGES) if (page.parent) expect(findPage(page.parent)).toBeDefined();
    for (const menu of [jaCommon.menu, enCommon.menu])
      for (const page of APP_PAGES) expect(menu, page.key).toHaveProperty(page.key);
  });
});

describe('menu entry of a path', () => {
  it('is the page itself, or the nearest parent in a menu', () => {
    expect(menuKeyForPath('/project-managment')).toBe('projectManagement');
    expect(menuKeyForPath('/project-managment/create-quote/7')).toBe('projectManagement');
    expect(menuKeyForPath('/invoice-management/detail/3')).toBe('invoiceManagement');
    expect(menuKeyForPath('/nowhere')).toBeUndefined();
  });
});

describe('the one page table', () => {
  it('gives every built page a route under its own path and a component, and every route a built page', () => {
    for (const page of APP_PAGES) {
      if (page.built) expect(page.route, page.key).toBeDefined();
      if (!page.route) continue;
      expect(page.built, page.key).toBe(true);
      expect(page.route === page.path || page.route.startsWith(`${page.path}/:`), page.key).toBe(true);
    }
    const routed = APP_PAGES.flatMap((p) => (p.route ? [p] : []));
    expect(new Set(routed.map((p) => p.route)).size).toBe(routed.length);
    expect(Object.keys(PAGE_COMPONENTS).sort()).toEqual(routed.map((p) => p.route).sort());
  });
});
