import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertServedArea } from '../../../test/fixtures/collection-areas';
import { companyId } from '../../../test/fixtures/demo-data';
import { mailText } from '../../../test/smtp-sink';
import { createTestApp, type TestContext } from '../../../test/test-app';
import {
  auditLogs,
  companies,
  dischargeSites,
  offices,
  projectStatusHistory,
  users,
  wastes,
} from '../../db/schema';
import { DEMO_SPOT_PROJECT } from '../../seed/demo-collections';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  f = await fixtures();
});
afterAll(() => t.close());

const titles = (body: { projectTitle: string }[]) => body.map((p) => p.projectTitle).sort();

async function fixtures() {
  const green = await t.db.query.companies.findFirst({ where: eq(companies.name, '株式会社グリーン商事') });
  const takahashi = await t.db.query.companies.findFirst({ where: eq(companies.name, '髙橋工業株式会社') });
  const toto = await t.db.query.companies.findFirst({
    where: eq(companies.name, '東都環境サービス株式会社'),
  });
  const greenOffice = await t.db.query.offices.findFirst({ where: eq(offices.companyId, green!.id) });
  const otherOffice = await t.db.query.offices.findFirst({ where: eq(offices.companyId, takahashi!.id) });
  const greenSites = await t.db.select().from(dischargeSites).where(eq(dischargeSites.companyId, green!.id));
  const regular = await t.db.select().from(wastes).where(eq(wastes.category, 'REGULAR'));
  const industrial = await t.db
    .select()
    .from(wastes)
    .where(and(eq(wastes.category, 'INDUSTRIAL'), eq(wastes.level, 1)));
  const units = await t.db.query.unitMeasures.findMany();
  return {
    green: green!,
    takahashi: takahashi!,
    toto: toto!,
    greenOffice: greenOffice!,
    otherOffice: otherOffice!,
    greenSites,
    regular,
    industrial,
    units,
  };
}
type Fixtures = Awaited<ReturnType<typeof fixtures>>;
let f: Fixtures;

const regularBody = (over: Record<string, unknown> = {}) => ({
  type: 'REGULAR',
  projectTitle: '本社 一般ごみ定期回収',
  memo: '裏口から回収',
  officeId: f.greenOffice.id,
  dischargeSiteIds: [f.greenSites.find((s) => s.name === '銀座店')!.id],
  lines: [
    {
      wasteId: f.regular[0]!.id,
      monthlyCapacity: '1,200.5',
      bags: { '45': 3, '70': 0 },
      collectionCount: 2,
      weekdays: [4, 1],
    },
  ],
  ...over,
});

const industrialBody = (over: Record<string, unknown> = {}) => ({
  type: 'INDUSTRIAL',
  projectTitle: '倉庫 廃棄物処理',
  dischargeSiteIds: [f.greenSites[0]!.id],
  lines: [
    {
      wasteId: f.industrial[0]!.id,
      quantity: '2.5',
      unitMeasureId: f.units[0]!.id,
      frequency: 'SPOT',
      wasteDetails: '木製パレット',
    },
  ],
  ...over,
});

