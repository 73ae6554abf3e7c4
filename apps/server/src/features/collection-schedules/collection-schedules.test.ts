import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import {
  auditLogs,
  calendarFeeds,
  collectionRequestLines,
  collectionRequests,
  collections,
  companies,
  contracts,
  dischargeSites,
  projects,
  projectWasteLines,
} from '../../db/schema';

// The business clock: 2026-11-20 (Fri) in Japan, so the feed covers 2026-10-20 to 2027-12-25.
const NOW = new Date('2026-11-20T01:00:00Z');
const DAY = '2026-11-25';

let t: TestContext;

/** Ids of the collections inserted below, by what they stand for. */
const c: Record<string, number> = {};
const ids = { green: 0, toto: 0, platform: 0, takahashi: 0, ginza: 0, kichijoji: 0, umeda: 0 };

async function companyId(name: string) {
  return (await t.db.query.companies.findFirst({ where: eq(companies.name, name) }))!.id;
}

async function projectOf(title: string) {
  const project = (await t.db.query.projects.findFirst({ where: eq(projects.title, title) }))!;
  const [line] = await t.db
    .select()
    .from(projectWasteLines)
    .where(eq(projectWasteLines.projectId, project.id));
  const contract = await t.db.query.contracts.findFirst({ where: eq(contracts.projectId, project.id) });
  return { project, line: line!, contractId: contract?.id };
}

/** A request with its lines, and one collection per `[key, date, status]`. */
async function insertRequest(
  title: string,
  siteId: number,
  request: Partial<typeof collectionRequests.$inferInsert>,
  lines: { bags?: Record<string, number>; volume?: string }[],
  days: [key: string, date: string, status: string][],
) {
  const { project, line, contractId } = await projectOf(title);
  const [row] = await t.db
    .insert(collectionRequests)
    .values({
      projectId: project.id,
      contractId: contractId!,
      companyId: project.companyId,
      transportCompanyId: project.transportCompanyId!,
      dischargeSiteId: siteId,
      kind: 'DATES',
      ...request,
    })
    .returning();
  await t.db
    .insert(collectionRequestLines)
    .values(
      lines.map((l) => ({ requestId: row!.id, wasteLineId: line.id, bags: l.bags ?? {}, volume: l.volume })),
    );
  for (const [key, date, status] of days) {
    const [col] = await t.db
      .insert(collections)
      .values({
        requestId: row!.id,
        projectId: project.id,
        companyId: project.companyId,
        transportCompanyId: project.transportCompanyId!,
        dischargeSiteId: siteId,
        date,
        desiredDate: date,
        status,
      })
      .returning({ id: collections.id });
    c[key] = col!.id;
  }
}

beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
  ids.green = await companyId('株式会社グリーン商事');
  ids.toto = await companyId('東都環境サービス株式会社');
  ids.platform = await companyId('junkan収集運搬');
  ids.takahashi = await companyId('髙橋工業株式会社');
  const sites = await t.db.select().from(dischargeSites).where(eq(dischargeSites.companyId, ids.green));
  ids.ginza = sites.find((s) => s.name === '銀座店')!.id;
  ids.kichijoji = sites.find((s) => s.name === '𠮷祥寺倉庫')!.id;
  const [umeda] = await t.db
    .insert(dischargeSites)
    .values({
      companyId: ids.takahashi,
      name: '梅田工場',
      postalCode: '530-0001',
      address1: '大阪府大阪市北区',
      address2: '梅田',
      address3: '2-4-9',
      tel: '06-2345-6700',
      email: 'koujou@takahashi-kogyo.example.com',
      pic: '髙橋 一郎',
    })
    .returning();
  ids.umeda = umeda!.id;
  // The platform transporter's project of the demo discharger gets a running contract too.
  const { project: large } = await projectOf('什器入替に伴う粗大ごみ');
  await t.db.insert(contracts).values({
    projectId: large.id,
    transportCompanyId: ids.platform,
    status: 'APPROVED',
    name: '粗大ごみ 委託契約',
    startDate: '2026-11-01',
    endDate: '2027-10-31',
    contractType: 'SPOT',
    contractForm: 'COMBINED',
    paymentMethod: 'PAYMENT_INVOICE',
    contactPerson: '運営 担当',
    licenseNumber: '第1301-0001号',
    licenseDistrict: '東京都',
    licenseExpireDate: '2029-03-31',
  });

  // 東都 collects 可燃ごみ at 銀座店 (inside its area 銀座・京橋), on every kind of day and status.
  await insertRequest(
    '銀座店 可燃ごみ定期回収',
    ids.ginza,
    { entryFrom: '08:00', entryUntil: '10:00', memo: '裏口のシャッター前' },
    [{ bags: { '70': 1, '45': 3 } }],
    [
      ['tooEarly', '2026-10-19', 'COLLECTED'],
      ['firstDay', '2026-10-20', 'COLLECTED'],
      ['notCollected', '2026-11-12', 'NOT_COLLECTED'],
      ['ginza', DAY, 'CONFIRMED'],
      ['cancelled', '2026-11-26', 'CANCELLED'],
      ['returned', '2026-11-27', 'RETURNED'],
      ['skipped', '2026-11-30', 'SKIPPED'],
      ['lastDay', '2027-12-25', 'DESIRED_DATE'],
      ['tooLate', '2027-12-26', 'DESIRED_DATE'],
    ],
  );
  // Another request of the same project, cancelled on the day: never on the sheet.
  await insertRequest(
    '銀座店 可燃ごみ定期回収',
    ids.ginza,
    { memo: '取り消した依頼' },
    [{ bags: { '45': 1 } }],
    [['cancelledOnDay', DAY, 'CANCELLED']],
  );
  // 東都 collects 廃プラスチック類 at 𠮷祥寺倉庫: no area of 東都 holds 180-0004; up to 2t trucks.
  await insertRequest(
    '本社倉庫 廃プラスチック類 収集運搬',
    ids.kichijoji,
    { vehicleLimit: 'T2', entryUntil: '17:00' },
    [{ volume: '1.50' }],
    [['kichijoji', DAY, 'ADJUSTING']],
  );
  // Another discharger's collections with 東都.
  const umedaProject = (await projectOf('梅田事業所 金属くず回収')).project;
  await t.db.update(contracts).set({ status: 'APPROVED' }).where(eq(contracts.projectId, umedaProject.id));
  await insertRequest(
    '梅田事業所 金属くず回収',
    ids.umeda,
    {},
    [{ volume: '300' }],
    [
      ['umeda', DAY, 'DESIRED_DATE'],
      ['umedaNext', '2026-11-26', 'CONFIRMED'],
    ],
  );
  // The demo discharger's collection with the other transporter.
  await insertRequest(
    '什器入替に伴う粗大ごみ',
    ids.ginza,
    { memo: '粗大ごみは台車で搬出' },
    [{ bags: { '90': 2 } }],
    [['platform', DAY, 'CONFIRMED']],
  );
});
afterAll(() => t.close());

interface IcsEvent {
  [property: string]: string;
}

/** A small iCalendar reader: unfolds lines, splits the events, reads each property's value (text unescaped). */
function parseIcs(text: string): { calendar: IcsEvent; events: IcsEvent[] } {
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);
  const calendar: IcsEvent = {};
  const events: IcsEvent[] = [];
  let event: IcsEvent | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') event = {};
    else if (line === 'END:VEVENT') {
      events.push(event!);
      event = null;
    } else {
      const colon = line.indexOf(':');
      const [name, ...params] = line.slice(0, colon).split(';');
      const value = line
        .slice(colon + 1)
        .replace(/\\([\\;,nN])/g, (_, ch: string) => (ch.toLowerCase() === 'n' ? '\n' : ch));
      (event ?? calendar)[name!] = value;
      if (params.length) (event ?? calendar)[`${name}@params`] = params.join(';');
    }
  }
  return { calendar, events };
}

const dateOf = (e: IcsEvent) =>
  `${e.DTSTART!.slice(0, 4)}-${e.DTSTART!.slice(4, 6)}-${e.DTSTART!.slice(6, 8)}`;
