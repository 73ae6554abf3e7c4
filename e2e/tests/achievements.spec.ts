import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, login, logout } from '../support/app';
import { parseCsv } from '../support/csv';
import { APP_ORIGIN } from '../support/env';
import { DISCHARGER_NAME, INDUSTRIAL_PROJECT, INDUSTRIAL_WASTE } from '../support/manifests';

test('a transporter reports a regular month; both sides see it in the achievements and its CSV', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A weight unlikely to be there already, so the row is found by it.
  const weight = String(1000 + (Date.now() % 8000));
  const shown = Number(weight).toLocaleString('ja-JP');

  await login(page, DEMO.transporter);
  await page.goto('achievements');
  await page.getByRole('button', { name: '一般廃棄物の実績報告' }).click();
  const dialog = page.getByRole('dialog', { name: '一般廃棄物の実績報告' });
  await dialog.getByLabel('案件').click();
  await page.locator('.ant-select-item-option', { hasText: '銀座店 可燃ごみ定期回収' }).click();
  await dialog.getByLabel('可燃ごみ').fill(weight);
  await dialog.getByTestId('regular-report-submit').click();
  await page
    .getByRole('dialog', { name: '報告内容の確認' })
    .getByRole('button', { name: '報告する' })
    .click();
  await expect(page.getByText('実績を報告しました。')).toBeVisible();

  const list = page.getByTestId('achievement-list');
  const row = list.locator('tr', { hasText: '可燃ごみ' }).filter({ hasText: shown });
  await expect(row).toContainText('株式会社グリーン商事');
  // The line's volume with its unit: regular waste is weighed in kg.
  await expect(row).toContainText(`${shown}.00 kg`);

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
  await logout(page);

  // The discharger sees the same figure for its own waste.
  await login(page, DEMO.discharger);
  await page.goto('achievements');
  await expect(page.getByTestId('achievement-list').locator('tr', { hasText: '可燃ごみ' })).toContainText(
    shown,
  );
});

/** What this test reads of GET /trans/transport-reports/options and GET /trans/achievements. */
interface IndustrialReportOptions {
  today: string;
  projects: {
    id: number;
    title: string;
    dischargerId: number;
    wastes: { wasteId: number; wasteName: string }[];
  }[];
  units: { id: number; unit: string }[];
}
interface AchievementList {
  rows: {
    wasteName: string;
    wasteCompanyName: string;
    transportVolume: number;
    transportVolumeUnit: string | null;
  }[];
}

/** 1234.5 as the tables show it: 1,234.50. */
const shownVolume = (value: number) =>
  new Intl.NumberFormat('ja-JP', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);

async function apiAs(request: APIRequestContext, email: string) {
  const res = await request.post(`${APP_ORIGIN}/api/auth/login`, {
    data: { email, password: DEMO_PASSWORD },
  });
  return { authorization: `Bearer ${(await res.json()).token as string}` };
}

test('one waste reported in t and in 個 in a month makes a line per unit, with its own details and CSV row', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // Two reports of the demo industrial waste ending today, one per unit, seeded through the API (the report
  // dialog has tests of its own).
  const trans = await apiAs(request, DEMO.transporter);
  const options = (await (
    await request.get(`${APP_ORIGIN}/api/trans/transport-reports/options`, { headers: trans })
  ).json()) as IndustrialReportOptions;
  const project = options.projects.find((p) => p.title === INDUSTRIAL_PROJECT)!;
  const waste = project.wastes.find((w) => w.wasteName === INDUSTRIAL_WASTE)!;
  const unitId = (name: string) => options.units.find((u) => u.unit === name)!.id;
  const [year, month] = options.today.split('-').map(Number) as [number, number];
  const lineVolumes = async () => {
    const list = (await (
      await request.get(`${APP_ORIGIN}/api/trans/achievements?period=monthly&year=${year}&month=${month}`, {
        headers: trans,
      })
    ).json()) as AchievementList;
    const sum = (unit: string) =>
      list.rows
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
  for (const [volume, unit] of [
    ['3', '個'],
    ['2.5', 't'],
  ] as const) {
    const res = await request.post(`${APP_ORIGIN}/api/trans/transport-reports`, {
      headers: trans,
      data: {
        dischargerId: project.dischargerId,
        projectId: project.id,
        collectTime: options.today,
        wasteId: waste.wasteId,
        transportEndDate: options.today,
        transportVolume: volume,
        transportVolumeUnit: unitId(unit),
        transporter: '山田 太郎',
      },
    });
    expect(res.status()).toBe(200);
  }
  const tonnes = shownVolume(before.t + 2.5);
  const pieces = shownVolume(before.pieces + 3);

  for (const email of [DEMO.transporter, DEMO.discharger]) {
    await login(page, email);
    await page.goto(`achievements?period=monthly&year=${year}&month=${month}`);
    const lines = page
      .getByTestId('achievement-list')
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: INDUSTRIAL_WASTE })
      .filter({ hasText: DISCHARGER_NAME });
    await expect(lines).toHaveCount(2);
    await expect(lines.filter({ hasText: `${pieces} 個` })).toHaveCount(1);
    await expect(lines.filter({ hasText: `${tonnes} t` })).toHaveCount(1);
    await logout(page);
  }

  await login(page, DEMO.transporter);
  await page.goto(`achievements?period=monthly&year=${year}&month=${month}`);
  const list = page.getByTestId('achievement-list');
  await expect(list.locator('tbody tr.ant-table-row', { hasText: `${pieces} 個` })).toHaveCount(1);
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
  await list
    .locator('tbody tr.ant-table-row', { hasText: `${pieces} 個` })
    .getByRole('link', { name: INDUSTRIAL_WASTE })
    .click();
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
