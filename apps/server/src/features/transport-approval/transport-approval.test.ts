import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertServedArea } from '../../../test/fixtures/collection-areas';
import { mailBody, mailText } from '../../../test/smtp-sink';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { auditLogs, collectionAreas, companies, projects, users } from '../../db/schema';
import { servingTransportCompanies } from '../project-core/project-access';

let t: TestContext;
const admin = 'admin';
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Body = Record<string, unknown>;
const account = (name: string): Body => ({
  accountName: `${name} 担当`,
  companyName: name,
  companyPostalCode: '135-0016',
  companyAddress: '東京都江東区東陽1-2-3',
  companyTelephone: '03-5555-6666',
  companyEmail: 'info@new-transport.example.com',
  contractPic: '運搬 次郎',
  offices: [
    {
      officeId: -1,
      officeName: '江東営業所',
      officePostalCode: '135-0016',
      officeAddress: '東京都江東区東陽1-2-3',
      officeTelephone: '03-5555-6666',
      officeEmail: 'koto@new-transport.example.com',
    },
  ],
  wastes: [],
});

/** Signs a transporter up through the real calls (mail link, registration) and answers its token and company. */
async function signUpTransporter(email: string, companyName: string) {
  const signup = await t.anonymous.post('/auth/signup', {
    email,
    password: 'Passw0rd',
    role: 'TRANSPORT',
  });
  expect(signup.statusCode, signup.body).toBe(200);
  const link = mailText(t.smtp.mails.at(-1)!.raw).match(/user-registration\?[^\s]+/)?.[0];
  const token = new URL(`http://x/${link}`).searchParams.get('token')!;
  const { id } = (await t.anonymous.get(`/users/email-token?emailToken=${encodeURIComponent(token)}`)).json();
  const before = t.smtp.mails.length;
  const reg = await t.anonymous.put(`/users/${id}`, {
    ...account(companyName),
    emailToken: token,
  });
  expect(reg.statusCode, reg.body).toBe(200);
  const [user] = await t.db.select().from(users).where(eq(users.id, id));
  return { token: reg.json().token as string, companyId: user!.companyId!, mailsBefore: before };
}

const mailsTo = (email: string, from = 0) =>
  t.smtp.mails
    .slice(from)
    .filter((m) => m.to.includes(email))
    .map((m) => mailBody(m.raw));

