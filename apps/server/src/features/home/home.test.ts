import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = async (url: string, email: string) =>
  t.app.inject({ url, headers: t.auth(await t.login(email)) });
const titles = (body: { projectTitle: string }[]) => body.map((p) => p.projectTitle).sort();

describe('home project list', () => {
  it('shows a discharger only its own company projects, newest first', async () => {
    const res = await get('/api/projects', 'discharger@example.com');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(titles(body)).toEqual(
      [
        '銀座店 可燃ごみ定期回収',
        '倉庫 廃プラスチック類 処理',
        '什器入替に伴う粗大ごみ',
        '段ボール 月次回収',
      ].sort(),
    );
    const ids = body.map((p: { id: number }) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(body[0]).toMatchObject({ company: { name: '株式会社グリーン商事' }, type: expect.any(String) });
  });

  it('keeps the second discharger to its own projects', async () => {
    const body = (await get('/api/projects', 'discharger2@example.com')).json();
    expect(titles(body)).toEqual(['梅田事業所 廃油処理', '梅田事業所 金属くず回収'].sort());
  });

  it('shows a transporter only the projects it serves, filtered by discharger', async () => {
    const token = await t.login('transporter@example.com');
    const all = (
      await t.app.inject({ url: '/api/trans/projects?companyId=ALL', headers: t.auth(token) })
    ).json();
    expect(titles(all)).toEqual(
      ['銀座店 可燃ごみ定期回収', '倉庫 廃プラスチック類 処理', '梅田事業所 金属くず回収'].sort(),
    );
    const companies = (await t.app.inject({ url: '/api/trans/companies', headers: t.auth(token) })).json();
    expect(companies.map((c: { name: string }) => c.name).sort()).toEqual(
      ['株式会社グリーン商事', '髙橋工業株式会社'].sort(),
    );
    const green = companies.find((c: { name: string }) => c.name === '株式会社グリーン商事');
    const filtered = (
      await t.app.inject({ url: `/api/trans/projects?companyId=${green.id}`, headers: t.auth(token) })
    ).json();
    expect(titles(filtered)).toEqual(['銀座店 可燃ごみ定期回収', '倉庫 廃プラスチック類 処理'].sort());
    const bad = await t.app.inject({ url: '/api/trans/projects?companyId=abc', headers: t.auth(token) });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps each role to its own variant', async () => {
    expect((await get('/api/trans/projects', 'discharger@example.com')).statusCode).toBe(403);
    expect((await get('/api/projects', 'transporter@example.com')).statusCode).toBe(403);
    expect((await get('/api/trans/companies', 'discharger@example.com')).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/projects' })).statusCode).toBe(401);
  });
});

describe('news, update information and inquiries', () => {
  it('answers notices and update information newest first', async () => {
    const notices = (await get('/api/notices', 'discharger@example.com')).json();
    expect(notices[0]).toMatchObject({
      subject: '年末年始の回収スケジュールについて',
      importance: 'IMPORTANT',
    });
    const updates = (await get('/api/update-infos', 'discharger@example.com')).json();
    expect(updates.map((u: { date: string }) => u.date)).toEqual(['2026-11-10', '2026-10-01']);
  });

  it("shows a discharger its own company's inquiries only", async () => {
    const own = (await get('/api/inquiries', 'discharger@example.com')).json();
    expect(own).toHaveLength(2);
    expect(own.every((i: { companyName: string }) => i.companyName === '株式会社グリーン商事')).toBe(true);
    expect((await get('/api/inquiries', 'discharger2@example.com')).json()).toEqual([]);
    expect((await get('/api/inquiries', 'transporter@example.com')).statusCode).toBe(403);
  });
});

describe('mail outbox', () => {
  it('is readable by an administrator only', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/send-email',
      payload: { email: 'discharger@example.com' },
    });
    const admin = await get('/api/admin/outbox?to=discharger@example.com', 'admin@example.com');
    expect(admin.statusCode).toBe(200);
    expect(admin.json()[0]).toMatchObject({ to: 'discharger@example.com', status: 'SENT' });
    expect((await get('/api/admin/outbox', 'discharger@example.com')).statusCode).toBe(403);
  });
});