const uidOf = (key: string) => `collection-${c[key]}@junkan`;

async function issueFeed(who: string | { token: string }) {
  const res = await t.as(who).post('/calendar-feed');
  expect(res.statusCode).toBe(200);
  const body = res.json<{ url: string; active: boolean }>();
  expect(body.active).toBe(true);
  expect(body.url).toMatch(/^http:\/\/junkan\.test\/api\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/);
  return new URL(body.url).pathname;
}

/** Fetches a feed as a calendar app does: no token, no session. */
const fetchFeed = (path: string) => t.app.inject({ method: 'GET', url: path });

async function feedEvents(path: string) {
  const res = await fetchFeed(path);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
  expect(res.headers['cache-control']).toBe('no-store');
  return parseIcs(res.body);
}

describe('calendar feed', () => {
  it('has none until issued; the address is answered once, only its hash is stored', async () => {
    expect((await t.as('discharger').get('/calendar-feed')).json()).toEqual({ url: null, active: false });
    const path = await issueFeed('discharger');
    expect((await t.as('discharger').get('/calendar-feed')).json()).toEqual({ url: null, active: true });
    const token = path.split('/').at(-1)!.replace('.ics', '');
    const [stored] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.companyId, ids.green));
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'calendar_feed.issue'), eq(auditLogs.entityId, String(ids.green))));
    expect(audit).toHaveLength(1);
  });

  it("lists the discharger's collections of the window, open or done, with their dates and UIDs", async () => {
    const { calendar, events } = await feedEvents(await issueFeed('discharger'));
    expect(calendar.VERSION).toBe('2.0');
    const byUid = new Map(events.map((e) => [e.UID!, e]));
    const expected = ['firstDay', 'notCollected', 'ginza', 'lastDay', 'kichijoji', 'platform'];
    expect([...byUid.keys()].sort()).toEqual(expected.map(uidOf).sort());

    const ginza = byUid.get(uidOf('ginza'))!;
    expect(ginza['DTSTART@params']).toBe('VALUE=DATE');
    expect(dateOf(ginza)).toBe(DAY);
    expect(ginza.DTEND).toBe('20261126');
    expect(ginza.SUMMARY).toBe('回収: 銀座店 可燃ごみ定期回収 (銀座店) [確定]');
    expect(ginza.DESCRIPTION).toContain('可燃ごみ 45L×3、70L×1');
    expect(ginza.DESCRIPTION).toContain('〒104-0061 東京都中央区銀座1-2-3 銀座グリーンビル1F');
    expect(ginza.DESCRIPTION).toContain('収集運搬業者: 東都環境サービス株式会社');
    expect(ginza.LOCATION).toBe('〒104-0061 東京都中央区銀座1-2-3 銀座グリーンビル1F');
    expect(ginza.URL).toBe(`http://junkan.test/sys/collection-schedules/detail/${c.ginza}`);
    expect(ginza.STATUS).toBe('CONFIRMED');
    expect(dateOf(byUid.get(uidOf('firstDay'))!)).toBe('2026-10-20');
    expect(dateOf(byUid.get(uidOf('lastDay'))!)).toBe('2027-12-25');
    expect(byUid.get(uidOf('lastDay'))!.STATUS).toBe('TENTATIVE');
    const kichijoji = byUid.get(uidOf('kichijoji'))!;
    expect(kichijoji.SUMMARY).toBe('回収: 本社倉庫 廃プラスチック類 収集運搬 (𠮷祥寺倉庫) [調整中]');
    expect(kichijoji.DESCRIPTION).toContain('廃プラスチック類 1.5t');
  });

  it("lists the transporter's collections of every discharger it serves, and no other transporter's", async () => {
    const { events } = await feedEvents(await issueFeed('transporter'));
    const expected = ['firstDay', 'notCollected', 'ginza', 'lastDay', 'kichijoji', 'umeda', 'umedaNext'];
    expect(events.map((e) => e.UID).sort()).toEqual(expected.map(uidOf).sort());
    const umeda = events.find((e) => e.UID === uidOf('umeda'))!;
    expect(umeda.SUMMARY).toBe('回収: 梅田事業所 金属くず回収 (梅田工場) [希望日]');
    expect(umeda.DESCRIPTION).toContain('排出事業者: 髙橋工業株式会社');
  });

  it("shows another company only its own collections: the other discharger's and the other transporter's", async () => {
    const other = await feedEvents(await issueFeed('discharger2'));
    expect(other.events.map((e) => e.UID).sort()).toEqual([uidOf('umeda'), uidOf('umedaNext')].sort());
    const platform = await feedEvents(await issueFeed('platform'));
    expect(platform.events.map((e) => e.UID)).toEqual([uidOf('platform')]);
  });

  it('stops the old address when a new one is issued, and every address when revoked', async () => {
    const first = await issueFeed('transporter');
    const second = await issueFeed('transporter');
    expect(second).not.toBe(first);
    const gone = await fetchFeed(first);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'not_found' });
    expect((await fetchFeed(second)).statusCode).toBe(200);

    expect((await t.as('transporter').delete('/calendar-feed')).statusCode).toBe(204);
    expect((await fetchFeed(second)).statusCode).toBe(404);
    expect((await t.as('transporter').get('/calendar-feed')).json()).toEqual({ url: null, active: false });
    // Revoking again is harmless.
    expect((await t.as('transporter').delete('/calendar-feed')).statusCode).toBe(204);
  });

  it('works for an administrator acting for a company, and is recorded with the admin', async () => {
    const res = await t.as('admin').post(`/admin/companies/${ids.toto}/auth-token?isTransport=true`);
    const acting = { token: res.json<{ token: string }>().token };
    const { events } = await feedEvents(await issueFeed(acting));
    expect(events.map((e) => e.UID)).toContain(uidOf('umeda'));
    const admin = (await t.db.query.users.findFirst({
      where: (u, { eq }) => eq(u.email, 'admin@example.com'),
    }))!;
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'calendar_feed.issue'), eq(auditLogs.adminId, admin.id)));
    expect(audit?.entityId).toBe(String(ids.toto));
  });

  it('refuses an administrator acting as itself (no company), and calls without a session', async () => {
    expect((await t.as('admin').get('/calendar-feed')).statusCode).toBe(403);
    expect((await t.as('admin').post('/calendar-feed')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/calendar-feed' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar-feed' })).statusCode).toBe(401);
  });

  it.each([
    ['an unknown token', 404, `/api/calendar-feed/${'A'.repeat(43)}.ics`],
    ['a token without .ics', 400, `/api/calendar-feed/${'A'.repeat(43)}`],
    ['a short token', 400, '/api/calendar-feed/abc.ics'],
    // The router refuses a path parameter of over 100 characters itself.
    ['a long token', 414, `/api/calendar-feed/${'A'.repeat(5000)}.ics`],
    ['another extension', 400, `/api/calendar-feed/${'A'.repeat(43)}.ICS`],
    ['a path', 400, `/api/calendar-feed/..%2F..%2F${'A'.repeat(43)}.ics`],
    ['a NUL', 400, `/api/calendar-feed/${'A'.repeat(43)}%00.ics`],
    ['a lone surrogate', 400, `/api/calendar-feed/${'A'.repeat(43)}%ED%A0%80.ics`],
    ['SQL', 400, `/api/calendar-feed/'%20or%201=1--${'A'.repeat(30)}.ics`],
    ['percent noise', 400, `/api/calendar-feed/%E0%A4%A.ics`],
  ])('answers %s with %i, never a server error', async (_what, status, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toHaveProperty('code');
  });

  it('answers a feed whatever bearer header a calendar app sends', async () => {
    const path = await issueFeed('discharger');
    const forged = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { authorization: 'Bearer x.y.z' },
    });
    expect(forged.statusCode).toBe(200);
    const other = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { authorization: `Bearer ${await t.as('discharger2').token()}` },
    });
    expect(parseIcs(other.body).events.map((e) => e.UID)).toContain(uidOf('platform'));
  });
});
