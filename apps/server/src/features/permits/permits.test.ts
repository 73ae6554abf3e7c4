import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, companyId, DIS, demoProject, PLATFORM, TRANS } from '../../../test/fixtures/demo-data';
import { multipartForm, samplePdf, samplePng } from '../../../test/fixtures/upload-files';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { attachments, auditLogs, mailOutbox, permits, wastes } from '../../db/schema';
import { seedDemoPermits } from '../../seed/demo-permits';
import { seedDemoCombinedPrices } from '../../seed/demo-prices';
import { runPermitExpiry } from './permit-expiry';

// The business clock: Japan's 2026-11-25, 10:00.
let clock = new Date('2026-11-25T10:00:00+09:00');
let t: TestContext;
let plastics: number;
let sludge: number;
let minorWaste: number;
let combustible: number;
let n = 0;

/** A license number no other test (or the demo data) uses. */
const fresh = () => `9${String(++n).padStart(10, '0')}`;

const input = (over: object = {}) => ({
  districtCode: '13',
  licenseNumber: fresh(),
  kind: 'COLLECTION_TRANSPORT',
  issueDate: '2024-04-01',
  expiryDate: '2029-03-31',
  transshipment: false,
  storageSite: '',
  wasteKindIds: [plastics],
  ...over,
});

const pdf = [{ field: 'file', name: '許可証.pdf', content: samplePdf() }];

async function send(
  who: string,
  data: unknown,
  files = pdf,
  target: { method: 'POST' | 'PUT'; url: string } = { method: 'POST', url: '/trans/permits' },
) {
  const body = multipartForm({ data: typeof data === 'string' ? data : JSON.stringify(data) }, files);
  return t
    .as(who)
    .send({ method: target.method, url: target.url, payload: body.payload, headers: body.headers });
}

async function create(over: object = {}, who = TRANS) {
  const res = await send(who, input(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: number; licenseNumber: string }>();
}

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  const byName = async (name: string) =>
    (await t.db.query.wastes.findFirst({ where: and(eq(wastes.name, name), eq(wastes.level, 1)) }))!.id;
  plastics = await byName('廃プラスチック類');
  sludge = await byName('汚泥');
  minorWaste = (await t.db.query.wastes.findFirst({ where: eq(wastes.level, 3) }))!.id;
  combustible = await byName('可燃ごみ');
});
afterAll(() => t?.close());

