import { datesOfMonth } from '@junkan/shared/business-day';
import { addMonths } from '@junkan/shared/contract-rules';
import { latestDate } from '@junkan/shared/rules/retention';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIS, DIS2, PLATFORM, TRANS } from '../../../test/fixtures/demo-data';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { auditLogs, companies, projects, transportReports, unitMeasures, wastes } from '../../db/schema';
import { tokyoDate } from '../../lib/time';

let t: TestContext;

let f: { running: number; green: number; combustible: number; bottles: number; plastics: number };
const [year, month] = tokyoDate(new Date()).split('-').map(Number) as [number, number];

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
    // The month's report is kept five years from the month's last day (or its last change, if later).
    const lastDay = datesOfMonth(year, month).at(-1)!;
    expect(saved.json().keptUntil).toBe(addMonths(latestDate(lastDay, tokyoDate(new Date()))!, 60));
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

  it('names the latest month with lines, whatever month is asked, for each side and filter', async () => {
    for (const [email, prefix] of [
      [TRANS, '/api/trans'],
      [DIS, '/api'],
    ] as const) {
      const empty = await t.as(email).get(`${prefix}/achievements?period=monthly&year=${year - 1}&month=1`);
      expect(empty.statusCode).toBe(200);
      expect(empty.json()).toMatchObject({ total: 0, latestMonth: { year, month } });
    }
    const industrial = await t.as(TRANS).get(`/trans/achievements?period=annual&year=${year - 1}&type=1`);
    expect(industrial.json().latestMonth).toEqual({ year, month });
    // Another discharger of the transporter's, picked in the header: none of its lines.
    const otherCompany = await t
      .as(TRANS)
      .get(`/trans/achievements?period=annual&year=${year}&companyId=${f.green + 100_000}`);
    expect(otherCompany.json()).toMatchObject({ total: 0, latestMonth: null });
    const other = await t.as(DIS2).get(`/achievements?period=annual&year=${year}`);
    expect(other.json().latestMonth).toBeNull();
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
    expect(detail.json()).toMatchObject({ items: [], total: 0, wasteCompanyName: '' });
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
        .items.map((r: { transportVolume: number; manifestId: string | null }) => [
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
    expect(regular.json().items.at(-1)).toMatchObject({ transportVolume: 1000, transportVolumeUnit: 'kg' });
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
      json: () => { items: { transportVolume: number; transportVolumeUnit: string }[] };
    }) => res.json().items.map((r) => `${r.transportVolume} ${r.transportVolumeUnit}`);
    for (const [prefix, email] of [
      ['/api/trans', TRANS],
      ['/api', DIS],
    ] as const) {
      expect(volumes(await detail(prefix, email, tonne))).toEqual(['2.5 t', '0.5 t', '0.6 t', '0.7 t']);
      expect(volumes(await detail(prefix, email, pieces))).toEqual(['3 個']);
      // Without a unit (the spec's address), every unit's reports, each with its own unit.
      expect((await detail(prefix, email)).json().items).toHaveLength(5);
      expect((await detail(prefix, email, kg)).json().items).toEqual([]);
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
    expect((await regular(kg)).json().items.length).toBeGreaterThan(0);
    expect((await regular(tonne)).json().items).toEqual([]);
  });

  it('shows nothing of it to another company', async () => {
    expect(await linesOf(DIS2, '/api', `period=annual&year=${year}`)).toEqual([]);
    const detail = await t
      .as(DIS2)
      .get(
        `/achievements/detail?year=${year}&month=${month}&wasteType=1&wasteCode=${sludge.wasteCode}&wasteCompanyId=${f.green}&unitId=${tonne}`,
      );
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ items: [], total: 0, wasteCompanyName: '' });
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

describe('achievement details paging', () => {
  type Row = {
    id: number;
    wasteName: string;
    projectTitle: string;
    manifestId: string | null;
    endDateTransport: string | null;
    transportVolume: number;
    collectiondate: string | null;
  };
  type Detail = {
    items: Row[];
    total: number;
    page: number;
    size: number;
    wasteName: string;
    wasteCompanyName: string;
  };
  const ym = `${year}-${String(month).padStart(2, '0')}`;
  let line: string;
  let waste: { id: number; wasteCode: string; name: string };
  let titles: [string, string];

  beforeAll(async () => {
    // One line of seven reports over two projects: dates, volumes and manifest numbers out of step, and the
    // first report by date under an older waste name (the header's).
    const industrial = await t.db.select().from(wastes).where(eq(wastes.category, 'INDUSTRIAL'));
    const used = new Set([f.plastics]);
    const sludge = await t.db.query.transportReports.findMany();
    for (const r of sludge) used.add(r.wasteId);
    const w = industrial.find((x) => !used.has(x.id))!;
    waste = { id: w.id, wasteCode: w.wasteCode, name: w.name };
    const running = await t.db.query.projects.findFirst({ where: eq(projects.id, f.running) });
    const other = (await t.db.select().from(projects).where(eq(projects.companyId, f.green))).find(
      (p) => p.id !== f.running && p.title !== running!.title,
    )!;
    titles = [running!.title, other.title];
    const toto = await t.db.query.companies.findFirst({
      where: eq(companies.name, '東都環境サービス株式会社'),
    });
    const tonne = (await t.db.query.unitMeasures.findFirst({ where: eq(unitMeasures.unit, 't') }))!.id;
    const report = (day: number, volume: string, manifest: string | null, projectId: number) => ({
      projectId,
      dischargerCompanyId: f.green,
      transportCompanyId: toto!.id,
      wasteId: waste.id,
      wasteName: day === 1 ? `${waste.name}(旧)` : waste.name,
      collectTime: `${ym}-0${day}`,
      endDateTransport: `${ym}-0${day}`,
      transportVolume: volume,
      transportVolumeUnitId: tonne,
      manifestNumber: manifest,
      transporter: '佐藤',
      deadline: `${ym}-0${day}`,
    });
    await t.db.insert(transportReports).values([
      report(3, '5.00', '30000000001', f.running),
      report(1, '2.00', null, other.id),
      report(2, '9.00', '10000000001', f.running),
      report(2, '1.00', '20000000001', other.id),
      report(5, '3.00', null, f.running),
      report(4, '7.00', '00000000001', other.id),
      report(6, '4.00', '50000000001', f.running),
      // Deleted: in no page and not counted.
      { ...report(1, '8.00', null, f.running), deletedAt: new Date() },
    ]);
    line = `year=${year}&month=${month}&wasteType=1&wasteCode=${waste.wasteCode}&wasteCompanyId=${f.green}`;
  });

  const get = async (path: string, who = TRANS) => (await t.as(who).get(path)).json<Detail>();
  const all = (prefix: string, who: string, query = '') =>
    get(`${prefix}/achievements/detail?${line}&size=100${query}`, who);

  it('answers a page of the reports with the total, by date by default, for both sides', async () => {
    for (const [prefix, who] of [
      ['/trans', TRANS],
      ['', DIS],
    ] as const) {
      const every = await all(prefix, who);
      expect(every.total).toBe(7);
      expect(every.items.map((r) => [r.endDateTransport, r.transportVolume])).toEqual([
        [`${ym}-01`, 2],
        [`${ym}-02`, 9],
        [`${ym}-02`, 1],
        [`${ym}-03`, 5],
        [`${ym}-04`, 7],
        [`${ym}-05`, 3],
        [`${ym}-06`, 4],
      ]);
      const pages = await Promise.all(
        [1, 2, 3].map((page) => get(`${prefix}/achievements/detail?${line}&size=3&page=${page}`, who)),
      );
      expect(pages.map((p) => [p.items.length, p.total, p.page, p.size])).toEqual([
        [3, 7, 1, 3],
        [3, 7, 2, 3],
        [1, 7, 3, 3],
      ]);
      expect(pages.flatMap((p) => p.items)).toEqual(every.items);
      // The default page holds 50 reports.
      expect((await get(`${prefix}/achievements/detail?${line}`, who)).size).toBe(50);
    }
  });

  it('sorts by each key, then by date, and the header speaks for the whole line', async () => {
    const desc = await all('/trans', TRANS, '&sort=date&order=desc');
    expect(desc.items.map((r) => r.endDateTransport)).toEqual(
      [...desc.items.map((r) => r.endDateTransport!)].sort().reverse(),
    );
    const volume = await all('/trans', TRANS, '&sort=volume&order=desc');
    expect(volume.items.map((r) => r.transportVolume)).toEqual([9, 7, 5, 4, 3, 2, 1]);
    const manifests = await all('/trans', TRANS, '&sort=manifestNumber');
    expect(manifests.items.map((r) => r.manifestId)).toEqual([
      '00000000001',
      '10000000001',
      '20000000001',
      '30000000001',
      '50000000001',
      null,
      null,
    ]);
    // Without a manifest number last either way, each in date order.
    const manifestsDesc = await all('/trans', TRANS, '&sort=manifestNumber&order=desc');
    expect(manifestsDesc.items.map((r) => [r.manifestId, r.endDateTransport])).toEqual([
      ['50000000001', `${ym}-06`],
      ['30000000001', `${ym}-03`],
      ['20000000001', `${ym}-02`],
      ['10000000001', `${ym}-02`],
      ['00000000001', `${ym}-04`],
      [null, `${ym}-01`],
      [null, `${ym}-05`],
    ]);
    const byTitle = await all('/trans', TRANS, '&sort=projectTitle');
    const sortedTitles = [...titles].sort();
    expect(byTitle.items.map((r) => r.projectTitle)).toEqual([
      ...Array(byTitle.items.filter((r) => r.projectTitle === sortedTitles[0]).length).fill(sortedTitles[0]),
      ...Array(byTitle.items.filter((r) => r.projectTitle === sortedTitles[1]).length).fill(sortedTitles[1]),
    ]);
    // Within one title, by date.
    const firstTitle = byTitle.items.filter((r) => r.projectTitle === sortedTitles[0]);
    expect(firstTitle.map((r) => r.endDateTransport)).toEqual(
      [...firstTitle.map((r) => r.endDateTransport!)].sort(),
    );
    // A later page in another order still names the line by its first report by date.
    const later = await get(`/trans/achievements/detail?${line}&size=2&page=3&sort=volume`);
    expect(later).toMatchObject({ wasteName: `${waste.name}(旧)`, wasteCompanyName: '株式会社グリーン商事' });
    expect(later.items.map((r) => r.transportVolume)).toEqual([5, 7]);
    // A page past the end is empty, with the total and the header.
    expect(await get(`/trans/achievements/detail?${line}&page=9`)).toMatchObject({
      items: [],
      total: 7,
      page: 9,
      wasteName: `${waste.name}(旧)`,
    });
  });

  it('pages the regular months too, each standing for its last day', async () => {
    const regularCode = (await t.db.query.wastes.findFirst({ where: eq(wastes.id, f.combustible) }))!
      .wasteCode;
    const regular = `/achievements/detail?year=${year}&wasteType=2&wasteCode=${regularCode}&wasteCompanyId=${f.green}`;
    const every = await get(`${regular}&size=100`, DIS);
    expect(every.total).toBeGreaterThan(0);
    expect(every.items).toHaveLength(every.total);
    const dates = every.items.map((r) => r.collectiondate!);
    expect(dates).toEqual([...dates].sort());
    for (const d of dates) {
      const [y, m, day] = d.split('-').map(Number) as [number, number, number];
      expect(day).toBe(new Date(Date.UTC(y, m, 0)).getUTCDate());
    }
    const first = await get(`${regular}&size=1`, DIS);
    expect([first.total, first.items]).toEqual([every.total, every.items.slice(0, 1)]);
    const desc = await get(`${regular}&size=100&sort=date&order=desc`, DIS);
    expect(desc.items.map((r) => r.collectiondate)).toEqual([...dates].reverse());
    // Regular reports have no manifest number: that order is the date's.
    expect((await get(`${regular}&size=100&sort=manifestNumber`, DIS)).items).toEqual(every.items);
  });

  it('shows nothing of the line to another company', async () => {
    for (const [prefix, who] of [
      ['', DIS2],
      ['/trans', PLATFORM],
    ] as const) {
      for (const path of ['detail', 'detail/export']) {
        const res = await t.as(who).get(`${prefix}/achievements/${path}?${line}`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ items: [], total: 0, wasteCompanyName: '' });
      }
    }
  });

  it.each([
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=1.5', 'page'],
    ['page=abc', 'page'],
    ['page=99999999999999999999', 'page'],
    ['page=1%00', 'page'],
    ['size=0', 'size'],
    ['size=101', 'size'],
    ['size=1e2', 'size'],
    ['size=', 'size'],
    ['sort=status', 'sort'],
    ['order=up', 'order'],
  ])('refuses %s', async (query, field) => {
    const res = await t.as(TRANS).get(`/trans/achievements/detail?${line}&${query}`);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields ?? {})).toEqual([field]);
  });

  it('exports every report of the line in batches, in the order asked', async () => {
    for (const [prefix, who] of [
      ['/trans', TRANS],
      ['', DIS],
    ] as const) {
      const every = await all(prefix, who, '&sort=volume');
      const exported = await get(`${prefix}/achievements/detail/export?${line}&sort=volume`, who);
      expect([exported.total, exported.size]).toEqual([7, 5000]);
      expect(exported.items).toEqual(every.items);
      const batch = await get(`${prefix}/achievements/detail/export?${line}&size=4&page=2`, who);
      expect(batch.items).toEqual((await all(prefix, who)).items.slice(4));
    }
    expect((await t.as(TRANS).get(`/trans/achievements/detail/export?${line}&size=5001`)).statusCode).toBe(
      400,
    );
    expect((await t.as(DIS).get(`/trans/achievements/detail/export?${line}`)).statusCode).toBe(403);
  });
});
