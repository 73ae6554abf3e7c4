import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { readZip } from '../../apps/server/test/zip';
import { confirmModal, pickDate, selectOption } from '../support/antd';
import { apiAs } from '../support/api';
import { DEMO } from '../support/app';
import { signIn } from '../support/auth';
import { parseCsv } from '../support/csv';
import { INDUSTRIAL_PROJECT } from '../support/manifests';
import { seedRegisteredManifest, seedTransportReport } from '../support/seed';

test('a discharger requests an evidence pack, sees its progress then ready, downloads it, and its index lists the project’s manifests and reports', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A manifest of the demo industrial project, reported by the transporter: the pack must list both.
  const discharger = await apiAs(page.request, DEMO.discharger);
  const transporter = await apiAs(page.request, DEMO.transporter);
  const manifestNumber = await seedRegisteredManifest(discharger);
  await seedTransportReport(transporter, { volume: '1.20', manifestNumber });

  await signIn(page, DEMO.discharger, { path: 'evidence-pack' });
  await expect(page.getByRole('menuitem', { name: '証跡パック' })).toBeVisible();
  const form = page.getByTestId('evidence-pack-form');
  await selectOption(page, form.getByRole('combobox', { name: '案件' }), new RegExp(INDUSTRIAL_PROJECT), {
    search: '本社倉庫',
  });
  await page.getByTestId('evidence-pack-request').click();
  const packs = page.waitForResponse(
    (r) => r.url().endsWith('/api/evidence-packs') && r.request().method() === 'POST',
  );
  await expect(page.locator('.ant-modal-confirm')).toContainText('証跡パックを作成しますか？');
  await confirmModal(page);
  const pack = (await (await packs).json()) as { id: number; status: string };
  expect(pack.status).toBe('QUEUED');

  // Queued or building first, with its progress; the list asks again until it is ready.
  const status = page.getByTestId(`evidence-pack-status-${pack.id}`);
  await expect(status).toHaveAttribute('data-status', /QUEUED|BUILDING/);
  await expect(page.getByTestId(`evidence-pack-progress-${pack.id}`)).toBeVisible();
  await expect(status).toHaveAttribute('data-status', 'READY', { timeout: 30_000 });
  await expect(status).toHaveText('ダウンロード可');
  await expect(page.getByTestId(`evidence-pack-progress-${pack.id}`)).toHaveCount(0);

  const downloading = page.waitForEvent('download');
  await page.getByTestId(`evidence-pack-download-${pack.id}`).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^証跡パック_\d+_\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = await readZip(readFileSync((await download.path())!));
  expect(zip.has('index.pdf')).toBe(true);
  const [header, ...rows] = parseCsv(zip.get('index.csv')!.toString('utf8'));
  expect(header).toEqual(['No', 'ファイル', '案件ID', '案件名', '種類', '番号', '日付', '保存期限']);
  expect(rows.length).toBeGreaterThan(0);
  const ofProject = rows.filter((r) => r[3] === INDUSTRIAL_PROJECT);
  expect(ofProject.filter((r) => r[4] === 'マニフェスト').map((r) => r[5])).toContain(manifestNumber);
  const reports = ofProject.filter((r) => r[4] === '運搬終了報告');
  expect(reports.map((r) => r[5])).toContain(manifestNumber);
  expect(reports.length).toBeGreaterThan(1);
  // Every file the index names is in the ZIP.
  for (const r of rows) expect(zip.has(r[1]!), r[1]).toBe(true);

  // The page in English.
  await page.getByTestId('language-select').getByText('English').click();
  await expect(page.getByRole('menuitem', { name: 'Evidence packs' })).toBeVisible();
  await expect(status).toHaveText('Ready');
  await expect(page.getByTestId('evidence-pack-request')).toHaveText(/Create evidence pack/);
  await page.getByTestId('language-select').getByText('日本語').click();
  await expect(status).toHaveText('ダウンロード可');
});

test('a period the server refuses once the request is confirmed puts focus on the field it names', async ({
  page,
}) => {
  await signIn(page, DEMO.discharger, { path: 'evidence-pack' });
  const form = page.getByTestId('evidence-pack-form');
  // The radio's own input is hidden under its label, which takes the click.
  await page.getByTestId('evidence-pack-scope-period').locator('xpath=ancestor::label').click();
  // A month long before the demo's records: nothing is in scope, which only the server knows.
  const from = form.getByLabel('開始日');
  await pickDate(from, '2000/02/01');
  await pickDate(form.getByLabel('終了日'), '2000/02/28');
  const button = page.getByTestId('evidence-pack-request');
  await button.click();
  const refused = page.waitForResponse(
    (r) => r.url().endsWith('/api/evidence-packs') && r.request().method() === 'POST',
  );
  await confirmModal(page, { title: '証跡パックを作成しますか？' });
  expect((await refused).status()).toBe(409);
  // The refusal is beside the start, and focus is there, not back on the button that opened the confirmation.
  await expect(form.locator('.ant-form-item-explain-error')).toHaveText(
    'この期間に対象となる案件の記録がありません。',
  );
  await expect(from).toBeFocused();
  await expect(button).not.toBeFocused();
});
