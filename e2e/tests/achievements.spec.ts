import { readFile } from 'node:fs/promises';
import type { AchievementList, IndustrialReportOptions } from '@junkan/shared/api/transport-reports';
import { expect, test } from '@playwright/test';
import { confirmModal, selectOption, tableRow, tableRows, toast } from '../support/antd';
import { apiAs } from '../support/api';
import { DEMO } from '../support/app';
import { signIn } from '../support/auth';
import { parseCsv } from '../support/csv';
import { DISCHARGER_NAME, INDUSTRIAL_WASTE } from '../support/manifests';
import { seedTransportReport } from '../support/seed';

test('a transporter reports a regular month; both sides see it in the achievements and its CSV', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A weight unlikely to be there already, so the row is found by it.
  const weight = String(1000 + (Date.now() % 8000));
  const shown = Number(weight).toLocaleString('ja-JP');

  await signIn(page, DEMO.transporter, { path: 'achievements' });
  await page.getByRole('button', { name: '一般廃棄物の実績報告' }).click();
  const dialog = page.getByRole('dialog', { name: '一般廃棄物の実績報告' });
  await selectOption(page, dialog.getByLabel('案件'), /銀座店 可燃ごみ定期回収/, {
    search: '銀座店 可燃ごみ定期回収',
  });
  // Beside the month: how many of the project's collections were marked collected in it.
  await expect(dialog.getByTestId('regular-report-collected-count')).toHaveText(
    /^対象年月の回収実績: \d+回$/,
  );
  await dialog.getByLabel('可燃ごみ').fill(weight);
  await dialog.getByTestId('regular-report-submit').click();
  await confirmModal(page, { title: '報告内容の確認', button: '報告する' });
  await expect(toast(page, '実績を報告しました。')).toBeVisible();

  const list = page.getByTestId('achievement-list');
  const row = tableRow(list, '可燃ごみ').filter({ hasText: shown });
  await expect(row).toContainText('株式会社グリーン商事');
  // The line's volume with its unit: regular waste is weighed in kg.
  await expect(row).toContainText(`${shown}.00 kg`);
  // The server pages the list: the table states how many lines match.
  await expect(page.getByText(/^全\d+件$/)).toBeVisible();

  // The CSV holds the same line.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSVダウンロード' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const rows = parseCsv(await readFile(await file.path(), 'utf8'));
  expect(rows.length).toBeGreaterThan(1);
  const unitColumn = rows[0]!.indexOf('単位');
  expect(unitColumn).toBeGreaterThan(0);
  expect(rows[0]![unitColumn - 1]).toBe('運搬量');
  // The volume as the list shows it (without thousands separators), its unit beside it.
  expect(
    rows.some(
      (r) =>
        r.includes('可燃ごみ') &&
        r.includes('株式会社グリーン商事') &&
        r[unitColumn - 1] === `${weight}.00` &&
        r[unitColumn] === 'kg',
    ),
  ).toBe(true);

  // The details behind the line.
  await row.getByRole('link', { name: '可燃ごみ' }).click();
  await expect(page).toHaveURL(/achievements\/detail\?/);
  await expect(page.getByTestId('achievement-detail-header')).toContainText('株式会社グリーン商事');
  await expect(page.getByTestId('achievement-detail-rows')).toContainText(`${shown}.00 kg`);
  // The server's total of the line's reports, under the table.
  await expect(page.getByText(/^全1件$/)).toBeVisible();

  // The discharger sees the same figure for its own waste.
  await signIn(page, DEMO.discharger, { path: 'achievements' });
  await expect(tableRow(page.getByTestId('achievement-list'), '可燃ごみ')).toContainText(shown);
});

/** 1234.5 as the tables show it: 1,234.50. */
const shownVolume = (value: number) =>
  new Intl.NumberFormat('ja-JP', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);

