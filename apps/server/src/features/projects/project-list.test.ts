import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, companyId, DIS, DIS2, TRANS } from '../../../test/fixtures/demo-data';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { projects } from '../../db/schema';

/** The project list under the list convention: 230 extra projects of グリーン商事, half of them carried by 東都. */
let t: TestContext;
const EXTRA = 230;
const STATUSES = ['CREATING_QUOTE', 'REQUEST_QUOTE', 'IN_PROGRESS', 'COMPLETE', 'CANCEL'] as const;
let green: number;
let takahashi: number;
let demoOwn: number;
let demoServed: number;

interface Item {
  id: number;
  projectTitle: string;
  projectStatus: string;
  type: string;
  createdDate: string;
  company: { id: number; name: string };
  transportCompany: { id: number; name: string } | null;
}
interface ListPage {
  items: Item[];
  total: number;
  page: number;
  size: number;
}

const list = async (user: string | { token: string }, query: string): Promise<ListPage> => {
  const res = await t
    .as(user)
    .get(`${typeof user === 'string' && user === TRANS ? '/trans' : ''}/projects?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const titles = (page: ListPage) => page.items.map((p) => p.projectTitle);

beforeAll(async () => {
  t = await createTestApp();
  green = await companyId(t.db, '株式会社グリーン商事');
  takahashi = await companyId(t.db, '髙橋工業株式会社');
  const toto = await companyId(t.db, '東都環境サービス株式会社');
  demoOwn = (await list(DIS, '')).total;
  demoServed = (await list(TRANS, '')).total;
  const base = Date.parse('2025-01-01T00:00:00Z');
  await t.db.insert(projects).values(
    Array.from({ length: EXTRA }, (_, i) => ({
      title: `一覧 ${String(i).padStart(3, '0')}`,
      status: STATUSES[i % STATUSES.length]!,
      type: i % 3 === 0 ? ('REGULAR' as const) : ('INDUSTRIAL' as const),
      companyId: green,
      transportCompanyId: i % 2 === 0 ? toto : null,
      createdAt: new Date(base + i * 60_000),
    })),
  );
});
afterAll(() => t.close());

describe('paging', () => {
  it('answers 50 newest first with the total, past the old 200-row cap', async () => {
    const first = await list(DIS, '');
    expect(first).toMatchObject({ total: demoOwn + EXTRA, page: 1, size: 50 });
    expect(first.items).toHaveLength(50);
    const dates = first.items.map((p) => p.createdDate);
    expect(dates).toEqual([...dates].sort().reverse());
    // Each date is the stored instant as toISOString writes it, to the millisecond.
    const stored = await t.db
      .select({ id: projects.id, createdAt: projects.createdAt })
      .from(projects)
      .where(
        inArray(
          projects.id,
          first.items.map((p) => p.id),
        ),
      );
    const iso = new Map(stored.map((r) => [r.id, r.createdAt.toISOString()]));
    expect(first.items.map((p) => p.createdDate)).toEqual(first.items.map((p) => iso.get(p.id)));

    const last = await list(DIS, 'page=5&size=50');
    expect(last.items).toHaveLength(demoOwn + EXTRA - 200);
    expect(last.items.at(-1)?.projectTitle).toBe('一覧 000');
  });

  it('walks every row once across pages, and answers the total past the end', async () => {
    const seen = new Set<number>();
    for (let page = 1; page <= 3; page++)
      for (const p of (await list(DIS, `page=${page}&size=100&sort=title`)).items) seen.add(p.id);
    expect(seen.size).toBe(demoOwn + EXTRA);
    const beyond = await list(DIS, 'page=9&size=100');
    expect(beyond).toEqual({ items: [], total: demoOwn + EXTRA, page: 9, size: 100 });
    // Past the end with filters, the total counts what the filters keep, as on a page with rows.
    const filters = 'keyword=一覧&type=REGULAR';
    const onPage = (await list(DIS, `${filters}&size=10`)).total;
    expect(onPage).toBe(Math.ceil(EXTRA / 3));
    expect(await list(DIS, `${filters}&page=99&size=10`)).toMatchObject({ items: [], total: onPage });
  });
});

describe('sorting', () => {
  it.each([
    ['id', (p: Item): number | string => p.id],
    ['title', (p: Item): number | string => p.projectTitle],
    ['createdDate', (p: Item): number | string => p.createdDate],
  ] as const)('sorts by %s both ways', async (sort, key) => {
    const asc = await list(DIS, `keyword=一覧&sort=${sort}&order=asc&size=100`);
    const desc = await list(DIS, `keyword=一覧&sort=${sort}&order=desc&size=100`);
    const keys = asc.items.map(key);
    expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(asc.items[0]?.projectTitle).toBe('一覧 000');
    expect(desc.items[0]?.projectTitle).toBe('一覧 229');
  });

  it("sorts by the other side's name: the transporter for a discharger, then the id", async () => {
    const asc = await list(DIS, 'keyword=一覧&sort=company&order=asc&size=100');
    expect(asc.items[0]?.transportCompany?.name).toBe('東都環境サービス株式会社');
    const named = asc.items.filter((p) => p.transportCompany).map((p) => p.id);
    expect(named).toEqual([...named].sort((a, b) => a - b));
    const desc = await list(DIS, 'keyword=一覧&sort=company&order=desc&size=100');
    expect(desc.items.map((p) => p.id)).not.toEqual(asc.items.map((p) => p.id));
    const transporter = await list(TRANS, 'sort=company&order=desc&size=100');
    const names = transporter.items.map((p) => p.company.name);
    expect(new Set(names)).toEqual(new Set(['株式会社グリーン商事', '髙橋工業株式会社']));
  });
});

describe('filters', () => {
  it('filters by tab, type and keyword, and counts what they keep', async () => {
    const past = await list(DIS, 'keyword=一覧&tab=PAST');
    expect(past.total).toBe(EXTRA * (2 / 5));
    expect(past.items.every((p) => ['COMPLETE', 'CANCEL'].includes(p.projectStatus))).toBe(true);
    const regular = await list(DIS, 'keyword=一覧&type=REGULAR');
    expect(regular.total).toBe(Math.ceil(EXTRA / 3));
    expect(regular.items.every((p) => p.type === 'REGULAR')).toBe(true);
    const both = await list(DIS, 'keyword=一覧 01&tab=IN_PROGRESS&type=INDUSTRIAL');
    // 010-019 in progress: 012 (regular) and 017 (industrial).
    expect(titles(both)).toEqual(['一覧 017']);
  });

  it('matches the keyword literally, and a number as an id too', async () => {
    expect((await list(DIS, `keyword=${encodeURIComponent('%')}`)).total).toBe(0);
    expect((await list(DIS, 'keyword=_')).total).toBe(0);
    const one = (await list(DIS, 'keyword=一覧 123')).items[0]!;
    const byId = await list(DIS, `keyword=${one.id}`);
    expect(byId.items.map((p) => p.id)).toContain(one.id);
  });
});

describe('access', () => {
  it('keeps another discharger to its own projects, whatever the filters', async () => {
    const other = await list(DIS2, 'keyword=一覧&size=100');
    expect(other.total).toBe(0);
    const own = await list(DIS2, '');
    expect(own.items.every((p) => p.company.id === takahashi)).toBe(true);
  });

  it('shows a transporter only what it serves; the company filter narrows, never widens', async () => {
    const served = await list(TRANS, 'size=100');
    expect(served.total).toBe(demoServed + EXTRA / 2);
    const mine = await list(TRANS, 'keyword=一覧&size=100');
    expect(mine.items.every((p) => p.transportCompany?.name === '東都環境サービス株式会社')).toBe(true);
    const notServed = (await list(DIS, 'keyword=一覧 001')).items[0]!;
    expect((await list(TRANS, `keyword=${notServed.id}`)).items.map((p) => p.id)).not.toContain(notServed.id);
    const onlyGreen = await list(TRANS, `companyId=${green}&size=100`);
    expect(onlyGreen.items.every((p) => p.company.id === green)).toBe(true);
    const onlyTakahashi = await list(TRANS, `companyId=${takahashi}`);
    expect(onlyTakahashi.total).toBe(demoServed + EXTRA / 2 - onlyGreen.total);
    const platform = await companyId(t.db, 'junkan収集運搬');
    expect((await list(TRANS, `companyId=${platform}`)).total).toBe(0);
  });

  it('answers an admin acting for a discharger that company’s list', async () => {
    const res = await t.as(ADMIN).post(`/admin/companies/${green}/auth-token?isTransport=false`);
    const acting = { token: res.json().token as string };
    const page = await list(acting, 'size=10');
    expect(page.total).toBe(demoOwn + EXTRA);
    expect(page.items.every((p) => p.company.id === green)).toBe(true);
  });

  it('keeps each role to its own variant', async () => {
    expect((await t.as(DIS).get('/trans/projects')).statusCode).toBe(403);
    expect((await t.as(TRANS).get('/projects')).statusCode).toBe(403);
    expect((await t.as(DIS).get('/trans/projects/home')).statusCode).toBe(403);
    expect((await t.as(TRANS).get('/projects/home')).statusCode).toBe(403);
    expect((await t.anonymous.get('/projects?page=1')).statusCode).toBe(401);
    expect((await t.anonymous.get('/projects/home')).statusCode).toBe(401);
  });
});

describe('hostile input', () => {
  it.each([
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=1e3', 'page'],
    ['page=abc', 'page'],
    ['size=0', 'size'],
    ['size=101', 'size'],
    ['size=100000', 'size'],
    ['sort=memo', 'sort'],
    ['sort=id%3Bdrop%20table%20projects', 'sort'],
    ['order=sideways', 'order'],
    ['tab=ALL', 'tab'],
    ['type=OTHER', 'type'],
    [`keyword=${'x'.repeat(101)}`, 'keyword'],
  ])('refuses %s with 400 and a field code', async (query, field) => {
    for (const path of ['/projects', '/trans/projects']) {
      const res = await t.as(path === '/projects' ? DIS : TRANS).get(`${path}?${query}`);
      expect(res.statusCode, `${path}?${query}`).toBe(400);
      expect(res.json().code).toBe('validation_error');
      expect(res.json().fields).toHaveProperty(field);
    }
  });

  it('refuses NUL bytes with their own code', async () => {
    for (const query of ['keyword=a%00b', 'sort=id%00', 'page=1%00']) {
      const res = await t.as(DIS).get(`/projects?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation_error',
        fields: { [query.split('=')[0]!]: 'invalid_characters' },
      });
    }
  });
});