describe('home project list', () => {
  it('shows a discharger only its own company projects, newest first', async () => {
    const res = await t.as('discharger@example.com').get('/projects');
    expect(res.statusCode).toBe(200);
    const body = res.json().items;
    expect(titles(body)).toEqual(
      [
        '銀座店 可燃ごみ定期回収',
        '倉庫 廃プラスチック類 処理',
        '什器入替に伴う粗大ごみ',
        '段ボール 月次回収',
        '本社倉庫 廃プラスチック類 収集運搬',
        DEMO_SPOT_PROJECT,
      ].sort(),
    );
    const ids = body.map((p: { id: number }) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(body[0]).toMatchObject({ company: { name: '株式会社グリーン商事' }, type: expect.any(String) });
  });

  it('keeps the second discharger to its own projects', async () => {
    const body = (await t.as('discharger2@example.com').get('/projects')).json().items;
    expect(titles(body)).toEqual(['梅田事業所 廃油処理', '梅田事業所 金属くず回収'].sort());
  });

  it('shows a transporter only the projects it serves, filtered by discharger', async () => {
    const all = (await t.as('transporter@example.com').get('/trans/projects?companyId=ALL')).json().items;
    expect(titles(all)).toEqual(
      [
        '銀座店 可燃ごみ定期回収',
        '倉庫 廃プラスチック類 処理',
        '梅田事業所 金属くず回収',
        '本社倉庫 廃プラスチック類 収集運搬',
        DEMO_SPOT_PROJECT,
      ].sort(),
    );
    const companies = (await t.as('transporter@example.com').get('/trans/companies')).json();
    expect(companies.map((c: { name: string }) => c.name).sort()).toEqual(
      ['株式会社グリーン商事', '髙橋工業株式会社'].sort(),
    );
    const green = companies.find((c: { name: string }) => c.name === '株式会社グリーン商事');
    const filtered = (
      await t.as('transporter@example.com').get(`/trans/projects?companyId=${green.id}`)
    ).json().items;
    expect(titles(filtered)).toEqual(
      [
        '銀座店 可燃ごみ定期回収',
        '倉庫 廃プラスチック類 処理',
        '本社倉庫 廃プラスチック類 収集運搬',
        DEMO_SPOT_PROJECT,
      ].sort(),
    );
    const bad = await t.as('transporter@example.com').get('/trans/projects?companyId=abc');
    expect(bad.statusCode).toBe(400);
  });

  it('keeps each role to its own variant', async () => {
    expect((await t.as('discharger@example.com').get('/trans/projects')).statusCode).toBe(403);
    expect((await t.as('transporter@example.com').get('/projects')).statusCode).toBe(403);
    expect((await t.as('discharger@example.com').get('/trans/companies')).statusCode).toBe(403);
    expect((await t.anonymous.get('/projects')).statusCode).toBe(401);
  });
});

describe('quote request drafts', () => {
  it('creates a regular draft, records the initial status, and answers the detail', async () => {
    const res = await t.as('discharger@example.com').post('/projects', regularBody());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      projectTitle: '本社 一般ごみ定期回収',
      projectStatus: 'CREATING_QUOTE',
      type: 'REGULAR',
      memo: '裏口から回収',
      office: { id: f.greenOffice.id, name: '銀座本社' },
      discharges: [{ discharges: '銀座店', posCode: '104-0061' }],
      pwasteRegulars: [
        {
          waste: { id: f.regular[0]!.id, name: '可燃ごみ' },
          monthlyCapacity: 1200.5,
          bags: { '45': 3 },
          collectionCount: 2,
          weekdays: [1, 4],
        },
      ],
      pwasteIndustries: [],
      attachments: [],
      history: [{ fromStatus: null, toStatus: 'CREATING_QUOTE' }],
      requestedDate: null,
    });
    const [h] = await t.db
      .select()
      .from(projectStatusHistory)
      .where(eq(projectStatusHistory.projectId, body.id));
    const me = await t.db.query.users.findFirst({ where: eq(users.email, 'discharger@example.com') });
    expect(h).toMatchObject({ fromStatus: null, toStatus: 'CREATING_QUOTE', userId: me!.id });
    const detail = await t.as('discharger@example.com').get(`/projects/${body.id}`);
    expect(detail.json()).toEqual(body);
    const list = (await t.as('discharger@example.com').get('/projects?tab=PRE_CONTRACT')).json().items;
    expect(list.map((p: { id: number }) => p.id)).toContain(body.id);
  });

  it('creates an industrial draft with a 7-digit integer quantity', async () => {
    const res = await t
      .as('discharger@example.com')
      .post(
        '/projects',
        industrialBody({ lines: [{ ...industrialBody().lines[0], quantity: '1,234,567' }] }),
      );
    expect(res.statusCode).toBe(200);
    expect(res.json().pwasteIndustries[0]).toMatchObject({
      quantity: 1234567,
      measureUnit: { id: f.units[0]!.id },
      frequency: 'SPOT',
      frequencyNumber: null,
      wasteDetails: '木製パレット',
    });
  });

  it('refuses another company office or site, wrong-category or unknown wastes', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ officeId: f.otherOffice.id }, 'officeId', 'not_found'],
      [{ dischargeSiteIds: [999999] }, 'dischargeSiteIds', 'not_found'],
      [
        { lines: [{ ...regularBody().lines[0], wasteId: f.industrial[0]!.id }] },
        'lines.0.wasteId',
        'invalid_format',
      ],
      [{ lines: [{ ...regularBody().lines[0], wasteId: 999999 }] }, 'lines.0.wasteId', 'not_found'],
    ];
    for (const [over, field, code] of cases) {
      const res = await t.as('discharger@example.com').post('/projects', regularBody(over));
      expect(res.statusCode, field).toBe(code === 'not_found' ? 404 : 400);
      expect(res.json()).toMatchObject({ code, fields: { [field]: code } });
    }
    const wrongKind = await t
      .as('discharger@example.com')
      .post(
        '/projects',
        industrialBody({ lines: [{ ...industrialBody().lines[0], wasteId: f.regular[0]!.id }] }),
      );
    expect(wrongKind.json()).toMatchObject({ fields: { 'lines.0.wasteId': 'invalid_format' } });
  });

  it('answers each validation rule with its message code', async () => {
    const line = regularBody().lines[0]!;
    const cases: [Record<string, unknown>, string][] = [
      [{ lines: [{ ...line, weekdays: [] }] }, 'weekday_required'],
      [{ lines: [{ ...line, weekdays: [1] }] }, 'weekdays_must_match_count'],
      [{ lines: [{ ...line, bags: {}, monthlyCapacity: undefined }] }, 'bag_or_volume_required'],
      [{ lines: [line, { ...line }] }, 'same_waste_twice'],
      [{ lines: [{ ...line, monthlyCapacity: '123456.5' }] }, 'MSG_00_27'],
      [{ projectTitle: '' }, 'MSG_00_21'],
      [{ projectTitle: 'あ'.repeat(65) }, 'max_length_exceeded'],
      [{ dischargeSiteIds: [] }, 'MSG_00_21'],
      [{ lines: [] }, 'MSG_00_21'],
    ];
    for (const [over, code] of cases) {
      const res = await t.as('discharger@example.com').post('/projects', regularBody(over));
      expect(res.statusCode, code).toBe(400);
      expect(Object.values(res.json().fields ?? {}), code).toContain(code);
    }
    const spot = await t
      .as('discharger@example.com')
      .post('/projects', industrialBody({ lines: [{ ...industrialBody().lines[0], frequency: 'WEEKLY' }] }));
    expect(spot.statusCode).toBe(400);
    expect(spot.json().fields).toMatchObject({ 'lines.0.frequencyNumber': 'MSG_00_21' });
    const wrongType = await t.as('discharger@example.com').post('/projects', {
      ...regularBody(),
      type: 'X',
    });
    expect(wrongType.statusCode).toBe(400);
  });

  it('keeps each role and company to its own', async () => {
    expect((await t.as('transporter@example.com').post('/projects', regularBody())).statusCode).toBe(403);
    expect((await t.anonymous.post('/projects', regularBody())).statusCode).toBe(401);
    const own = (await t.as('discharger@example.com').post('/projects', regularBody())).json();
    for (const [method, url, payload] of [
      ['GET', `/api/projects/${own.id}`, undefined],
      ['PUT', `/api/projects/${own.id}`, regularBody({ officeId: null, dischargeSiteIds: [1] })],
      ['POST', `/api/projects/${own.id}/request-quote`, undefined],
      ['POST', `/api/projects/${own.id}/cancel`, {}],
    ] as const) {
      const res = await t.as('discharger2@example.com').send({ method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('project_not_found');
      expect(res.body).not.toContain('本社 一般ごみ');
    }
    // A transporter sees only the projects it serves.
    const notServed = await t.as('transporter@example.com').get(`/projects/${own.id}`);
    expect(notServed.statusCode).toBe(404);
    const served = (await t.as('transporter@example.com').get('/trans/projects')).json().items;
    const detail = await t.as('transporter@example.com').get(`/projects/${served[0].id}`);
    expect(detail.statusCode).toBe(200);
    expect((await t.as('discharger@example.com').get('/projects/999999')).statusCode).toBe(404);
  });

  it('updates a draft and refuses to edit a sent one', async () => {
    const own = (await t.as('discharger@example.com').post('/projects', regularBody())).json();
    const both = f.greenSites.map((s) => s.id);
    const res = await t.as('discharger@example.com').put(
      `/projects/${own.id}`,
      regularBody({
        projectTitle: '更新後',
        dischargeSiteIds: both,
        lines: [
          { ...regularBody().lines[0], collectionCount: 1, weekdays: [3] },
          { wasteId: f.regular[3]!.id, bags: { '90': 1 }, collectionCount: 1, weekdays: [5] },
        ],
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ projectTitle: '更新後', projectStatus: 'CREATING_QUOTE' });
    expect(res.json().discharges).toHaveLength(2);
    expect(res.json().pwasteRegulars.map((l: { waste: { name: string } }) => l.waste.name)).toEqual([
      '可燃ごみ',
      '段ボール',
    ]);
    expect((await t.as('discharger@example.com').post(`/projects/${own.id}/request-quote`)).statusCode).toBe(
      200,
    );
    const late = await t.as('discharger@example.com').put(`/projects/${own.id}`, regularBody());
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('invalid_status_transition');
  });
});

describe('submitting and cancelling', () => {
  it('moves a draft to REQUEST_QUOTE, records the move and mails the serving transporter', async () => {
    // The demo transporter serves 銀座 (104-0061) for regular garbage; the platform serves it for industrial only.
    await insertServedArea(t.db, {
      transportCompanyId: await companyId(t.db, 'junkan収集運搬'),
      type: 'INDUSTRIAL',
      areaName: '中央区',
      posCode: '104-0061',
    });

    const own = (await t.as('discharger@example.com').post('/projects', regularBody())).json();
    const before = t.smtp.mails.length;
    const res = await t.as('discharger@example.com').post(`/projects/${own.id}/request-quote`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      projectStatus: 'REQUEST_QUOTE',
      requestedDate: expect.any(String),
      history: [
        { fromStatus: null, toStatus: 'CREATING_QUOTE' },
        { fromStatus: 'CREATING_QUOTE', toStatus: 'REQUEST_QUOTE' },
      ],
    });
    const sent = t.smtp.mails.slice(before);
    expect(sent.flatMap((m) => m.to)).toEqual(['transporter@example.com']);
    expect(mailText(sent[0]!.raw)).toContain(`/sys/project-managment/detail/${own.id}`);
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'project'), eq(auditLogs.entityId, String(own.id))));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['project.create', 'project.status']));

    // Sending twice is refused.
    const again = await t.as('discharger@example.com').post(`/projects/${own.id}/request-quote`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'invalid_status_transition' });
  });

  it('refuses to send a request no collection area holds (collection_area_not_supported), mailing no one', async () => {
    const kichijoji = f.greenSites.find((s) => s.name !== '銀座店')!;
    const own = (
      await t
        .as('discharger@example.com')
        .post('/projects', regularBody({ dischargeSiteIds: [kichijoji.id] }))
    ).json();
    expect(own.collectionAreaSupported).toBe(false);
    const before = t.smtp.mails.length;
    const res = await t.as('discharger@example.com').post(`/projects/${own.id}/request-quote`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'collection_area_not_supported',
      fields: { dischargeSiteIds: 'collection_area_not_supported' },
    });
    expect(t.smtp.mails.length).toBe(before);
    const after = (await t.as('discharger@example.com').get(`/projects/${own.id}`)).json();
    expect(after).toMatchObject({
      projectStatus: 'CREATING_QUOTE',
      history: [{ toStatus: 'CREATING_QUOTE' }],
    });
    // With a served site added, the same draft goes out.
    const both = await t
      .as('discharger@example.com')
      .put(`/projects/${own.id}`, regularBody({ dischargeSiteIds: f.greenSites.map((s) => s.id) }));
    expect(both.json().collectionAreaSupported).toBe(true);
    expect((await t.as('discharger@example.com').post(`/projects/${own.id}/request-quote`)).statusCode).toBe(
      200,
    );
    // Only the draft's discharger is told; the flag is not part of a sent request.
    expect(
      (await t.as('discharger@example.com').get(`/projects/${own.id}`)).json().collectionAreaSupported,
    ).toBe(null);
  });

  it('lets two concurrent submits of one draft give one success and one 409', async () => {
    const own = (await t.as('discharger@example.com').post('/projects', regularBody())).json();
    const codes = (
      await Promise.all([
        t.as('discharger@example.com').post(`/projects/${own.id}/request-quote`),
        t.as('discharger@example.com').post(`/projects/${own.id}/request-quote`),
      ])
    )
      .map((r) => r.statusCode)
      .sort();
    expect(codes).toEqual([200, 409]);
  });

  it('needs the registrant number and EDI key to send an industrial request', async () => {
    const takahashiSite = await t.db.query.dischargeSites.findFirst({
      where: eq(dischargeSites.companyId, f.takahashi.id),
    });
    let siteId = takahashiSite?.id;
    if (!siteId) {
      const [s] = await t.db
        .insert(dischargeSites)
        .values({
          companyId: f.takahashi.id,
          name: '梅田',
          postalCode: '530-0001',
          address1: '大阪府大阪市北区',
          tel: '06-0000-0000',
          email: 'umeda@example.com',
        })
        .returning();
      siteId = s!.id;
    }
    const draft = await t
      .as('discharger2@example.com')
      .post('/projects', industrialBody({ dischargeSiteIds: [siteId] }));
    expect(draft.statusCode).toBe(200);
    const res = await t.as('discharger2@example.com').post(`/projects/${draft.json().id}/request-quote`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('edi_key_required');
    // The discharger with both sends it.
    const own = (await t.as('discharger@example.com').post('/projects', industrialBody())).json();
    expect((await t.as('discharger@example.com').post(`/projects/${own.id}/request-quote`)).statusCode).toBe(
      200,
    );
  });

  it('cancels with a reason, records it, and refuses moves the table does not allow', async () => {
    const own = (await t.as('discharger@example.com').post('/projects', regularBody())).json();
    const res = await t.as('discharger@example.com').post(`/projects/${own.id}/cancel`, {
      reason: '予算見直し',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ projectStatus: 'CANCEL' });
    expect(res.json().history.at(-1)).toMatchObject({
      fromStatus: 'CREATING_QUOTE',
      toStatus: 'CANCEL',
      reason: '予算見直し',
    });
    const past = (await t.as('discharger@example.com').get('/projects?tab=PAST')).json().items;
    expect(past.map((p: { id: number }) => p.id)).toContain(own.id);
    const again = await t.as('discharger@example.com').post(`/projects/${own.id}/cancel`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'invalid_status_transition',
      params: { from: 'CANCEL', to: 'CANCEL' },
    });
    const tooLong = await t.as('discharger@example.com').post(`/projects/${own.id}/cancel`, {
      reason: 'あ'.repeat(513),
    });
    expect(tooLong.json()).toMatchObject({ fields: { reason: 'max_length_exceeded' } });
    // The transporter may not cancel a project it serves while it is in progress.
    const served = (await t.as('transporter@example.com').get('/trans/projects?tab=IN_PROGRESS')).json()
      .items;
    expect(served).toHaveLength(3);
    const refused = await t.as('transporter@example.com').post(`/projects/${served[0].id}/cancel`);
    expect(refused.statusCode).toBe(409);
    // A cancel without a body works too.
    const other = (await t.as('discharger@example.com').post('/projects', regularBody())).json();
    expect((await t.as('discharger@example.com').post(`/projects/${other.id}/cancel`)).statusCode).toBe(200);
  });

  it('filters the lists by tab', async () => {
    const inProgress = (await t.as('discharger@example.com').get('/projects?tab=IN_PROGRESS')).json().items;
    expect(titles(inProgress)).toEqual(
      ['銀座店 可燃ごみ定期回収', '本社倉庫 廃プラスチック類 収集運搬', DEMO_SPOT_PROJECT].sort(),
    );
    const bad = await t.as('discharger@example.com').get('/projects?tab=NOPE');
    expect(bad.statusCode).toBe(400);
  });
});
