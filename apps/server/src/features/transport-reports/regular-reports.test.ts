import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIS, TRANS } from '../../../test/fixtures/demo-data';
import { mailBody } from '../../../test/smtp-sink';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { projects, projectWasteLines, regularReports, wastes } from '../../db/schema';
import { tokyoDate } from '../../lib/time';

// The monthly regular report's mail to the discharger (the report's own rules: achievements.test.ts).

let t: TestContext;
let projectId: number;
let combustible: number;
let other: { id: number; name: string };
let year: number;
let month: number;

beforeAll(async () => {
  t = await createTestApp();
  const running = await t.db.query.projects.findFirst({
    where: eq(projects.title, '銀座店 可燃ごみ定期回収'),
  });
  projectId = running!.id;
  combustible = (await t.db.query.wastes.findFirst({ where: eq(wastes.name, '可燃ごみ') }))!.id;
  // A second category of the contract, for reports of one category of two.
  other = (await t.db.query.wastes.findFirst({
    where: and(eq(wastes.category, 'REGULAR'), ne(wastes.id, combustible)),
  }))!;
  await t.db
    .insert(projectWasteLines)
    .values({ projectId, kind: 'REGULAR', wasteName: other.name, wasteId: other.id, sortOrder: 1 });
  [year, month] = tokyoDate(t.app.now()).split('-').map(Number) as [number, number];
  // The month starts unreported, whatever the demo data holds.
  await t.db
    .delete(regularReports)
    .where(
      and(
        eq(regularReports.projectId, projectId),
        eq(regularReports.year, year),
        eq(regularReports.month, month),
      ),
    );
});
afterAll(() => t.close());

const report = (volume: string) =>
  t.as(TRANS).post('/trans/regular-reports', {
    projectId,
    year,
    month,
    listVolume: [{ category: combustible, volume }],
  });

const mailsSince = (before: number) => t.smtp.mails.slice(before);

describe("the discharger hears of the transporter's monthly report", () => {
  it('is mailed the report, then its revision, with the month, weights and a link to its achievements', async () => {
    const before = t.smtp.mails.length;
    expect((await report('1,234.5')).statusCode).toBe(200);
    const sent = mailsSince(before);
    // The discharger's users only: the transporter sent it and is not told of it.
    expect(sent.flatMap((m) => m.to)).toEqual([DIS]);
    const body = mailBody(sent[0]!.raw);
    expect(body).toContain('収集運搬業者から定期回収の月次報告が届きました');
    expect(body).toContain('案件名: 銀座店 可燃ごみ定期回収');
    expect(body).toContain(`対象月: ${year}年${month}月`);
    expect(body).toContain('可燃ごみ: 1,234.5 kg');
    expect(body).toContain(`/sys/achievements?period=monthly&year=${year}&month=${month}&type=2`);
    // Japanese first, English after the link.
    expect(body.indexOf('月次報告が届きました')).toBeLessThan(body.indexOf('Your transporter reported'));

    const again = t.smtp.mails.length;
    expect((await report('1000')).statusCode).toBe(200);
    const revised = mailsSince(again);
    expect(revised.flatMap((m) => m.to)).toEqual([DIS]);
    const text = mailBody(revised[0]!.raw);
    expect(text).toContain('定期回収の月次報告を修正しました');
    expect(text).toContain('可燃ごみ: 1,000 kg');
  });

  it('mails nothing new for a report sent again unchanged, and a revision with the month as it now stands', async () => {
    const both = [
      { category: combustible, volume: '120' },
      { category: other.id, volume: '30.5' },
    ];
    const before = t.smtp.mails.length;
    expect(
      (await t.as(TRANS).post('/trans/regular-reports', { projectId, year, month, listVolume: both }))
        .statusCode,
    ).toBe(200);
    expect(mailsSince(before)).toHaveLength(1);
    // A second click, or a resend after a lost answer: the same report, no second mail.
    const again = t.smtp.mails.length;
    expect(
      (await t.as(TRANS).post('/trans/regular-reports', { projectId, year, month, listVolume: both }))
        .statusCode,
    ).toBe(200);
    expect(mailsSince(again)).toEqual([]);
    // One category revised: the mail gives the month's report, the category left as it was too.
    const revision = t.smtp.mails.length;
    expect((await report('125')).statusCode).toBe(200);
    const [mail, ...more] = mailsSince(revision);
    expect(more).toEqual([]);
    const text = mailBody(mail!.raw);
    expect(text).toContain('定期回収の月次報告を修正しました');
    expect(text).toContain('可燃ごみ: 125 kg');
    expect(text).toContain(`${other.name}: 30.5 kg`);
  });

  it('mails nobody when the report is refused', async () => {
    const before = t.smtp.mails.length;
    const refused = await t.as(TRANS).post('/trans/regular-reports', {
      projectId,
      year: year + 1,
      month,
      listVolume: [{ category: combustible, volume: '10' }],
    });
    expect(refused.statusCode).toBe(400);
    expect(t.smtp.mails.length).toBe(before);
  });
});
