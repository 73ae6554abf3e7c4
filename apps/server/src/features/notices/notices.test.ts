import type { AdminNotice, AdminNoticePage, NoticePage, UpdateInfo } from '@junkan/shared/api/notices';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, companyId, DIS, DIS2, PLATFORM, TRANS } from '../../../test/fixtures/demo-data';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { auditLogs, noticeReads, users } from '../../db/schema';
import { tokyoDate } from '../../lib/time';

let t: TestContext;
// A fixed business day, so that the demo notices' windows and the ones written here are where the tests expect.
let clock = new Date('2026-11-25T10:00:00+09:00');
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(() => t.close());

const today = () => tokyoDate(clock);
const subjects = (page: NoticePage) => page.items.map((n) => n.subject);
const notices = async (who: string, query = '') =>
  (await t.as(who).get(`/notices${query}`)).json<NoticePage>();

const input = (over: Record<string, unknown> = {}) => ({
  importance: 'BLANK',
  date: today(),
  subject: 'テストのお知らせ',
  content: '本文です。',
  audience: 'ALL',
  publishFrom: today(),
  publishUntil: null,
  ...over,
});
const create = async (over: Record<string, unknown> = {}) => {
  const res = await t.as(ADMIN).post('/admin/notices', input(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminNotice>();
};

describe('the demo notices', () => {
  it('shows a discharger the published notices for dischargers, newest first, one unread and one read', async () => {
    const page = await notices(DIS);
    expect(page.items.map((n) => [n.subject, n.importance, n.isRead])).toEqual([
      ['年末年始の回収スケジュールについて', 'IMPORTANT', false],
      ['電子マニフェスト連携のお知らせ', 'BLANK', true],
    ]);
    expect(page).toMatchObject({ total: 2, unreadCount: 1, page: 1, size: 20 });
  });

  it('shows a transporter the notices for all and for transporters; the ended one to nobody', async () => {
    expect(subjects(await notices(TRANS))).toEqual([
      '年末年始の回収スケジュールについて',
      '運搬終了報告の期限について',
    ]);
    // Unread marks are per user: the other discharger has read nothing.
    expect((await notices(DIS2)).unreadCount).toBe(2);
    // Administrators read every published notice.
    expect(subjects(await notices(ADMIN))).toHaveLength(3);
  });

  it('answers update information newest first, from its date on', async () => {
    const res = await t.as(TRANS).get('/update-infos');
    expect(res.json<UpdateInfo[]>().map((u) => u.date)).toEqual(['2026-11-10', '2026-10-01']);
  });
});

describe('unread marks', () => {
  it('marks a notice read for the user who opened it only', async () => {
    const n = await create({ subject: '既読のテスト', audience: 'DISCHARGERS' });
    const mark = (who: string) => t.as(who).put(`/notices/${n.id}/read`);
    expect((await notices(DIS)).items.find((i) => i.id === n.id)?.isRead).toBe(false);
    expect((await mark(DIS)).statusCode).toBe(200);
    // Twice is fine, and keeps one mark.
    expect((await mark(DIS)).statusCode).toBe(200);
    expect((await notices(DIS)).items.find((i) => i.id === n.id)?.isRead).toBe(true);
    expect((await notices(DIS2)).items.find((i) => i.id === n.id)?.isRead).toBe(false);
    expect(await t.db.select().from(noticeReads).where(eq(noticeReads.noticeId, n.id))).toHaveLength(1);
    // A transporter cannot mark a notice not written for it: as if it did not exist.
    expect((await mark(TRANS)).json()).toMatchObject({ code: 'notice_not_found' });
    expect((await mark(TRANS)).statusCode).toBe(404);
    expect((await t.as(DIS).put('/notices/999999/read')).statusCode).toBe(404);
    await t.as(ADMIN).delete(`/admin/notices/${n.id}`);
  });

  it('marks every readable notice read at once', async () => {
    expect((await notices(DIS2)).unreadCount).toBeGreaterThan(0);
    expect((await t.as(DIS2).post('/notices/read-all')).statusCode).toBe(200);
    const after = await notices(DIS2);
    expect(after.unreadCount).toBe(0);
    expect(after.items.every((n) => n.isRead)).toBe(true);
    // The transporters' notice was not marked for a discharger.
    const [dis2] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, DIS2));
    const marks = await t.db.select().from(noticeReads).where(eq(noticeReads.userId, dis2!.id));
    expect(marks).toHaveLength(after.total);
  });

  it('lets an administrator acting for a discharger look without marking the notice read', async () => {
    const n = await create({ subject: '代理閲覧のテスト' });
    const green = await companyId(t.db, '株式会社グリーン商事');
    const { token } = (
      await t.as(ADMIN).post(`/admin/companies/${green}/auth-token?isTransport=false`)
    ).json<{
      token: string;
    }>();
    const acting = t.as({ token });
    expect((await acting.get('/notices')).json<NoticePage>().items.map((i) => i.id)).toContain(n.id);
    expect((await acting.put(`/notices/${n.id}/read`)).statusCode).toBe(200);
    expect((await acting.post('/notices/read-all')).statusCode).toBe(200);
    expect((await notices(DIS)).items.find((i) => i.id === n.id)?.isRead).toBe(false);
    await t.as(ADMIN).delete(`/admin/notices/${n.id}`);
  });

  it('pages the list and counts the unread over every page', async () => {
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await create({ subject: `ページ${i}`, audience: 'TRANSPORTERS' }));
    const first = await notices(PLATFORM, '?page=1&size=2');
    const second = await notices(PLATFORM, '?page=2&size=2');
    expect(first.items).toHaveLength(2);
    expect(first.total).toBe(5);
    expect(second.items.map((n) => n.id)).not.toContain(first.items[0]!.id);
    expect(first.unreadCount).toBe(5);
    expect((await t.as(PLATFORM).get('/notices?size=101')).statusCode).toBe(400);
    for (const n of made) await t.as(ADMIN).delete(`/admin/notices/${n.id}`);
  });
});