describe('registering a permit', () => {
  it('stores the permit, its PDF and an audit row, and lists it', async () => {
    const permit = await create({
      wasteKindIds: [plastics, sludge],
      transshipment: true,
      storageSite: '江東区の積替保管施設',
    });
    expect(permit).toMatchObject({
      districtCode: '13',
      kind: 'COLLECTION_TRANSPORT',
      transshipment: true,
      storageSite: '江東区の積替保管施設',
      status: 'VALID',
      wasteKinds: [
        { id: plastics, name: '廃プラスチック類' },
        { id: sludge, name: '汚泥' },
      ],
      file: { fileName: '許可証.pdf', mimeType: 'application/pdf' },
      retiredAt: null,
    });
    const list = await t.as(TRANS).get(`/trans/permits?query=${permit.licenseNumber}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: permit.id }] });
    const file = await t.as(TRANS).get(`/trans/permits/${permit.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(samplePdf())).toBe(true);
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.entity, 'permit'));
    expect(audit.some((a) => a.entityId === String(permit.id) && a.action === 'permit.create')).toBe(true);
  });

  it('clears the storage site without transshipment', async () => {
    const permit = await create({ transshipment: false, storageSite: '使われない' });
    expect(permit).toMatchObject({ transshipment: false, storageSite: '' });
  });

  it.each([
    [{ expiryDate: '2024-04-01' }, 'expiryDate', 'expiry_before_issue'],
    [{ expiryDate: '2020-01-01' }, 'expiryDate', 'expiry_before_issue'],
    [{ issueDate: '2026-02-30' }, 'issueDate', 'invalid_format'],
    [{ districtCode: '48' }, 'districtCode', 'invalid_format'],
    [{ kind: 'BOTH' }, 'kind', 'invalid_format'],
    [{ licenseNumber: '' }, 'licenseNumber', 'MSG_00_21'],
    [{ transshipment: true, storageSite: '' }, 'storageSite', 'MSG_00_21'],
    [{ wasteKindIds: [] }, 'wasteKindIds', 'MSG_00_21'],
    [{ wasteKindIds: [2 ** 40] }, 'wasteKindIds.0', 'invalid_format'],
  ])('refuses %j with %s %s, storing nothing', async (over, field, code) => {
    const before = await t.db.select().from(permits);
    const files = await t.db.select().from(attachments).where(eq(attachments.ownerType, 'PERMIT'));
    const res = await send(TRANS, input(over));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields[field]).toBe(code);
    expect(await t.db.select().from(permits)).toHaveLength(before.length);
    expect(await t.db.select().from(attachments).where(eq(attachments.ownerType, 'PERMIT'))).toHaveLength(
      files.length,
    );
  });

  it('refuses waste kinds that are not major classes of the waste master, or unknown', async () => {
    for (const ids of [[minorWaste], [plastics, 999_999]]) {
      const res = await send(TRANS, input({ wasteKindIds: ids }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields.wasteKindIds).toBe('waste_kind_not_major');
    }
  });

  it('refuses municipal waste kinds: a prefecture or designated city licenses industrial waste only', async () => {
    for (const kind of ['COLLECTION_TRANSPORT', 'DISPOSAL'])
      for (const ids of [[combustible], [plastics, combustible]]) {
        const res = await send(TRANS, input({ kind, wasteKindIds: ids }));
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().fields).toEqual({ wasteKindIds: 'waste_kind_not_industrial' });
      }
    const permit = await create();
    const edited = await send(
      TRANS,
      input({ licenseNumber: permit.licenseNumber, wasteKindIds: [combustible] }),
      [],
      { method: 'PUT', url: `/trans/permits/${permit.id}` },
    );
    expect(edited.json().fields).toEqual({ wasteKindIds: 'waste_kind_not_industrial' });
  });

  it('takes dates from 1970-01-01 to ten years after the business today (2026-11-25), on registration and update', async () => {
    const earliest = await create({ issueDate: '1970-01-01', expiryDate: '1975-01-01' });
    expect(earliest).toMatchObject({ issueDate: '1970-01-01', status: 'EXPIRED' });
    const latest = await create({ issueDate: '2031-11-26', expiryDate: '2036-11-25' });
    expect(latest).toMatchObject({ expiryDate: '2036-11-25' });
    const files = (await t.db.select().from(attachments)).length;
    for (const [over, fields] of [
      [{ issueDate: '1969-12-31' }, { issueDate: 'permit_date_too_early' }],
      [
        { issueDate: '1900-01-01', expiryDate: '1905-01-01' },
        {
          issueDate: 'permit_date_too_early',
          expiryDate: 'permit_date_too_early',
        },
      ],
      [{ expiryDate: '2036-11-26' }, { expiryDate: 'permit_date_too_late' }],
      [
        { issueDate: '9998-01-01', expiryDate: '9999-12-31' },
        {
          issueDate: 'permit_date_too_late',
          expiryDate: 'permit_date_too_late',
        },
      ],
    ] as const) {
      const res = await send(TRANS, input(over));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields).toEqual(fields);
    }
    // Nothing was kept of the refused uploads.
    expect((await t.db.select().from(attachments)).length).toBe(files);
    const edited = await send(
      TRANS,
      input({ licenseNumber: earliest.licenseNumber, issueDate: '1970-01-01', expiryDate: '9999-12-31' }),
      [],
      { method: 'PUT', url: `/trans/permits/${earliest.id}` },
    );
    expect(edited.statusCode).toBe(400);
    expect(edited.json().fields).toEqual({ expiryDate: 'permit_date_too_late' });
  });

  it('refuses the same license number in the same district, for any company, until the first is retired', async () => {
    const first = await create();
    const same = await send(TRANS, input({ licenseNumber: first.licenseNumber }));
    expect(same.statusCode).toBe(409);
    expect(same.json()).toMatchObject({
      code: 'license_already_used',
      fields: { licenseNumber: 'license_already_used' },
    });
    const other = await send(PLATFORM, input({ licenseNumber: first.licenseNumber }));
    expect(other.statusCode).toBe(409);
    // Another district may use the same number.
    await create({ licenseNumber: first.licenseNumber, districtCode: '14100' });
    expect((await t.as(TRANS).post(`/trans/permits/${first.id}/retire`)).statusCode).toBe(200);
    await create({ licenseNumber: first.licenseNumber });
  });

  it('needs exactly one PDF, checked by its content', async () => {
    const none = await send(TRANS, input(), []);
    expect(none.statusCode).toBe(400);
    expect(none.json().fields.file).toBe('permit_file_required');
    const png = await send(TRANS, input(), [{ field: 'file', name: 'scan.pdf', content: samplePng() }]);
    expect(png.statusCode, png.body).toBe(400);
    const pngName = await send(TRANS, input(), [{ field: 'file', name: 'scan.png', content: samplePng() }]);
    expect(pngName.json().fields.file).toBe('upload_file_type_error');
    const two = await send(TRANS, input(), [...pdf, { field: 'file', name: 'b.pdf', content: samplePdf() }]);
    expect(two.statusCode).toBeGreaterThanOrEqual(400);
    expect(two.statusCode).toBeLessThan(500);
    const before = await t.db.select().from(attachments).where(eq(attachments.ownerType, 'PERMIT'));
    expect(before.every((a) => a.mimeType === 'application/pdf')).toBe(true);
  });

  it('answers hostile input with 4xx', async () => {
    const nul = await send(TRANS, '{"districtCode":"13","licenseNumber":"1\\u0000"}');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().fields.data).toBe('invalid_characters');
    const surrogate = await send(TRANS, input({ transshipment: true, storageSite: 'a\ud800b' }));
    expect(surrogate.statusCode).toBe(400);
    const notJson = await send(TRANS, '{not json');
    expect(notJson.json().fields.data).toBe('invalid_format');
    const broken = await t
      .as(TRANS)
      .post('/trans/permits', Buffer.from('--x\r\nContent-Disposition: form-data; name="data"\r\n\r\n{'), {
        'content-type': 'multipart/form-data; boundary=x',
      });
    expect(broken.statusCode).toBe(400);
    // A body that ends inside the PDF: refused, and nothing kept.
    const files = (await t.db.select().from(attachments)).length;
    const truncated = await t
      .as(TRANS)
      .post(
        '/trans/permits',
        Buffer.from(
          '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 trunc',
        ),
        { 'content-type': 'multipart/form-data; boundary=x' },
      );
    expect(truncated.statusCode, truncated.body).toBe(400);
    expect((await t.db.select().from(attachments)).length).toBe(files);
    const noBoundary = await t
      .as(TRANS)
      .post('/trans/permits', 'x', { 'content-type': 'multipart/form-data' });
    expect(noBoundary.statusCode).toBeGreaterThanOrEqual(400);
    expect(noBoundary.statusCode).toBeLessThan(500);
    const json = await t.as(TRANS).post('/trans/permits', input());
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
    for (const url of ['/trans/permits/99999999999999999999', '/trans/permits/0', '/trans/permits/1e3']) {
      const res = await t.as(TRANS).get(url);
      expect(res.statusCode, url).toBe(400);
    }
    expect((await t.as(TRANS).get('/trans/permits/2147483647')).statusCode).toBe(404);
    expect((await t.as(TRANS).get('/trans/permits/usable?on=2026-02-30')).statusCode).toBe(400);
    expect((await t.as(TRANS).get('/trans/permits?query=%00')).statusCode).toBe(400);
  });
});