describe('home', () => {
  it("answers the newest rows and each tab's count, not the list", async () => {
    const home = (await t.as(DIS).get('/projects/home')).json();
    expect(home.latest).toHaveLength(10);
    expect(home.latest.map((p: Item) => p.id)).toEqual((await list(DIS, 'size=10')).items.map((p) => p.id));
    for (const tab of ['PRE_CONTRACT', 'IN_PROGRESS', 'PAST'] as const)
      expect(home.counts[tab], tab).toBe((await list(DIS, `tab=${tab}&size=1`)).total);
  });

  it("follows a transporter's company selector", async () => {
    const all = (await t.as(TRANS).get('/trans/projects/home?companyId=ALL')).json();
    const sum = (c: Record<string, number>) => Object.values(c).reduce((a, b) => a + b, 0);
    expect(sum(all.counts)).toBe(demoServed + EXTRA / 2);
    const one = (await t.as(TRANS).get(`/trans/projects/home?companyId=${takahashi}`)).json();
    expect(one.latest.every((p: Item) => p.company.id === takahashi)).toBe(true);
    expect(sum(one.counts)).toBe((await list(TRANS, `companyId=${takahashi}`)).total);
    expect((await t.as(TRANS).get('/trans/projects/home?companyId=abc')).statusCode).toBe(400);
  });
});
