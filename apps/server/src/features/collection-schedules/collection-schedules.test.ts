import { CSV_BOM } from '@junkan/shared/csv';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractPdfPages, extractPdfText } from '../../../test/pdf-text';
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
  users,
} from '../../db/schema';
import { DAY_SHEET_CSV_HEADER } from './day-sheet-document';

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
  // The feed and the sheet are checked against the rows this file writes, not the demo's schedule.
  await t.db.delete(collectionRequests);
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

  describe("dies with its issuer's access, checked at each fetch", () => {
    const userOf = async (email: string) =>
      (await t.db.query.users.findFirst({ where: eq(users.email, `${email}@example.com`) }))!;

    /** Issues a feed as `who`, checks it answers, applies `lose` and checks it stops, then `restore`s. */
    async function diesWhen(
      who: string | { token: string },
      lose: () => Promise<unknown>,
      restore: () => Promise<unknown>,
    ) {
      const path = await issueFeed(who);
      expect((await fetchFeed(path)).statusCode).toBe(200);
      await lose();
      try {
        const res = await fetchFeed(path);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ code: 'not_found', message: 'Not found' });
        expect(res.body).not.toContain('BEGIN:VCALENDAR');
      } finally {
        await restore();
      }
    }

    it('when the issuer is disabled', async () => {
      const user = await userOf('transporter');
      const set = (enabled: boolean) => t.db.update(users).set({ enabled }).where(eq(users.id, user.id));
      await diesWhen(
        'transporter',
        () => set(false),
        () => set(true),
      );
    });

    it('when the issuer is deleted', async () => {
      const user = await userOf('discharger');
      await diesWhen(
        'discharger',
        () => t.db.update(users).set({ enabled: false, deletedAt: new Date() }).where(eq(users.id, user.id)),
        () => t.db.update(users).set({ enabled: true, deletedAt: null }).where(eq(users.id, user.id)),
      );
    });

    it("when the issuer's transport company is no longer approved, and so loses the schedule's key", async () => {
      const set = (approvalStatus: 'APPROVED' | 'PENDING' | 'REJECTED') =>
        t.db.update(companies).set({ approvalStatus }).where(eq(companies.id, ids.toto));
      for (const status of ['PENDING', 'REJECTED'] as const)
        await diesWhen(
          'transporter',
          () => set(status),
          () => set('APPROVED'),
        );
    });

    it('when the issuer no longer belongs to the company', async () => {
      const user = await userOf('discharger2');
      await diesWhen(
        'discharger2',
        () => t.db.update(users).set({ companyId: ids.green }).where(eq(users.id, user.id)),
        () => t.db.update(users).set({ companyId: ids.takahashi }).where(eq(users.id, user.id)),
      );
    });

    it('when the admin who issued it acting for the company is disabled, though the operator is not', async () => {
      const admin = await userOf('admin');
      const res = await t.as('admin').post(`/admin/companies/${ids.toto}/auth-token?isTransport=true`);
      const acting = { token: res.json<{ token: string }>().token };
      const set = (enabled: boolean) => t.db.update(users).set({ enabled }).where(eq(users.id, admin.id));
      await diesWhen(
        acting,
        async () => {
          await set(false);
          // The operator's own screen says so too: the feed is no longer active.
          expect((await t.as('transporter').get('/calendar-feed')).json()).toEqual({
            url: null,
            active: false,
          });
        },
        () => set(true),
      );
    });
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

/** The cells of a CSV written by toCsv (every cell quoted). */
function parseCsv(text: string): string[][] {
  return text
    .replace(CSV_BOM, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replaceAll('""', '"')));
}

const daySheet = (who: string, query: string) => t.as(who).get(`/trans/collections/day-sheet?${query}`);