describe('who may touch a permit', () => {
  it('refuses dischargers and plain admins, and hides another company’s permit', async () => {
    const permit = await create();
    expect((await t.as(DIS).get('/trans/permits')).statusCode).toBe(403);
    expect((await t.as(ADMIN).get('/trans/permits')).statusCode).toBe(403);
    expect((await t.anonymous.get('/trans/permits')).statusCode).toBe(401);
    for (const call of [
      t.as(PLATFORM).get(`/trans/permits/${permit.id}`),
      t.as(PLATFORM).get(`/trans/permits/${permit.id}/file`),
      t.as(PLATFORM).post(`/trans/permits/${permit.id}/retire`),
      send(PLATFORM, input(), pdf, { method: 'PUT', url: `/trans/permits/${permit.id}` }),
    ]) {
      const res = await call;
      expect(res.statusCode, res.body).toBe(404);
      expect(JSON.stringify(res.json())).not.toContain(permit.licenseNumber);
    }
    const mine = (await t.as(PLATFORM).get('/trans/permits?size=100')).json();
    expect(mine.items.some((p: { id: number }) => p.id === permit.id)).toBe(false);
  });

  it('lets an admin acting for the transporter manage its permits', async () => {
    const adminToken = await t.login(ADMIN);
    const trans = await companyId(t.db, '東都環境サービス株式会社');
    const acting = await t
      .as({ token: adminToken })
      .post(`/admin/companies/${trans}/auth-token?isTransport=true`);
    expect(acting.statusCode, acting.body).toBe(200);
    const token = acting.json().token as string;
    const body = multipartForm({ data: JSON.stringify(input()) }, pdf);
    const res = await t.as({ token }).post('/trans/permits', body.payload, body.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().companyId).toBe(trans);
  });
});

