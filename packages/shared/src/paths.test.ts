import { describe, expect, it } from 'vitest';
import { APP_BASE, appLink, childPath, paths } from './paths';

describe('paths', () => {
  it('links a manifest number to its detail page', () => {
    expect(paths.manifestDetail.to('12345678901')).toBe('/manifest-detail?manifestNumber=12345678901');
    expect(paths.manifestDetail.path).toBe('/manifest-detail');
    expect(paths.manifestDetail.to('A 1&2')).toBe('/manifest-detail?manifestNumber=A%201%262');
  });

  it('builds the links of pages with an id', () => {
    expect(paths.projectDetail.to(7)).toBe('/project-managment/detail/7');
    expect(paths.contractCreate.to(7)).toBe('/contract-create/7');
    expect(paths.collectionScheduleDetail.to(7)).toBe('/collection-schedules/detail/7');
  });

  it('names a registry path as a child route', () => {
    expect(childPath(paths.manifestDetail.path)).toBe('manifest-detail');
  });
});

describe('appLink', () => {
  it('puts a page under the public origin and the app’s base, whatever the origin’s trailing slash', () => {
    expect(appLink('https://junkan.example.jp', paths.invoiceDetail.to(12))).toBe(
      'https://junkan.example.jp/sys/invoice-management/detail/12',
    );
    expect(appLink('https://junkan.example.jp/', paths.licenseManagement.to())).toBe(
      'https://junkan.example.jp/sys/license-management',
    );
    expect(appLink('http://localhost:3000', `${paths.resetPassword.to()}?token=a%2Bb`)).toBe(
      'http://localhost:3000/sys/reset-pass?token=a%2Bb',
    );
    expect(`${APP_BASE}${paths.home.to()}`).toBe('/sys/home');
  });
});
