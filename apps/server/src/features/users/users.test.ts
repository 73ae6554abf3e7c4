import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/users/info and /api/trans/users/info', () => {
  it('answers the discharger its own account information', async () => {
    const res = await t.as('discharger').get('/users/info');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: 'discharger@example.com',
      role: 'WASTE',
      companyName: '株式会社グリーン商事',
      registrantNumber: 'A123456',
      ediConfirmationKey: '12345678',
      offices: [{ officeName: '銀座本社' }],
    });
    expect(res.json().wastes.map((w: { dischargeSitename: string }) => w.dischargeSitename)).toEqual([
      '銀座店',
      '𠮷祥寺倉庫',
    ]);
  });

  it('answers the transporter its own account information on the trans call', async () => {
    const res = await t.as('transporter').get('/trans/users/info');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      role: 'TRANSPORT',
      companyName: '東都環境サービス株式会社',
      wastes: [],
    });
  });

  it('keeps each role to its own variant', async () => {
    expect((await t.as('transporter').get('/users/info')).statusCode).toBe(403);
    expect((await t.as('discharger').get('/trans/users/info')).statusCode).toBe(403);
    expect((await t.as('admin').get('/users/info')).statusCode).toBe(403);
    expect((await t.anonymous.get('/users/info')).statusCode).toBe(401);
  });
});

describe('GET /api/permissions', () => {
  it('answers each role its keys, and the platform transporter its granted key', async () => {
    const keys = async (user: string) =>
      (await t.as(user).get('/permissions')).json().permissions as string[];
    const discharger = await keys('discharger');
    expect(discharger).toEqual(
      expect.arrayContaining(['HOME', 'COLLECTION_REQUEST', 'ACCOUNT_INFO', 'INQUIRY']),
    );
    expect(discharger).not.toContain('MASTER_WASTE');
    const discharger2 = await keys('discharger2');
    expect(discharger2).not.toContain('COLLECTION_REQUEST');
    const transporter = await keys('transporter');
    expect(transporter).toEqual(expect.arrayContaining(['HOME', 'ACCOUNT_INFO_TRANS', 'LICENSE_MANAGEMENT']));
    expect(transporter).not.toContain('HANDLING_WASTE_UNIT_PRICE');
    expect(await keys('platform')).toContain('HANDLING_WASTE_UNIT_PRICE');
    const admin = await keys('admin');
    expect(admin).toEqual(expect.arrayContaining(['ACCOUNT_SELECTION', 'MASTER_WASTE', 'INQUIRY_ADMIN']));
    expect(admin).not.toContain('CHANGE_PASSWORD');
  });
});

describe('GET /api/users/{id}/check-key-registered', () => {
  it('says whether another user holds the value', async () => {
    const info = (await t.as('transporter').get('/trans/users/info')).json();
    const check = (value: string) =>
      t.as('transporter').get(`/users/${info.id}/check-key-registered?subNumOrEdiKey=${value}`);
    expect((await check('A123456')).json()).toEqual({ registered: true });
    expect((await check('12345678')).json()).toEqual({ registered: true });
    expect((await check('Z999999')).json()).toEqual({ registered: false });
  });

  it('does not count the caller itself, and refuses to check for someone else', async () => {
    const me = (await t.as('discharger').get('/users/info')).json();
    const own = await t.as('discharger').get(`/users/${me.id}/check-key-registered?subNumOrEdiKey=A123456`);
    expect(own.json()).toEqual({ registered: false });
    const other = await t
      .as('transporter')
      .get(`/users/${me.id}/check-key-registered?subNumOrEdiKey=A123456`);
    expect(other.statusCode).toBe(403);
  });
});

describe('GET /api/zipcode', () => {
  it('answers prefecture, city and town from the shipped postal data', async () => {
    const res = await t.anonymous.get('/zipcode?zipcode=1040061');
    expect(res.json()).toEqual({ address1: '東京都', address2: '中央区', address3: '銀座' });
    expect((await t.anonymous.get('/zipcode?zipcode=104-0061')).statusCode).toBe(200);
  });

  it('answers pos_code_not_found for an unknown code and MSG_00_23 for a malformed one', async () => {
    const missing = await t.anonymous.get('/zipcode?zipcode=0000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('pos_code_not_found');
    const bad = await t.anonymous.get('/zipcode?zipcode=12ab');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ zipcode: 'MSG_00_23' });
  });
});

describe('API documentation', () => {
  it('lists every call in the OpenAPI document', async () => {
    const res = await t.anonymous.get('/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/auth/login',
      '/api/auth/signup',
      '/api/auth/account/active',
      '/api/auth/link/check',
      '/api/auth/password/send-email',
      '/api/auth/password/reset',
      '/api/auth/password/change',
      '/api/auth/refresh-token',
      '/api/users/info',
      '/api/trans/users/info',
      '/api/users/{id}',
      '/api/users/email-token',
      '/api/users/{id}/check-key-registered',
      '/api/admin/companies/waste',
      '/api/admin/companies/transport',
      '/api/admin/companies/{id}/auth-token',
      '/api/permissions',
      '/api/zipcode',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