describe('updating and retiring', () => {
  it('updates the fields, replaces the PDF, and refuses a retired permit', async () => {
    const permit = await create();
    const url = `/trans/permits/${permit.id}`;
    const keep = await send(TRANS, input({ licenseNumber: permit.licenseNumber, kind: 'DISPOSAL' }), [], {
      method: 'PUT',
      url,
    });
    expect(keep.statusCode, keep.body).toBe(200);
    expect(keep.json()).toMatchObject({ kind: 'DISPOSAL', file: { fileName: '許可証.pdf' } });
    const replaced = await send(
      TRANS,
      input({ licenseNumber: permit.licenseNumber }),
      [{ field: 'file', name: '更新後.pdf', content: samplePdf() }],
      { method: 'PUT', url },
    );
    expect(replaced.json().file.fileName).toBe('更新後.pdf');
    const files = await t.db
      .select()
      .from(attachments)
      .where(and(eq(attachments.ownerType, 'PERMIT'), eq(attachments.ownerId, permit.id)));
    expect(files).toHaveLength(1);
    // The replaced copy is kept, with its stored bytes (permits and their copies are kept five years).
    const kept = await t.db
      .select()
      .from(attachments)
      .where(and(eq(attachments.ownerType, 'PERMIT_REPLACED'), eq(attachments.ownerId, permit.id)));
    expect(kept.map((f) => f.fileName)).toEqual(['許可証.pdf']);
    const stored = await t.app.files.get({ driver: kept[0]!.storageDriver, key: kept[0]!.storageKey });
    expect(stored).not.toBeNull();
    stored?.stream.destroy();
    const bad = await send(
      TRANS,
      input({ licenseNumber: permit.licenseNumber, expiryDate: '2023-01-01' }),
      [],
      {
        method: 'PUT',
        url,
      },
    );
    expect(bad.json().fields.expiryDate).toBe('expiry_before_issue');

    const retired = await t.as(TRANS).post(`${url}/retire`);
    expect(retired.json()).toMatchObject({ status: 'RETIRED' });
    expect(retired.json().retiredAt).not.toBeNull();
    expect((await t.as(TRANS).post(`${url}/retire`)).statusCode).toBe(409);
    expect((await send(TRANS, input(), [], { method: 'PUT', url })).statusCode).toBe(409);
    // Kept, listed with the retired ones only.
    const live = (await t.as(TRANS).get(`/trans/permits?query=${permit.licenseNumber}`)).json();
    expect(live.total).toBe(0);
    const gone = (await t.as(TRANS).get(`/trans/permits?retired=true&query=${permit.licenseNumber}`)).json();
    expect(gone.items.map((p: { id: number }) => p.id)).toEqual([permit.id]);
  });
});