describe('a self-registered transport company waits for approval', () => {
  it('is PENDING, keeps only its home, account and permit keys, and sees no request', async () => {
    const { token, companyId, mailsBefore } = await signUpTransporter(
      'pending@example.com',
      '新興運輸株式会社',
    );
    const [company] = await t.db.select().from(companies).where(eq(companies.id, companyId));
    expect(company!.approvalStatus).toBe('PENDING');

    // Every enabled administrator hears of it.
    const adminMails = mailsTo('admin@example.com', mailsBefore);
    expect(adminMails).toHaveLength(1);
    expect(adminMails[0]).toContain('新興運輸株式会社');

    const perms = (await t.as({ token }).get('/permissions')).json();
    expect(perms.transportApproval).toBe('PENDING');
    expect(perms.permissions).toEqual([
      'HOME',
      'LICENSE_MANAGEMENT',
      'ACCOUNT_INFO_TRANS',
      'CHANGE_PASSWORD',
    ]);

    // Its own account stays reachable; requests, areas and prices do not.
    expect((await t.as({ token }).get('/trans/users/info')).statusCode).toBe(200);
    expect((await t.as({ token }).get('/trans/projects?companyId=ALL')).statusCode).toBe(403);
    expect((await t.as({ token }).get('/trans/companies')).statusCode).toBe(403);
    expect((await t.as({ token }).get('/collection-area?type=REGULAR')).statusCode).toBe(403);
    const claim = await t.as({ token }).post('/collection-area', {
      areaName: '銀座',
      type: 'REGULAR',
      posCodes: ['104-0061'],
      licenseNumber: '',
      administrativeDistrict: '',
      prices: [],
    });
    expect(claim.statusCode).toBe(403);

    // Even an area written behind the API's back shows no open request in 銀座 (the demo's quote request).
    await insertServedArea(t.db, {
      transportCompanyId: companyId,
      type: 'INDUSTRIAL',
      areaName: '銀座',
      posCode: '104-0061',
    });
    expect((await t.as({ token }).get('/trans/projects?companyId=ALL')).statusCode).toBe(403);
    const demoRequest = (await t.as('discharger@example.com').get('/projects')).json().items[0];
    expect((await t.as({ token }).get(`/projects/${demoRequest.id}`)).statusCode).toBe(403);

    // Nor is it mailed about requests at that code until it is approved.
    const [ginza] = await t.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.title, '本社倉庫 廃プラスチック類 収集運搬'));
    expect(await servingTransportCompanies(t.db, ginza!.id, 'INDUSTRIAL')).not.toContain(companyId);
    await t.db.update(companies).set({ approvalStatus: 'APPROVED' }).where(eq(companies.id, companyId));
    expect(await servingTransportCompanies(t.db, ginza!.id, 'INDUSTRIAL')).toContain(companyId);
  });

  it('lists pending companies for an admin with registration and permit data; others are refused', async () => {
    const { companyId } = await signUpTransporter('listed@example.com', '一覧運送株式会社');
    await t.db.insert(collectionAreas).values({
      transportCompanyId: companyId,
      type: 'REGULAR',
      areaName: '江東',
      licenseNumber: '13-00-123456',
      administrativeDistrict: '東京都',
    });
    const res = await t.as(admin).get('/admin/transport-companies?approvalStatus=PENDING');
    expect(res.statusCode).toBe(200);
    const listed = (res.json() as Body[]).find((c) => c.companyId === companyId);
    expect(listed).toMatchObject({
      companyName: '一覧運送株式会社',
      approvalStatus: 'PENDING',
      address: '東京都江東区東陽1-2-3',
      users: [{ email: 'listed@example.com', enabled: true }],
      offices: [{ name: '江東営業所' }],
      areaLicenses: [{ areaName: '江東', licenseNumber: '13-00-123456', district: '東京都' }],
      contractLicenses: [],
      profile: null,
    });
    // The demo companies were made by the platform: approved, not listed as pending.
    const names = (res.json() as Body[]).map((c) => c.companyName);
    expect(names).not.toContain('東都環境サービス株式会社');
    const approved = (await t.as(admin).get('/admin/transport-companies?approvalStatus=APPROVED')).json();
    expect((approved as Body[]).map((c) => c.companyName)).toContain('東都環境サービス株式会社');
    // Its drivers are staff accounts the office made, not the company's registered users.
    const [driver] = await t.db.select().from(users).where(eq(users.email, 'driver@example.com'));
    expect(driver?.role).toBe('DRIVER');
    const toto = (approved as Body[]).find((c) => c.companyName === '東都環境サービス株式会社');
    const emails = (toto!.users as { email: string }[]).map((u) => u.email);
    expect(emails).toContain('transporter@example.com');
    expect(emails).not.toContain('driver@example.com');

    expect((await t.as(admin).get('/admin/transport-companies?approvalStatus=MAYBE')).statusCode).toBe(400);
    for (const who of ['transporter@example.com', 'discharger@example.com']) {
      expect((await t.as(who).get('/admin/transport-companies')).statusCode).toBe(403);
      expect((await t.as(who).post(`/admin/transport-companies/${companyId}/approve`)).statusCode).toBe(403);
    }
    expect((await t.anonymous.get('/admin/transport-companies')).statusCode).toBe(401);
  });

  it('approval gives the company its keys at once, mails its users and records who decided', async () => {
    const { token, companyId } = await signUpTransporter('approved@example.com', '承認運輸株式会社');
    const before = t.smtp.mails.length;
    const res = await t.as(admin).post(`/admin/transport-companies/${companyId}/approve`);
    expect(res.statusCode, res.body).toBe(200);

    // The same token: permissions are read on every call.
    const perms = (await t.as({ token }).get('/permissions')).json();
    expect(perms.transportApproval).toBe('APPROVED');
    expect(perms.permissions).toEqual(expect.arrayContaining(['PROJECT_MANAGEMENT', 'AREA_PRICE_SETTING']));
    expect((await t.as({ token }).get('/trans/projects?companyId=ALL')).statusCode).toBe(200);

    const mails = mailsTo('approved@example.com', before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('承認しました');

    const [adminUser] = await t.db.select().from(users).where(eq(users.email, 'admin@example.com'));
    const [company] = await t.db.select().from(companies).where(eq(companies.id, companyId));
    expect(company!.approvalDecidedBy).toBe(adminUser!.id);
    expect(company!.approvalDecidedAt).toBeInstanceOf(Date);
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'company'), eq(auditLogs.entityId, String(companyId))));
    expect(audit.map((a) => a.action)).toEqual(['transport_company.approve']);

    // Decided once: a second decision is a conflict.
    const again = await t.as(admin).post(`/admin/transport-companies/${companyId}/reject`, {
      reason: '重複',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('approval_already_decided');
  });

  it('rejection needs a reason, mails it and keeps the company locked out', async () => {
    const { token, companyId } = await signUpTransporter('rejected@example.com', '却下運輸株式会社');
    const url = `/api/admin/transport-companies/${companyId}/reject`;
    const blank = await t.as(admin).post(url, { reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual({ reason: 'MSG_00_21' });
    expect((await t.as(admin).post(url, { reason: 'x'.repeat(501) })).json().fields).toEqual({
      reason: 'max_length_exceeded',
    });

    const before = t.smtp.mails.length;
    expect((await t.as(admin).post(url, { reason: '許可証の写しが確認できません' })).statusCode).toBe(200);
    const mails = mailsTo('rejected@example.com', before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('許可証の写しが確認できません');

    const perms = (await t.as({ token }).get('/permissions')).json();
    expect(perms.transportApproval).toBe('REJECTED');
    expect(perms.permissions).not.toContain('PROJECT_MANAGEMENT');
    const [company] = await t.db.select().from(companies).where(eq(companies.id, companyId));
    expect(company!.approvalStatus).toBe('REJECTED');

    expect((await t.as(admin).post('/admin/transport-companies/999999/approve')).statusCode).toBe(404);
  });

  it('keeps discharger sign-up working at once and refuses self sign-up as ADMIN', async () => {
    const res = await t.anonymous.post('/auth/signup', {
      email: 'boss@example.com',
      password: 'Passw0rd',
      role: 'ADMIN',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('role');
    expect(await t.db.select().from(users).where(eq(users.email, 'boss@example.com'))).toEqual([]);
  });
});
