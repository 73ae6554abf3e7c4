import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIS, DIS2, PLATFORM, TRANS } from '../../../test/fixtures/demo-data';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { auditLogs, companies, projects, transportReports, unitMeasures, wastes } from '../../db/schema';
import { tokyoDate } from '../../lib/time';

let t: TestContext;

let f: { running: number; green: number; combustible: number; bottles: number; plastics: number };
const [year, month] = tokyoDate().split('-').map(Number) as [number, number];

beforeAll(async () => {
  t = await createTestApp();
  const running = await t.db.query.projects.findFirst({
    where: eq(projects.title, '銀座店 可燃ごみ定期回収'),
  });
  const green = await t.db.query.companies.findFirst({ where: eq(companies.name, '株式会社グリーン商事') });
  const regular = await t.db.select().from(wastes).where(eq(wastes.category, 'REGULAR'));
  const plastics = await t.db.query.wastes.findFirst({ where: eq(wastes.name, '廃プラスチック類') });
  f = {
    running: running!.id,
    green: green!.id,
    combustible: regular.find((w) => w.name === '可燃ごみ')!.id,
    bottles: regular.find((w) => w.name !== '可燃ごみ')!.id,
    plastics: plastics!.id,
  };
});
afterAll(() => t.close());

describe('regular reports', () => {
  it('offers every category, only the project ones enabled, and saves a month', async () => {
    const form = await t
      .as(TRANS)
      .get(`/trans/regular-reports/form?projectId=${f.running}&year=${year}&month=${month}`);
    expect(form.statusCode).toBe(200);
    const lines = form.json().listVolume as { category: number; disabled: boolean; volume: number | null }[];
    expect(lines.length).toBe(4);
    expect(lines.filter((l) => !l.disabled).map((l) => l.category)).toEqual([f.combustible]);

    const saved = await t.as(TRANS).post('/trans/regular-reports', {
      projectId: f.running,
      year,
      month,
      listVolume: [{ category: f.combustible, volume: '1,234.5' }],
    });
    expect(saved.statusCode).toBe(200);
    expect(
      saved.json().listVolume.find((l: { category: number }) => l.category === f.combustible).volume,
    ).toBe(1234.5);
    // A second report of the month replaces the first.
    await t.as(TRANS).post('/trans/regular-reports', {
      projectId: f.running,
      year,
      month,
      listVolume: [{ category: f.combustible, volume: '1000' }],
    });
    const audits = await t.db.select().from(auditLogs).where(eq(auditLogs.action, 'regular_report.save'));
    expect(audits.length).toBe(2);
  });

  it('refuses a disabled category, a future month, a bad volume, another transporter and the discharger', async () => {
    const body = (over: Record<string, unknown>) => ({
      projectId: f.running,
      year,
      month,
      listVolume: [{ category: f.combustible, volume: '10' }],
      ...over,
    });
    const disabled = await t
      .as(TRANS)
      .post('/trans/regular-reports', body({ listVolume: [{ category: f.bottles, volume: '1' }] }));
    expect(disabled.statusCode).toBe(400);
    expect(disabled.json().fields).toEqual({ 'listVolume.0.category': 'invalid_format' });
    const future = await t.as(TRANS).post('/trans/regular-reports', body({ year: year + 1 }));
    expect(future.json().fields).toEqual({ month: 'end_date_in_future' });
    const bad = await t
      .as(TRANS)
      .post(
        '/trans/regular-reports',
        body({ listVolume: [{ category: f.combustible, volume: '123456.789' }] }),
      );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields['listVolume.0.volume']).toBe('MSG_00_27');
    expect((await t.as(PLATFORM).post('/trans/regular-reports', body({}))).statusCode).toBe(404);
    expect((await t.as(DIS).post('/trans/regular-reports', body({}))).statusCode).toBe(403);
  });
});