describe('usable permits and expiry', () => {
  it('lists only permits valid on the date asked', async () => {
    const valid = await create({ issueDate: '2025-01-01', expiryDate: '2027-12-31' });
    const expired = await create({ issueDate: '2020-01-01', expiryDate: '2026-11-24' });
    const notYet = await create({ issueDate: '2027-01-01', expiryDate: '2031-12-31' });
    const retired = await create({ issueDate: '2025-01-01', expiryDate: '2027-12-31' });
    await t.as(TRANS).post(`/trans/permits/${retired.id}/retire`);
    const ids = (on: string, kind = '') =>
      t
        .as(TRANS)
        .get(`/trans/permits/usable?on=${on}${kind}`)
        .then((r) => r.json().map((p: { id: number }) => p.id));
    const today = await ids('2026-11-25');
    expect(today).toContain(valid.id);
    expect(today).not.toContain(expired.id);
    expect(today).not.toContain(notYet.id);
    expect(today).not.toContain(retired.id);
    expect(await ids('2027-06-01')).toEqual(expect.arrayContaining([valid.id, notYet.id]));
    expect(await ids('2026-11-25', '&kind=DISPOSAL')).not.toContain(valid.id);
    const statuses = (await t.as(TRANS).get(`/trans/permits/${expired.id}`)).json();
    expect(statuses).toMatchObject({ status: 'EXPIRED', daysLeft: -1 });
  });

  it('mails each step once to the transporter, and a second run sends nothing', async () => {
    const permit = await create({ expiryDate: '2027-02-20' }); // 87 days ahead: DAYS_90
    const mailsOf = async () =>
      (await t.db.select().from(mailOutbox)).filter((m) => m.text.includes(permit.licenseNumber));
    await runPermitExpiry(t.app);
    const first = await mailsOf();
    expect(first.length).toBeGreaterThan(0);
    expect(first.map((m) => m.to)).toContain(TRANS);
    expect(first[0]!.subject).toContain('90日以内');
    expect(first[0]!.text).toContain('東京都');
    expect((await t.db.select().from(permits).where(eq(permits.id, permit.id)))[0]!.expiryStepMailed).toBe(
      'DAYS_90',
    );
    // Again the same day, and a week later: nothing new.
    await runPermitExpiry(t.app);
    await runPermitExpiry(t.app, '2026-12-02');
    expect(await mailsOf()).toHaveLength(first.length);
    // 30 days before, then after expiry: one mail each.
    await runPermitExpiry(t.app, '2027-01-25');
    await runPermitExpiry(t.app, '2027-01-26');
    expect((await mailsOf()).length).toBe(first.length * 2);
    await runPermitExpiry(t.app, '2027-02-21');
    await runPermitExpiry(t.app, '2027-03-21');
    const all = await mailsOf();
    expect(all.length).toBe(first.length * 3);
    expect(all.at(-1)!.subject).toContain('切れました');
    // A renewed expiry date starts the warnings again; a retired permit gets none.
    clock = new Date('2027-02-25T10:00:00+09:00');
    const renewed = await send(
      TRANS,
      input({ licenseNumber: permit.licenseNumber, expiryDate: '2032-02-20' }),
      [],
      {
        method: 'PUT',
        url: `/trans/permits/${permit.id}`,
      },
    );
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(
      (await t.db.select().from(permits).where(eq(permits.id, permit.id)))[0]!.expiryStepMailed,
    ).toBeNull();
    await t.as(TRANS).post(`/trans/permits/${permit.id}/retire`);
    await runPermitExpiry(t.app, '2032-02-01');
    expect(await mailsOf()).toHaveLength(all.length);
    clock = new Date('2026-11-25T10:00:00+09:00');
  });

  it('sends only the step reached to a permit first seen within 30 days', async () => {
    const permit = await create({ expiryDate: '2026-12-10' });
    await runPermitExpiry(t.app);
    const mails = (await t.db.select().from(mailOutbox)).filter((m) => m.text.includes(permit.licenseNumber));
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.every((m) => m.subject.includes('30日以内'))).toBe(true);
  });

  it('lists the permits expiring within 90 days', async () => {
    const soon = await create({ expiryDate: '2027-01-10' });
    const later = await create({ expiryDate: '2028-01-10' });
    const items = (await t.as(TRANS).get('/trans/permits?expiring=true&size=100')).json().items;
    const ids = items.map((p: { id: number }) => p.id);
    expect(ids).toContain(soon.id);
    expect(ids).not.toContain(later.id);
    expect(items.find((p: { id: number }) => p.id === soon.id)).toMatchObject({
      status: 'DAYS_90',
      daysLeft: 46,
    });
  });
});

