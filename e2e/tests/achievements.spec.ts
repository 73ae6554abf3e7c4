import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { DEMO, login, logout } from '../support/app';
import { parseCsv } from '../support/csv';

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