describe('achievements', () => {
  beforeAll(async () => {
    // Two industrial reports of the same waste in this month, one awaiting the discharger.
    const toto = await t.db.query.companies.findFirst({
      where: eq(companies.name, '東都環境サービス株式会社'),
    });
    const unit = await t.db.query.unitMeasures.findFirst();
    const base = {
      projectId: f.running,
      dischargerCompanyId: f.green,
      transportCompanyId: toto!.id,
      wasteId: f.plastics,
      wasteName: '廃プラスチック類',
      collectTime: `${year}-${String(month).padStart(2, '0')}-01`,
      endDateTransport: `${year}-${String(month).padStart(2, '0')}-01`,
      transportVolumeUnitId: unit!.id,
      transporter: '佐藤',
      deadline: `${year}-${String(month).padStart(2, '0')}-04`,
    };
    await t.db.insert(transportReports).values([
      { ...base, transportVolume: '1.50', manifestNumber: '12345678901' },
      { ...base, transportVolume: '2.25', status: 'ACCEPTANCE_OR_DENIAL' },
    ]);
  });

  it('sums the month per waste and discharger, for the transporter and the discharger', async () => {
    for (const [email, prefix] of [
      [TRANS, '/api/trans'],
      [DIS, '/api'],
    ] as const) {
      const res = await t.as(email).get(`${prefix}/achievements?period=monthly&year=${year}&month=${month}`);
      expect(res.statusCode).toBe(200);
      const { items: rows } = res.json() as {
        items: { type: number; wasteName: string; transportVolume: number; status: string | null }[];
      };
      expect(rows.find((r) => r.type === 1)).toMatchObject({
        wasteName: '廃プラスチック類',
        transportVolume: 3.75,
        status: 'ACCEPTANCE_OR_DENIAL',
      });
      expect(rows.find((r) => r.type === 2)).toMatchObject({
        wasteName: '可燃ごみ',
        transportVolume: 1000,
        status: null,
      });
    }
    const trans = (await t.as(TRANS).get(`/trans/achievements?period=annual&year=${year}&type=2`)).json();
    expect(trans.items.every((r: { type: number }) => r.type === 2)).toBe(true);
    expect(trans.regularAvailable).toBe(true);
  });

  it('shows nothing of other companies', async () => {
    const other = await t.as(DIS2).get(`/achievements?period=annual&year=${year}`);
    expect(other.json()).toMatchObject({ items: [], total: 0 });
    const platform = await t.as(PLATFORM).get(`/trans/achievements?period=annual&year=${year}`);
    expect(platform.json()).toMatchObject({ items: [], total: 0 });
    const detail = await t
      .as(DIS2)
      .get(
        `/achievements/detail?year=${year}&month=${month}&wasteType=1&wasteCode=${encodeURIComponent('x')}&wasteCompanyId=${f.green}`,
      );
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ rows: [], wasteCompanyName: '' });
    expect((await t.as(DIS).get(`/trans/achievements?year=${year}&month=${month}`)).statusCode).toBe(403);
  });

  it('lists the reports behind a line', async () => {
    const code = (await t.db.query.wastes.findFirst({ where: eq(wastes.id, f.plastics) }))!.wasteCode;
    const res = await t
      .as(TRANS)
      .get(
        `/trans/achievements/detail?year=${year}&month=${month}&wasteType=1&wasteCode=${code}&wasteCompanyId=${f.green}`,
      );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      wasteName: '廃プラスチック類',
      wasteCompanyName: '株式会社グリーン商事',
    });
    expect(
      res
        .json()
        .rows.map((r: { transportVolume: number; manifestId: string | null }) => [
          r.transportVolume,
          r.manifestId,
        ]),
    ).toEqual([
      [1.5, '12345678901'],
      [2.25, null],
    ]);
    const regularCode = (await t.db.query.wastes.findFirst({ where: eq(wastes.id, f.combustible) }))!
      .wasteCode;
    const regular = await t
      .as(DIS)
      .get(
        `/achievements/detail?year=${year}&wasteType=2&wasteCode=${regularCode}&wasteCompanyId=${f.green}`,
      );
    // The year's months, this month last (the demo data holds the months before it).
    expect(regular.json().rows.at(-1)).toMatchObject({ transportVolume: 1000, transportVolumeUnit: 'kg' });
    const bad = await t
      .as(DIS)
      .get(`/achievements/detail?year=${year}&wasteType=3&wasteCode=x&wasteCompanyId=1`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('achievements in several units', () => {
  type Line = {
    type: number;
    wasteCode: string;
    transportVolume: number;
    transportVolumeUnitId: number | null;
    transportVolumeUnit: string | null;
    status: string | null;
  };
  const ym = `${year}-${String(month).padStart(2, '0')}`;
  let sludge: { id: number; wasteCode: string; name: string };
  let tonne: number;
  let pieces: number;
  let kg: number;

  beforeAll(async () => {
    // One waste in one month: 3 個, and 2.5 + 0.5 + 0.6 + 0.7 t, one of them with a correction to 5 個 still
    // awaiting the discharger (its current values count, not the proposed ones).
    const unitId = async (unit: string) =>
      (await t.db.query.unitMeasures.findFirst({ where: eq(unitMeasures.unit, unit) }))!.id;
    tonne = await unitId('t');
    pieces = await unitId('個');
    kg = await unitId('kg');
    const industrial = await t.db.select().from(wastes).where(eq(wastes.category, 'INDUSTRIAL'));
    const waste = industrial.find((w) => w.id !== f.plastics)!;
    sludge = { id: waste.id, wasteCode: waste.wasteCode, name: waste.name };
    const toto = await t.db.query.companies.findFirst({
      where: eq(companies.name, '東都環境サービス株式会社'),
    });
    const base = {
      projectId: f.running,
      dischargerCompanyId: f.green,
      transportCompanyId: toto!.id,
      wasteId: sludge.id,
      wasteName: sludge.name,
      collectTime: `${ym}-01`,
      endDateTransport: `${ym}-01`,
      transporter: '佐藤',
      deadline: `${ym}-04`,
    };
    await t.db.insert(transportReports).values([
      { ...base, transportVolume: '3.00', transportVolumeUnitId: pieces },
      { ...base, transportVolume: '2.50', transportVolumeUnitId: tonne },
      { ...base, transportVolume: '0.50', transportVolumeUnitId: tonne, status: 'REJECTION' },
      { ...base, transportVolume: '0.60', transportVolumeUnitId: tonne },
      {
        ...base,
        transportVolume: '0.70',
        transportVolumeUnitId: tonne,
        status: 'ACCEPTANCE_OR_DENIAL',
        lastTransportVolume: '5.00',
        lastTransportVolumeUnitId: pieces,
        lastEndDateTransport: `${ym}-01`,
        lastTransporter: '佐藤',
      },
      // Deleted on approval: counted nowhere.
      { ...base, transportVolume: '9.00', transportVolumeUnitId: tonne, deletedAt: new Date() },
    ]);
  });

  const linesOf = async (email: string, prefix: string, period: string) =>
    ((await t.as(email).get(`${prefix}/achievements?${period}&size=100`)).json().items as Line[]).filter(
      (r) => r.type === 1 && r.wasteCode === sludge.wasteCode,
    );

  it('makes one line per unit, never adding different units, for both sides, monthly and annual', async () => {
    for (const [email, prefix] of [
      [TRANS, '/api/trans'],
      [DIS, '/api'],
    ] as const)
      for (const period of [`period=monthly&year=${year}&month=${month}`, `period=annual&year=${year}`]) {
        const lines = await linesOf(email, prefix, period);
        expect(
          lines.map((l) => [l.transportVolumeUnit, l.transportVolumeUnitId, l.transportVolume, l.status]),
        ).toEqual([
          ['t', tonne, 4.3, 'ACCEPTANCE_OR_DENIAL'],
          ['個', pieces, 3, 'BLANK'],
        ]);
      }
    // Regular lines state their unit too: kg.
    const regular = (await t.as(DIS).get(`/achievements?period=annual&year=${year}&type=2`)).json()
      .items as Line[];
    expect(regular.length).toBeGreaterThan(0);
    expect(regular.every((r) => r.transportVolumeUnit === 'kg' && r.transportVolumeUnitId === kg)).toBe(true);
  });

  it("lists only the reports of the line's unit in its details", async () => {
    const detail = (prefix: string, email: string, unitId?: number | string) =>
      t
        .as(email)
        .get(
          `${prefix}/achievements/detail?year=${year}&month=${month}&wasteType=1&wasteCode=${sludge.wasteCode}&wasteCompanyId=${f.green}${unitId === undefined ? '' : `&unitId=${unitId}`}`,
        );
    const volumes = (res: {
      json: () => { rows: { transportVolume: number; transportVolumeUnit: string }[] };
    }) => res.json().rows.map((r) => `${r.transportVolume} ${r.transportVolumeUnit}`);
    for (const [prefix, email] of [
      ['/api/trans', TRANS],
      ['/api', DIS],
    ] as const) {
      expect(volumes(await detail(prefix, email, tonne))).toEqual(['2.5 t', '0.5 t', '0.6 t', '0.7 t']);
      expect(volumes(await detail(prefix, email, pieces))).toEqual(['3 個']);
      // Without a unit (the spec's address), every unit's reports, each with its own unit.
      expect((await detail(prefix, email)).json().rows).toHaveLength(5);
      expect((await detail(prefix, email, kg)).json().rows).toEqual([]);
    }
    const bad = await detail('/api', DIS, 'x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ unitId: 'invalid_format' });

    // Regular details are kg: asked in kg they list the months, in another unit nothing.
    const regularCode = (await t.db.query.wastes.findFirst({ where: eq(wastes.id, f.combustible) }))!
      .wasteCode;
    const regular = (unitId: number) =>
      t
        .as(DIS)
        .get(
          `/achievements/detail?year=${year}&wasteType=2&wasteCode=${regularCode}&wasteCompanyId=${f.green}&unitId=${unitId}`,
        );
    expect((await regular(kg)).json().rows.length).toBeGreaterThan(0);
    expect((await regular(tonne)).json().rows).toEqual([]);
  });

  it('shows nothing of it to another company', async () => {
    expect(await linesOf(DIS2, '/api', `period=annual&year=${year}`)).toEqual([]);
    const detail = await t
      .as(DIS2)
      .get(
        `/achievements/detail?year=${year}&month=${month}&wasteType=1&wasteCode=${sludge.wasteCode}&wasteCompanyId=${f.green}&unitId=${tonne}`,
      );
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ rows: [], wasteCompanyName: '' });
  });
});