describe("the admin's transport operator master", () => {
  it('counts each operator’s permits expiring within 90 and 30 days, and lists them in its detail', async () => {
    const platform = await companyId(t.db, 'junkan収集運搬');
    const before = (await t.as(ADMIN).get(`/admin/transport-operators/${platform}`)).json().permitExpiry;
    const in60 = await create({ expiryDate: '2027-01-24' }, PLATFORM);
    await create({ expiryDate: '2026-12-20' }, PLATFORM);
    await create({ expiryDate: '2026-11-01', issueDate: '2020-01-01' }, PLATFORM);
    await create({ expiryDate: '2030-01-01' }, PLATFORM);
    const retired = await create({ expiryDate: '2026-12-01' }, PLATFORM);
    await t.as(PLATFORM).post(`/trans/permits/${retired.id}/retire`);
    const list = await t.as(ADMIN).get('/admin/transport-operators?size=100');
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json().items.find((o: { companyId: number }) => o.companyId === platform);
    expect(row.permitExpiry).toEqual({
      days90: before.days90 + 1,
      days30: before.days30 + 1,
      expired: before.expired + 1,
    });
    const detail = await t.as(ADMIN).get(`/admin/transport-operators/${platform}/permits`);
    expect(detail.statusCode, detail.body).toBe(200);
    const permitsOf = detail.json() as { id: number; status: string }[];
    expect(permitsOf.find((p) => p.id === in60.id)?.status).toBe('DAYS_90');
    expect(permitsOf.some((p) => p.id === retired.id)).toBe(false);
    expect((await t.as(TRANS).get(`/admin/transport-operators/${platform}/permits`)).statusCode).toBe(403);
    expect((await t.as(ADMIN).get('/admin/transport-operators/2147483647/permits')).statusCode).toBe(404);
  });
});

describe('demo data', () => {
  it('gives 東都環境サービス three permits with their PDFs, the 大阪府 one expiring within 30 days', async () => {
    clock = new Date();
    await seedDemoPermits(t.db, t.app.files, clock);
    const items: {
      id: number;
      districtCode: string;
      kind: string;
      status: string;
      wasteKinds: { name: string }[];
    }[] = [];
    for (const number of ['01300123456', '02700098765', '05420012345'])
      items.push(...(await t.as(TRANS).get(`/trans/permits?query=${number}`)).json().items);
    expect(items).toHaveLength(3);
    const byDistrict = new Map(items.map((p) => [p.districtCode, p]));
    expect(byDistrict.get('13')).toMatchObject({ kind: 'COLLECTION_TRANSPORT', status: 'VALID' });
    expect(byDistrict.get('13')!.wasteKinds.map((w) => w.name)).toContain('廃プラスチック類');
    expect(byDistrict.get('27')).toMatchObject({ status: 'DAYS_30' });
    expect(byDistrict.get('14100')).toMatchObject({ kind: 'DISPOSAL', status: 'VALID' });
    const file = await t.as(TRANS).get(`/trans/permits/${byDistrict.get('27')!.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // The disposal permit backs the demo's disposal prices: the open industrial request is quoted 12,000 円/t
    // transport plus 16,000 円/t disposal, the demo contracts' 28,000 円.
    await seedDemoCombinedPrices(t.db);
    const open = await demoProject(t.db, '倉庫 廃プラスチック類 処理');
    const suggestion = await t.as(TRANS).get(`/trans/projects/${open.id}/quote-suggestion`);
    expect(suggestion.json().lines).toEqual([
      expect.objectContaining({ kind: 'INDUSTRIAL', unitPrice: 12_000, disposalUnitPrice: 16_000 }),
    ]);
    clock = new Date('2026-11-25T10:00:00+09:00');
  });
});