test('one waste reported in t and in 個 in a month makes a line per unit, with its own details and CSV row', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // Two reports of the demo industrial waste ending today, one per unit, seeded through the API (the report
  // dialog has tests of its own).
  const trans = await apiAs(request, DEMO.transporter);
  const { today } = await trans.get<IndustrialReportOptions>('/trans/transport-reports/options');
  const [year, month] = today.split('-').map(Number) as [number, number];
  const monthPath = `achievements?period=monthly&year=${year}&month=${month}`;
  const lineVolumes = async () => {
    const list = await trans.get<AchievementList>(`/trans/${monthPath}&size=100`);
    const sum = (unit: string) =>
      list.items
        .filter(
          (r) =>
            r.wasteName === INDUSTRIAL_WASTE &&
            r.wasteCompanyName === DISCHARGER_NAME &&
            r.transportVolumeUnit === unit,
        )
        .reduce((total, r) => total + r.transportVolume, 0);
    return { t: sum('t'), pieces: sum('個') };
  };
  const before = await lineVolumes();
  await seedTransportReport(trans, { volume: '3', unit: '個' });
  await seedTransportReport(trans, { volume: '2.5', unit: 't' });
  const tonnes = shownVolume(before.t + 2.5);
  const pieces = shownVolume(before.pieces + 3);

  // Both parties see the two lines; the transporter, signed in last, goes on.
  const list = page.getByTestId('achievement-list');
  for (const email of [DEMO.discharger, DEMO.transporter]) {
    await signIn(page, email, { path: monthPath });
    const lines = tableRow(list, INDUSTRIAL_WASTE).filter({ hasText: DISCHARGER_NAME });
    await expect(lines).toHaveCount(2);
    await expect(lines.filter({ hasText: `${pieces} 個` })).toHaveCount(1);
    await expect(lines.filter({ hasText: `${tonnes} t` })).toHaveCount(1);
  }

  await expect(tableRow(list, `${pieces} 個`)).toHaveCount(1);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSVダウンロード' }).click();
  const [header, ...rows] = parseCsv(await readFile(await (await download).path(), 'utf8'));
  const volume = header!.indexOf('運搬量');
  expect(header![volume + 1]).toBe('単位');
  const csvLines = rows.filter((r) => r.includes(INDUSTRIAL_WASTE) && r.includes(DISCHARGER_NAME));
  expect(csvLines.map((r) => [r[volume], r[volume + 1]])).toEqual(
    expect.arrayContaining([
      [tonnes.replaceAll(',', ''), 't'],
      [pieces.replaceAll(',', ''), '個'],
    ]),
  );
  expect(csvLines).toHaveLength(2);

  // The 個 line's details list only the reports in 個.
  await tableRow(list, `${pieces} 個`).getByRole('link', { name: INDUSTRIAL_WASTE }).click();
  await expect(page).toHaveURL(/achievements\/detail\?.*unitId=/);
  await expect(page.getByTestId('achievement-detail-header')).toContainText('個');
  const volumes = await page
    .getByTestId('achievement-detail-rows')
    .locator('[data-testid^="open-report-"]')
    .allTextContents();
  expect(volumes.length).toBeGreaterThan(0);
  expect(volumes.every((v) => v.endsWith(' 個'))).toBe(true);
  expect(volumes).toContain('3.00 個');
});

test('an empty month of the achievements says where the latest lines are and opens them', async ({
  page,
}) => {
  // Long before the demo's reports: nothing there, and the list says which month has the latest lines.
  await signIn(page, DEMO.transporter, { path: 'achievements?period=monthly&year=2001&month=1' });
  const hint = page.getByTestId('achievements-latest-hint');
  await expect(hint).toContainText(/最新の実績は\d{4}\/\d{2}にあります/);
  await page.getByTestId('achievements-show-latest').click();
  await expect(page).not.toHaveURL(/year=2001/);
  await expect(tableRows(page.getByTestId('achievement-list')).first()).toBeVisible();
  await expect(hint).toHaveCount(0);
});