describe('achievements list paging', () => {
  type Item = { year: number; month: number; transportVolume: number; wasteCode: string; type: number };
  type Page = { items: Item[]; total: number; page: number; size: number };
  const annual = `/trans/achievements?period=annual&year=${year}`;

  it('answers a page of the lines with the total, in the default order', async () => {
    const all = (await t.as(TRANS).get(`${annual}&size=100`)).json<Page>();
    expect(all.total).toBeGreaterThan(3);
    expect(all.items.length).toBe(Math.min(all.total, 100));
    const first = (await t.as(TRANS).get(`${annual}&size=2`)).json<Page>();
    const second = (await t.as(TRANS).get(`${annual}&size=2&page=2`)).json<Page>();
    expect([first.total, first.page, first.size, second.page]).toEqual([all.total, 1, 2, 2]);
    expect([...first.items, ...second.items]).toEqual(all.items.slice(0, 4));
    const months = all.items.map((i) => i.year * 12 + i.month);
    expect(months).toEqual([...months].sort((a, b) => a - b));
    // The default page size is 50 lines.
    expect((await t.as(TRANS).get(annual)).json<Page>().size).toBe(50);
    // A page past the end is empty, with the total.
    expect((await t.as(TRANS).get(`${annual}&page=999`)).json<Page>()).toMatchObject({
      items: [],
      total: all.total,
    });
  });

  it('sorts by a key of the list, and refuses another', async () => {
    const byVolume = (await t.as(TRANS).get(`${annual}&size=100&sort=volume&order=desc`)).json<Page>();
    const volumes = byVolume.items.map((i) => i.transportVolume);
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
    const bad = await t.as(TRANS).get(`${annual}&sort=status`);
    expect([bad.statusCode, bad.json().fields]).toEqual([400, { sort: 'invalid_format' }]);
    expect((await t.as(TRANS).get(`${annual}&size=101`)).statusCode).toBe(400);
  });

  it('exports every line in batches, for both sides', async () => {
    for (const [email, prefix] of [
      [TRANS, '/trans'],
      [DIS, ''],
    ] as const) {
      const list = (
        await t.as(email).get(`${prefix}/achievements?period=annual&year=${year}&size=100`)
      ).json<Page>();
      const exported = (
        await t.as(email).get(`${prefix}/achievements/export?period=annual&year=${year}`)
      ).json<Page>();
      expect(exported.total).toBe(list.total);
      expect(exported.items).toEqual(list.items);
    }
    const other = (await t.as(DIS2).get(`/achievements/export?period=annual&year=${year}`)).json<Page>();
    expect(other).toMatchObject({ items: [], total: 0 });
  });
});