describe("the dispatcher's day sheet", () => {
  it('prints the day as a Japanese PDF, grouped by area and vehicle limit, with page numbers', async () => {
    const res = await daySheet('transporter', `date=${DAY}&format=pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(`回収予定表_${DAY}.pdf`)}`,
    );
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pages = await extractPdfPages(res.rawPayload);
    const text = pages.join('');
    for (const expected of [
      '2026年11月25日(水)回収予定表',
      '東都環境サービス株式会社',
      '全3件',
      '銀座・京橋／制限なし（1件）',
      'エリア外／制限なし（1件）',
      'エリア外／2t車まで（1件）',
      '銀座店',
      '〒104-0061東京都中央区銀座1-2-3銀座グリーンビル1F',
      '鈴木一郎',
      '03-1234-5679',
      '株式会社グリーン商事',
      '銀座店可燃ごみ定期回収',
      '可燃ごみ45L×3、70L×1',
      '08:00〜10:00',
      '裏口のシャッター前',
      '𠮷祥寺倉庫',
      '廃プラスチック類1.5t',
      '〜17:00',
      '梅田工場',
      '髙橋工業株式会社',
      '確定',
      '調整中',
      '希望日',
    ])
      expect(text).toContain(expected);
    // Groups in order: the area by name, then outside any area, smaller vehicles after no limit.
    expect(text.indexOf('銀座・京橋／制限なし')).toBeLessThan(text.indexOf('エリア外／制限なし'));
    expect(text.indexOf('エリア外／制限なし')).toBeLessThan(text.indexOf('エリア外／2t車まで'));
    expect(text.indexOf('梅田工場')).toBeLessThan(text.indexOf('𠮷祥寺倉庫'));
    // Not the other transporter's, not cancelled.
    expect(text).not.toContain('什器入替に伴う粗大ごみ');
    expect(text).not.toContain('取り消した依頼');
    expect(pages.at(-1)).toContain(`${pages.length}/${pages.length}`);
  });

  it('writes the day as CSV: BOM, Japanese header, one line per collection and waste line, by group', async () => {
    const res = await daySheet('transporter', `date=${DAY}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent(`回収予定表_${DAY}.csv`));
    expect(res.body.startsWith(CSV_BOM)).toBe(true);
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([...DAY_SHEET_CSV_HEADER]);
    const col = (name: (typeof DAY_SHEET_CSV_HEADER)[number]) => DAY_SHEET_CSV_HEADER.indexOf(name);
    expect(rows.map((r) => [r[col('エリア')], r[col('車両制限')], r[col('回収ID')], r[col('状態')]])).toEqual(
      [
        ['銀座・京橋', '制限なし', String(c.ginza), '確定'],
        ['エリア外', '制限なし', String(c.umeda), '希望日'],
        ['エリア外', '2t車まで', String(c.kichijoji), '調整中'],
      ],
    );
    const ginza = rows[0]!;
    expect(ginza[col('回収日')]).toBe(DAY);
    expect(ginza[col('排出場所')]).toBe('銀座店');
    expect(ginza[col('郵便番号')]).toBe('104-0061');
    expect(ginza[col('住所')]).toBe('東京都中央区銀座1-2-3 銀座グリーンビル1F');
    expect(ginza[col('担当者')]).toBe('鈴木 一郎');
    expect(ginza[col('電話番号')]).toBe('03-1234-5679');
    expect(ginza[col('排出事業者')]).toBe('株式会社グリーン商事');
    expect(ginza[col('案件名')]).toBe('銀座店 可燃ごみ定期回収');
    expect(ginza[col('廃棄物')]).toBe('可燃ごみ');
    expect(ginza[col('数量')]).toBe('45L×3、70L×1');
    expect(ginza[col('入場可能時間')]).toBe('08:00〜10:00');
    expect(ginza[col('備考')]).toBe('裏口のシャッター前');
    expect(rows[1]![col('数量')]).toBe('300t');
    expect(rows[2]![col('数量')]).toBe('1.5t');
  });

  // The discharger writes the memo; the transporter opens the sheet in a spreadsheet (OWASP's CSV injection).
  it.each([
    ['=HYPERLINK("http://evil.example/","開く")', `'=HYPERLINK("http://evil.example/","開く")`],
    ['+81-3-1234', "'+81-3-1234"],
    ['-1+1', "'-1+1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
    ['裏口 =1+1', '裏口 =1+1'],
  ])('writes a memo %j as the text %j, never as a live formula', async (memo, written) => {
    const [row] = await t.db
      .select({ requestId: collections.requestId, memo: collectionRequests.memo })
      .from(collections)
      .innerJoin(collectionRequests, eq(collectionRequests.id, collections.requestId))
      .where(eq(collections.id, c.ginza!));
    await t.db.update(collectionRequests).set({ memo }).where(eq(collectionRequests.id, row!.requestId));
    try {
      const res = await daySheet('transporter', `date=${DAY}&format=csv`);
      const [, ginza] = parseCsv(res.body);
      expect(ginza![DAY_SHEET_CSV_HEADER.indexOf('備考')]).toBe(written);
    } finally {
      await t.db
        .update(collectionRequests)
        .set({ memo: row!.memo })
        .where(eq(collectionRequests.id, row!.requestId));
    }
  });

  it('still gives a PDF saying there is nothing, and a CSV with its header only, on an empty day', async () => {
    const pdf = await daySheet('transporter', 'date=2026-11-28');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await extractPdfText(pdf.rawPayload);
    expect(text).toContain('2026年11月28日(土)回収予定表');
    expect(text).toContain('予定はありません');
    const csv = await daySheet('transporter', 'date=2026-11-28&format=csv');
    expect(csv.body).toBe(`${CSV_BOM}${DAY_SHEET_CSV_HEADER.map((h) => `"${h}"`).join(',')}\r\n`);
  });

  it("shows another transporter only its own collections, none of this company's", async () => {
    const res = await daySheet('platform', `date=${DAY}&format=csv`);
    const [, ...rows] = parseCsv(res.body);
    expect(rows.map((r) => r[DAY_SHEET_CSV_HEADER.indexOf('回収ID')])).toEqual([String(c.platform)]);
  });

  it('works for an administrator acting for the transporter', async () => {
    const res = await t.as('admin').post(`/admin/companies/${ids.toto}/auth-token?isTransport=true`);
    const acting = { token: res.json<{ token: string }>().token };
    const csv = await t.as(acting).get(`/trans/collections/day-sheet?date=${DAY}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(parseCsv(csv.body)).toHaveLength(4);
  });

  it.each([
    ['discharger', `date=${DAY}`, 403],
    ['admin', `date=${DAY}`, 403],
    ['transporter', 'date=2026-02-30', 400],
    ['transporter', 'date=20261125', 400],
    ['transporter', '', 400],
    ['transporter', `date=${DAY}&format=xlsx`, 400],
  ])('answers %s asking for %j with %i', async (who, query, status) => {
    const res = await daySheet(who, query);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toHaveProperty('code');
  });
});