describe('the publish window and the audience', () => {
  it('shows a notice from its first day to its last day, for its audience only', async () => {
    const n = await create({
      subject: '期間のテスト',
      audience: 'TRANSPORTERS',
      publishFrom: '2026-11-26',
      publishUntil: '2026-11-27',
    });
    const seenBy = async (who: string) => (await notices(who)).items.some((i) => i.id === n.id);
    expect(n.status).toBe('SCHEDULED');
    expect(await seenBy(TRANS)).toBe(false);
    clock = new Date('2026-11-26T00:00:00+09:00');
    expect(await seenBy(TRANS)).toBe(true);
    expect(await seenBy(DIS)).toBe(false);
    clock = new Date('2026-11-27T23:59:00+09:00');
    expect(await seenBy(TRANS)).toBe(true);
    clock = new Date('2026-11-28T00:00:00+09:00');
    expect(await seenBy(TRANS)).toBe(false);
    const ended = (await t.as(ADMIN).get('/admin/notices?status=ENDED')).json<AdminNoticePage>();
    expect(ended.items.map((i) => i.id)).toContain(n.id);
    clock = new Date('2026-11-25T10:00:00+09:00');
    await t.as(ADMIN).delete(`/admin/notices/${n.id}`);
  });

  it('unpublishes at once and publishes again, keeping the window', async () => {
    const n = await create({ subject: '公開停止のテスト' });
    const withdrawn = await t.as(ADMIN).post(`/admin/notices/${n.id}/withdraw`);
    expect(withdrawn.json<AdminNotice>()).toMatchObject({ status: 'WITHDRAWN' });
    expect(withdrawn.json<AdminNotice>().withdrawnAt).not.toBeNull();
    expect(subjects(await notices(DIS))).not.toContain('公開停止のテスト');
    expect((await t.as(DIS).put(`/notices/${n.id}/read`)).statusCode).toBe(404);
    const restored = await t.as(ADMIN).post(`/admin/notices/${n.id}/restore`);
    expect(restored.json<AdminNotice>()).toMatchObject({ status: 'PUBLISHED', withdrawnAt: null });
    expect(subjects(await notices(DIS))).toContain('公開停止のテスト');
    await t.as(ADMIN).delete(`/admin/notices/${n.id}`);
  });
});

