import type { AccountInfoResponse } from '@junkan/shared/api/users';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestApp, decodeClaims, type TestContext } from '../../../test/test-app';
import {
  auditLogs,
  companies,
  dischargeSites,
  offices,
  projectDischargeSites,
  projects,
  users,
} from '../../db/schema';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Payload = Record<string, unknown> & {
  offices: Record<string, unknown>[];
  wastes: Record<string, unknown>[];
};

const putUsers = (payload: unknown, who: Caller = 'discharger') => t.as(who).put('/users', payload);
const putTrans = (payload: unknown, who: Caller = 'transporter') => t.as(who).put('/trans/users', payload);

async function info(who: Caller, url = '/users/info'): Promise<AccountInfoResponse> {
  const res = await t.as(who).get(url);
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** The current account information as an update payload (what the form sends back unchanged). */
async function payloadOf(who: Caller, url = '/users/info'): Promise<Payload> {
  const { id: _id, email: _email, role: _role, ...rest } = await info(who, url);
  return rest as unknown as Payload;
}

const newOffice = (name: string) => ({
  officeId: -1,
  officeName: name,
  officePostalCode: '104-0061',
  officeAddress: '東京都中央区銀座1-1-1',
  officeTelephone: '03-1234-5678',
  officeEmail: 'office@example.com',
});

const newSite = (name: string) => ({
  wasteId: -1,
  dischargeSitename: name,
  wastePostalCode: '180-0004',
  wasteAddress: '東京都武蔵野市',
  wasteAddress2: '吉祥寺本町',
  wasteAddress3: '1-2-3 吉祥寺ビル1F',
  wasteTelephone: '0422-12-3456',
  wasteEmail: 'site@example.com',
  wasteStaff: '山田',
});

describe('PUT /api/users', () => {
  it('updates the company, adds an office and a discharge site, and answers the info with a fresh token', async () => {
    const before = await payloadOf('discharger');
    const res = await putUsers({
      ...before,
      accountName: 'グリーン担当',
      companyName: '株式会社グリーン商事 本社',
      companyTelephone: '03-9999-0000',
      offices: [...before.offices, newOffice('新宿営業所')],
      wastes: [...before.wastes, newSite('吉祥寺第二倉庫')],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.info).toMatchObject({
      accountName: 'グリーン担当',
      companyName: '株式会社グリーン商事 本社',
      companyTelephone: '03-9999-0000',
      registrantNumber: 'A123456',
      ediConfirmationKey: '12345678',
    });
    expect(body.info.offices.map((o: { officeName: string }) => o.officeName)).toEqual([
      '銀座本社',
      '新宿営業所',
    ]);
    expect(body.info.wastes.map((w: { dischargeSitename: string }) => w.dischargeSitename)).toEqual([
      '銀座店',
      '𠮷祥寺倉庫',
      '吉祥寺第二倉庫',
    ]);
    expect(body.info.wastes[2]).toMatchObject({ wasteAddress3: '1-2-3 吉祥寺ビル1F', wasteStaff: '山田' });
    const claims = decodeClaims(body.token);
    expect(claims).toMatchObject({ sub: 'discharger@example.com', subNum: 'A123456', ediKey: '12345678' });
    expect(claims.adminId).toBeUndefined();
    expect(await info({ token: body.token })).toEqual(body.info);

    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entity, 'account_info'))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit).toMatchObject({ action: 'update', entityId: String(body.info.id), adminId: null });
  });

  it('ignores the content of existing entries: they are not editable', async () => {
    const before = await payloadOf('discharger');
    const offices0 = { ...before.offices[0], officeName: '書き換え', officeTelephone: 'x' };
    const res = await putUsers({ ...before, offices: [offices0, ...before.offices.slice(1)] });
    expect(res.statusCode).toBe(200);
    expect(res.json().info.offices[0].officeName).toBe('銀座本社');
  });

  it('removes an existing entry left out of the payload when nothing uses it', async () => {
    const before = await payloadOf('discharger');
    const res = await putUsers({
      ...before,
      offices: before.offices.filter((o) => o.officeName !== '新宿営業所'),
      wastes: before.wastes.filter((w) => w.dischargeSitename !== '吉祥寺第二倉庫'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().info.offices).toHaveLength(1);
    expect(res.json().info.wastes).toHaveLength(2);
  });

  it('refuses to remove an office a project uses (409 in_use_cannot_delete)', async () => {
    const before = await payloadOf('discharger');
    const res = await putUsers({ ...before, offices: [], accountName: '変更しない' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'in_use_cannot_delete',
      params: { usedBy: 'officeProjects', name: '銀座本社' },
    });
    // Nothing of the call was saved.
    expect((await info('discharger')).accountName).toBe('グリーン担当');
  });

  it('refuses to remove a discharge site a project uses', async () => {
    const before = await payloadOf('discharger');
    const site = before.wastes[0]!;
    const [me] = await t.db.select().from(users).where(eq(users.email, 'discharger@example.com'));
    const [project] = await t.db
      .select()
      .from(projects)
      .where(eq(projects.companyId, me!.companyId!))
      .limit(1);
    // The demo's first project may collect there already.
    await t.db
      .insert(projectDischargeSites)
      .values({ projectId: project!.id, dischargeSiteId: site.wasteId as number })
      .onConflictDoNothing();
    const res = await putUsers({ ...before, wastes: before.wastes.slice(1) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'in_use_cannot_delete',
      params: { usedBy: 'dischargeSiteProjects', name: '銀座店' },
    });
    expect((await info('discharger')).wastes).toHaveLength(2);
  });

  it("refuses another company's office or site id and leaves that company's rows alone", async () => {
    const [other] = await t.db
      .select({ id: offices.id })
      .from(offices)
      .innerJoin(users, eq(users.companyId, offices.companyId))
      .where(eq(users.email, 'discharger2@example.com'));
    const before = await payloadOf('discharger');
    const stolen = { ...newOffice('他社'), officeId: other!.id };
    const res = await putUsers({ ...before, offices: [...before.offices, stolen] });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
    const unknown = await putUsers({
      ...before,
      wastes: [...before.wastes, { ...newSite('x'), wasteId: 999999 }],
    });
    expect(unknown.statusCode).toBe(404);
    const [still] = await t.db.select().from(offices).where(eq(offices.id, other!.id));
    expect(still?.name).toBe((await info('discharger2')).offices[0]?.officeName);
    expect((await info('discharger')).offices).toHaveLength(1);
  });

  it('answers validation_error with each field code', async () => {
    const before = await payloadOf('discharger');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ accountName: '' }, 'accountName', 'MSG_00_21'],
      [{ accountName: 'あ'.repeat(17) }, 'accountName', 'max_length_exceeded'],
      [{ companyName: '   ' }, 'companyName', 'MSG_00_21'],
      [{ companyName: 'あ'.repeat(33) }, 'companyName', 'max_length_exceeded'],
      [{ companyPostalCode: '1040061' }, 'companyPostalCode', 'MSG_00_23'],
      [{ companyAddress: '' }, 'companyAddress', 'MSG_00_21'],
      [{ companyEmail: 'not-an-email' }, 'companyEmail', 'MSG_00_22'],
      [{ companyTelephone: '12-3456-7890' }, 'companyTelephone', 'MSG_00_24'],
      [{ contractPic: '' }, 'contractPic', 'MSG_00_21'],
      [{ registrantNumber: 'A12' }, 'registrantNumber', 'MSG_05_2'],
      [{ ediConfirmationKey: '1234567a' }, 'ediConfirmationKey', 'MSG_05_3'],
      [{ accountName: 123 }, 'accountName', 'MSG_00_21'],
      [{ offices: [{ ...newOffice(''), officeEmail: 'x' }] }, 'offices.0.officeName', 'MSG_00_21'],
      [{ offices: [{ ...newOffice('a'), officeEmail: 'x' }] }, 'offices.0.officeEmail', 'MSG_00_22'],
      [
        { wastes: [...before.wastes, { ...newSite('a'), wasteAddress3: '' }] },
        'wastes.2.wasteAddress3',
        'MSG_00_21',
      ],
      [{ wastes: [{ ...newSite('a'), wasteStaff: undefined }] }, 'wastes.0.wasteStaff', 'MSG_00_21'],
      [{ wastes: [{ ...newSite('a'), wastePostalCode: '180' }] }, 'wastes.0.wastePostalCode', 'MSG_00_23'],
      [{ offices: [{ officeName: 'no id' }] }, 'offices.0.officeId', 'invalid_format'],
    ];
    for (const [patch, field, code] of cases) {
      const res = await putUsers({ ...before, ...patch });
      expect(res.statusCode, `${field} ${code}`).toBe(400);
      expect(res.json().code).toBe('validation_error');
      expect(res.json().fields[field], JSON.stringify(res.json().fields)).toBe(code);
    }
    const missing = await putUsers({ companyName: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields)).toEqual(
      expect.arrayContaining(['accountName', 'companyPostalCode', 'companyEmail', 'contractPic']),
    );
  });

  it('refuses a change of a stored registrant number or EDI key (key_locked)', async () => {
    const before = await payloadOf('discharger');
    const changed = await putUsers({ ...before, registrantNumber: 'Z999999' });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toMatchObject({ code: 'key_locked', fields: { registrantNumber: 'key_locked' } });
    const cleared = await putUsers({ ...before, registrantNumber: 'A123456', ediConfirmationKey: '' });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().fields).toEqual({ ediConfirmationKey: 'key_locked' });
    expect(await info('discharger')).toMatchObject({
      registrantNumber: 'A123456',
      ediConfirmationKey: '12345678',
    });
  });

  it('lets an admin acting for the discharger change the stored keys, keeping adminId in the new token', async () => {
    const [green] = await t.db
      .select()
      .from(companies)
      .where(eq(companies.name, '株式会社グリーン商事 本社'));
    const acting = await t.as('admin').post(`/admin/companies/${green!.id}/auth-token?isTransport=false`);
    expect(acting.statusCode).toBe(200);
    const actingAdmin = { token: acting.json().token as string };
    const before = await payloadOf(actingAdmin);
    const res = await putUsers(
      { ...before, registrantNumber: 'A765432', ediConfirmationKey: '87654321' },
      actingAdmin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().info).toMatchObject({ registrantNumber: 'A765432', ediConfirmationKey: '87654321' });
    const claims = decodeClaims(res.json().token);
    expect(claims).toMatchObject({
      subNum: 'A765432',
      ediKey: '87654321',
      authorities: ['ROLE_ADMIN', 'ROLE_WASTE'],
    });
    expect(claims.adminId).toBeTypeOf('number');
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'account_info'), eq(auditLogs.action, 'update')))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit?.adminId).toBe(claims.adminId);
    // The acting admin may also clear them.
    const cleared = await putUsers(
      { ...before, registrantNumber: '', ediConfirmationKey: null },
      actingAdmin,
    );
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().info).toMatchObject({ registrantNumber: null, ediConfirmationKey: null });
    // Back to the seeded values for the tests that follow.
    const restored = await putUsers(
      { ...before, registrantNumber: 'A123456', ediConfirmationKey: '12345678' },
      actingAdmin,
    );
    expect(restored.statusCode).toBe(200);
  });

  it('lets a user set a key not stored yet, then locks it; the new token carries it', async () => {
    const before = await payloadOf('discharger2');
    expect(before.registrantNumber).toBeNull();
    const res = await putUsers({ ...before, registrantNumber: 'B765432' }, 'discharger2');
    expect(res.statusCode).toBe(200);
    expect(decodeClaims(res.json().token)).toMatchObject({ subNum: 'B765432', ediKey: null });
    const again = await putUsers({ ...before, registrantNumber: 'B765433' }, { token: res.json().token });
    expect(again.json().code).toBe('key_locked');
  });

  it('answers 409 for a registrant number or EDI key another user holds', async () => {
    const before = await payloadOf('discharger2');
    const sub = await putUsers(
      { ...before, registrantNumber: 'B765432', ediConfirmationKey: '12345678' },
      'discharger2',
    );
    expect(sub.statusCode).toBe(409);
    expect(sub.json()).toMatchObject({
      code: 'edi_key_can_not_use',
      fields: { ediConfirmationKey: 'edi_key_can_not_use' },
    });
    const trans = await payloadOf('transporter', '/trans/users/info');
    const taken = await putTrans({ ...trans, registrantNumber: 'A123456' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ registrantNumber: 'sub_num_can_not_use' });
  });

  it('gives one success and one 409 when two users claim the same key at once', async () => {
    const trans = await payloadOf('transporter', '/trans/users/info');
    const platform = await payloadOf('platform', '/trans/users/info');
    const results = await Promise.all([
      putTrans({ ...trans, ediConfirmationKey: '55556666' }, 'transporter'),
      putTrans({ ...platform, ediConfirmationKey: '55556666' }, 'platform'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const conflict = results.find((r) => r.statusCode === 409)!;
    expect(conflict.json().fields).toEqual({ ediConfirmationKey: 'edi_key_can_not_use' });
  });

  it('creates the company of a user that has none', async () => {
    const [template] = await t.db.select().from(users).where(eq(users.email, 'discharger2@example.com'));
    await t.db.insert(users).values({
      email: 'nocompany@example.com',
      passwordHash: template!.passwordHash,
      role: 'WASTE',
      enabled: true,
    });
    const res = await putUsers(
      {
        accountName: '新規',
        companyName: '新規商会',
        companyPostalCode: '104-0061',
        companyAddress: '東京都中央区銀座2-2-2',
        companyTelephone: '03-1111-2222',
        companyEmail: 'new@example.com',
        contractPic: '佐藤',
        wastes: [newSite('新規店')],
      },
      'nocompany@example.com',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().info).toMatchObject({
      companyName: '新規商会',
      offices: [],
      wastes: [{ dischargeSitename: '新規店' }],
    });
    const [saved] = await t.db.select().from(users).where(eq(users.email, 'nocompany@example.com'));
    const [company] = await t.db.select().from(companies).where(eq(companies.id, saved!.companyId!));
    expect(company).toMatchObject({ type: 'WASTE', name: '新規商会', contractPic: '佐藤' });
    const sites = await t.db.select().from(dischargeSites).where(eq(dischargeSites.companyId, company!.id));
    expect(sites).toHaveLength(1);
  });

  it('keeps each role to its own variant, and needs a token', async () => {
    const waste = await payloadOf('discharger');
    const trans = await payloadOf('transporter', '/trans/users/info');
    expect((await putUsers(trans, 'transporter')).statusCode).toBe(403);
    expect((await putTrans(waste, 'discharger')).statusCode).toBe(403);
    expect((await putUsers(waste, 'admin')).statusCode).toBe(403);
    expect((await putTrans(trans, 'admin')).statusCode).toBe(403);
    expect((await t.anonymous.put('/users', waste)).statusCode).toBe(401);
    expect((await t.anonymous.put('/trans/users', trans)).statusCode).toBe(401);
  });
});

describe('PUT /api/trans/users', () => {
  it("updates the transporter's company and offices", async () => {
    const before = await payloadOf('transporter', '/trans/users/info');
    const res = await putTrans({
      ...before,
      contractPic: '運行管理',
      companyAddress: '東京都江東区新木場1-1-1',
      offices: [...before.offices, newOffice('新木場営業所')],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().info).toMatchObject({
      role: 'TRANSPORT',
      contractPic: '運行管理',
      companyAddress: '東京都江東区新木場1-1-1',
    });
    expect(res.json().info.offices.at(-1)).toMatchObject({
      officeName: '新木場営業所',
      officePostalCode: '104-0061',
    });
    expect(decodeClaims(res.json().token)).toMatchObject({
      sub: 'transporter@example.com',
      authorities: ['ROLE_TRANSPORT'],
    });
    expect(await info({ token: res.json().token }, '/trans/users/info')).toEqual(res.json().info);
  });

  it('refuses a change of a stored key for the transporter too', async () => {
    const before = await payloadOf('platform', '/trans/users/info');
    if (before.ediConfirmationKey == null) {
      // The concurrent-claim test may have given the key to the other transporter.
      const set = await putTrans({ ...before, ediConfirmationKey: '77778888' }, 'platform');
      expect(set.statusCode).toBe(200);
    }
    const now = await payloadOf('platform', '/trans/users/info');
    const res = await putTrans({ ...now, ediConfirmationKey: '99990000' }, 'platform');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ ediConfirmationKey: 'key_locked' });
  });

  it('stores the qualified-invoice registration number normalised, keeps it when left out, clears it when empty', async () => {
    const before = await payloadOf('transporter', '/trans/users/info');
    const set = await putTrans({ ...before, invoiceRegistrationNumber: 'ｔ７００００１２０５０００２' });
    expect(set.statusCode).toBe(200);
    expect(set.json().info.invoiceRegistrationNumber).toBe('T7000012050002');
    const { invoiceRegistrationNumber: _left, ...withoutNumber } = await payloadOf(
      'transporter',
      '/trans/users/info',
    );
    const kept = await putTrans(withoutNumber);
    expect(kept.json().info.invoiceRegistrationNumber).toBe('T7000012050002');
    const cleared = await putTrans({ ...withoutNumber, invoiceRegistrationNumber: '' });
    expect(cleared.json().info.invoiceRegistrationNumber).toBeNull();
  });

  it.each([
    ['T8000012050002', 'invoice_registration_number_check_digit'],
    ['T700001205000', 'invoice_registration_number_invalid'],
    ['7000012050002', 'invoice_registration_number_invalid'],
    [12345, 'invalid_format'],
  ])('refuses the registration number %s with %s next to the field', async (value, code) => {
    const before = await payloadOf('transporter', '/trans/users/info');
    const res = await putTrans({ ...before, invoiceRegistrationNumber: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ invoiceRegistrationNumber: code });
  });

  it("ignores a registration number in a discharger's account information", async () => {
    const before = await payloadOf('discharger');
    const res = await putUsers({ ...before, invoiceRegistrationNumber: 'T7000012050002' });
    expect(res.statusCode).toBe(200);
    expect(res.json().info.invoiceRegistrationNumber).toBeNull();
  });

  it('lists both calls in the OpenAPI document', async () => {
    const res = await t.anonymous.get('/docs/json');
    const paths = res.json().paths;
    expect(paths['/api/users'].put).toBeDefined();
    expect(paths['/api/trans/users'].put).toBeDefined();
  });
});
