import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';

let t: TestContext;
let tokens: Record<'admin' | 'discharger' | 'discharger2' | 'transporter' | 'platform', string>;
beforeAll(async () => {
  t = await createTestApp();
  tokens = {
    admin: await t.login('admin@example.com'),
    discharger: await t.login('discharger@example.com'),
    discharger2: await t.login('discharger2@example.com'),
    transporter: await t.login('transporter@example.com'),
    platform: await t.login('platform@example.com'),
  };
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.app.inject({ url, headers: token ? t.auth(token) : {} });

describe('GET /api/users/info and /api/trans/users/info', () => {
  it('answers the discharger its own account information', async () => {
    const res = await get('/api/users/info', tokens.discharger);
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
    const res = await get('/api/trans/users/info', tokens.transporter);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      role: 'TRANSPORT',
      companyName: '東都環境サービス株式会社',
      wastes: [],
    });
  });

  it('keeps each role to its own variant', async () => {
    expect((await get('/api/users/info', tokens.transporter)).statusCode).toBe(403);
    expect((await get('/api/trans/users/info', tokens.discharger)).statusCode).toBe(403);
    expect((await get('/api/users/info', tokens.admin)).statusCode).toBe(403);
    expect((await get('/api/users/info')).statusCode).toBe(401);
  });
});

describe('GET /api/permissions', () => {
  it('answers each role its keys, and the platform transporter its granted key', async () => {
    const keys = async (token: string) =>
      (await get('/api/permissions', token)).json().permissions as string[];
    const discharger = await keys(tokens.discharger);
    expect(discharger).toEqual(
      expect.arrayContaining(['HOME', 'COLLECTION_REQUEST', 'ACCOUNT_INFO', 'INQUIRY']),
    );
    expect(discharger).not.toContain('MASTER_WASTE');
    const discharger2 = await keys(tokens.discharger2);
    expect(discharger2).not.toContain('COLLECTION_REQUEST');
    const transporter = await keys(tokens.transporter);
    expect(transporter).toEqual(expect.arrayContaining(['HOME', 'ACCOUNT_INFO_TRANS', 'LICENSE_MANAGEMENT']));
    expect(transporter).not.toContain('HANDLING_WASTE_UNIT_PRICE');
    expect(await keys(tokens.platform)).toContain('HANDLING_WASTE_UNIT_PRICE');
    const admin = await keys(tokens.admin);
    expect(admin).toEqual(expect.arrayContaining(['ACCOUNT_SELECTION', 'MASTER_WASTE', 'INQUIRY_ADMIN']));
    expect(admin).not.toContain('CHANGE_PASSWORD');
  });
});

describe('GET /api/users/{id}/check-key-registered', () => {
  it('says whether another user holds the value', async () => {
    const info = (await get('/api/trans/users/info', tokens.transporter)).json();
    const check = (value: string) =>
      get(`/api/users/${info.id}/check-key-registered?subNumOrEdiKey=${value}`, tokens.transporter);
    expect((await check('A123456')).json()).toEqual({ registered: true });
    expect((await check('12345678')).json()).toEqual({ registered: true });
    expect((await check('Z999999')).json()).toEqual({ registered: false });
  });

  it('does not count the caller itself, and refuses to check for someone else', async () => {
    const me = (await get('/api/users/info', tokens.discharger)).json();
    const own = await get(
      `/api/users/${me.id}/check-key-registered?subNumOrEdiKey=A123456`,
      tokens.discharger,
    );
    expect(own.json()).toEqual({ registered: false });
    const other = await get(
      `/api/users/${me.id}/check-key-registered?subNumOrEdiKey=A123456`,
      tokens.transporter,
    );
    expect(other.statusCode).toBe(403);
  });
});

describe('GET /api/zipcode', () => {
  it('answers prefecture, city and town from the shipped postal data', async () => {
    const res = await get('/api/zipcode?zipcode=1040061');
    expect(res.json()).toEqual({ address1: '東京都', address2: '中央区', address3: '銀座' });
    expect((await get('/api/zipcode?zipcode=104-0061')).statusCode).toBe(200);
  });

  it('answers pos_code_not_found for an unknown code and MSG_00_23 for a malformed one', async () => {
    const missing = await get('/api/zipcode?zipcode=0000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('pos_code_not_found');
    const bad = await get('/api/zipcode?zipcode=12ab');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ zipcode: 'MSG_00_23' });
  });
});

describe('API documentation', () => {
  it('lists every call in the OpenAPI document', async () => {
    const res = await get('/api/docs/json');
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