describe('administrators write notices', () => {
  it('creates, edits, lists with status and read count, and deletes with the read marks, audited', async () => {
    const n = await create({ importance: 'MOST_IMPORTANT', subject: '  新機能のお知らせ  ' });
    expect(n).toMatchObject({
      subject: '新機能のお知らせ',
      importance: 'MOST_IMPORTANT',
      status: 'PUBLISHED',
      readCount: 0,
    });
    await t.as(DIS).put(`/notices/${n.id}/read`);
    const edited = await t
      .as(ADMIN)
      .put(`/admin/notices/${n.id}`, input({ subject: '新機能のお知らせ（改訂）' }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json<AdminNotice>()).toMatchObject({ subject: '新機能のお知らせ（改訂）', readCount: 1 });
    // A correction does not make the notice unread again.
    expect((await notices(DIS)).items.find((i) => i.id === n.id)?.isRead).toBe(true);

    const list = (await t.as(ADMIN).get('/admin/notices')).json<AdminNoticePage>();
    expect(list.items[0]).toMatchObject({ id: n.id, audience: 'ALL' });
    expect(list.items.find((i) => i.subject === 'システムメンテナンスのお知らせ')?.status).toBe('ENDED');
    expect((await t.as(ADMIN).get('/admin/notices?status=PUBLISHED')).json<AdminNoticePage>().total).toBe(4);

    expect((await t.as(ADMIN).delete(`/admin/notices/${n.id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(noticeReads).where(eq(noticeReads.noticeId, n.id))).toEqual([]);
    expect((await t.as(ADMIN).delete(`/admin/notices/${n.id}`)).statusCode).toBe(404);
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.entity, 'notice'));
    expect(audit.filter((a) => a.entityId === String(n.id)).map((a) => a.action)).toEqual([
      'NOTICE_CREATE',
      'NOTICE_UPDATE',
      'NOTICE_DELETE',
    ]);
  });

  it('refuses bad input with field codes', async () => {
    const bad = await t
      .as(ADMIN)
      .post('/admin/notices', input({ subject: ' ', audience: 'EVERYONE', date: '2026-02-30' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      subject: 'MSG_00_21',
      audience: 'invalid_format',
      date: 'invalid_format',
    });
    const backwards = await t.as(ADMIN).post('/admin/notices', input({ publishUntil: '2026-01-01' }));
    expect(backwards.json().fields).toEqual({ publishUntil: 'publish_until_before_from' });
    expect((await t.as(ADMIN).put('/admin/notices/999999', input())).statusCode).toBe(404);
    expect((await t.as(ADMIN).post('/admin/notices/999999/withdraw')).statusCode).toBe(404);
    expect((await t.as(ADMIN).get('/admin/notices?status=DRAFT')).statusCode).toBe(400);
  });

  it('is for administrators only', async () => {
    for (const who of [DIS, TRANS]) {
      expect((await t.as(who).get('/admin/notices')).statusCode).toBe(403);
      expect((await t.as(who).post('/admin/notices', input())).statusCode).toBe(403);
      expect((await t.as(who).post('/admin/update-infos', { date: today(), content: 'x' })).statusCode).toBe(
        403,
      );
    }
    expect((await t.anonymous.get('/notices')).statusCode).toBe(401);
  });
});

describe('administrators write update information', () => {
  it('creates, edits and deletes entries; a later date appears on the day', async () => {
    const made = await t
      .as(ADMIN)
      .post('/admin/update-infos', { date: '2026-11-26', content: '  予定の更新  ' });
    expect(made.statusCode).toBe(201);
    const { id } = made.json<UpdateInfo>();
    const shown = async () => (await t.as(DIS).get('/update-infos')).json<UpdateInfo[]>().map((u) => u.id);
    expect(await shown()).not.toContain(id);
    const admin = (await t.as(ADMIN).get('/admin/update-infos')).json<{
      items: { id: number; isShown: boolean }[];
    }>();
    expect(admin.items.find((u) => u.id === id)).toMatchObject({ isShown: false });
    const edited = await t
      .as(ADMIN)
      .put(`/admin/update-infos/${id}`, { date: today(), content: '公開した更新' });
    expect(edited.json()).toMatchObject({ id, date: today(), content: '公開した更新' });
    expect(await shown()).toContain(id);
    expect((await t.as(ADMIN).delete(`/admin/update-infos/${id}`)).statusCode).toBe(200);
    expect(await shown()).not.toContain(id);
    expect((await t.as(ADMIN).delete(`/admin/update-infos/${id}`)).statusCode).toBe(404);
    expect(
      (await t.as(ADMIN).put(`/admin/update-infos/${id}`, { date: today(), content: 'x' })).statusCode,
    ).toBe(404);
    const bad = await t.as(ADMIN).post('/admin/update-infos', { date: '2026-02-30', content: '' });
    expect(bad.json().fields).toMatchObject({ date: 'invalid_format', content: 'MSG_00_21' });
  });
});
