import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  confirmation,
  confirmModal,
  pickDate,
  selectOption,
  tableRow,
  tableRows,
  toast,
} from '../support/antd';
import { apiAs } from '../support/api';
import { DEMO } from '../support/app';
import { signIn } from '../support/auth';
import { parseCsv } from '../support/csv';
import { reflectUntil, refuseNextWork } from '../support/jwnet';
import { businessDate, DISCHARGER_NAME, INDUSTRIAL_PROJECT, INDUSTRIAL_WASTE } from '../support/manifests';
import { seedRegisteredManifest, seedTransportReport } from '../support/seed';

/** The approval-needed message (MSG_21_9) a correction of a synced report answers with. */
const APPROVAL_NEEDED = '電子マニフェストと連携済みの報告です。修正・取消には排出事業者の承認が必要です。';

/** 1234.5 as the tables show it: 1,234.50. */
const shown = (value: number) =>
  new Intl.NumberFormat('ja-JP', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);

/** A volume in t unlikely to be reported already (two decimals), so a row is told by it. */
const uniqueVolume = (base: number) => (base + (Date.now() % 9_000) / 100).toFixed(2);

/**
 * This month's line in t of the demo industrial waste in the signed-in party's achievements (none yet is a
 * locator matching nothing; another unit would be a line of its own). Waits for the list's answer so an absent
 * line means absent.
 */
async function monthLine(page: Page): Promise<Locator> {
  const answered = page.waitForResponse((r) => /\/api\/(trans\/)?achievements\?/.test(r.url()) && r.ok());
  await page.goto('achievements');
  await answered;
  const list = page.getByTestId('achievement-list');
  await expect(list.locator('.ant-spin-spinning')).toHaveCount(0);
  return tableRow(list, INDUSTRIAL_WASTE)
    .filter({ hasText: DISCHARGER_NAME })
    .filter({ has: page.locator('td:nth-child(5)', { hasText: / t$/ }) });
}

/** The volume (t) of a list line: "1,234.50 t". */
async function lineVolume(line: Locator): Promise<number> {
  const text = (await line.locator('td').nth(4).textContent()) ?? '';
  return Number(text.replace(/[^\d.]/g, ''));
}

/** From the list to this month's details of the demo industrial waste. */
async function openMonthDetails(page: Page): Promise<Locator> {
  const line = await monthLine(page);
  await line.getByRole('link', { name: INDUSTRIAL_WASTE }).click();
  await expect(page).toHaveURL(/achievements\/detail\?/);
  await expect(page.getByTestId('achievement-detail-header')).toContainText(DISCHARGER_NAME);
  return page.getByTestId('achievement-detail-rows');
}

/** The details row of a manifest's report. */
const reportRow = (page: Page, manifestNumber: string) =>
  tableRow(page.getByTestId('achievement-detail-rows'), manifestNumber);

/** Opens the report dialog from the row's volume and waits until the report is shown. */
async function openReport(page: Page, manifestNumber: string): Promise<Locator> {
  await reportRow(page, manifestNumber).locator('[data-testid^="open-report-"]').click();
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('report-values') });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function closeReport(dialog: Locator): Promise<void> {
  // The footer's button (the corner's × is named 閉じる too).
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: '閉じる', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Lets the network reflect what it holds, then reopens the report (on the details page already shown)
 * until the server's worker has taken the result: no network work pending. Answers the open dialog.
 */
async function reflectAndReopen(page: Page, manifestNumber: string): Promise<Locator> {
  let dialog: Locator | undefined;
  await reflectUntil(async () => {
    await page.reload();
    dialog = await openReport(page, manifestNumber);
    await expect(dialog.getByTestId('report-jwnet-pending')).toHaveCount(0, { timeout: 500 });
  });
  return dialog!;
}

/**
 * The signed-in transporter reports the transport of a registered manifest of the demo project from
 * /achievements, ending today, and sees it confirmed.
 */
async function reportTransport(
  page: Page,
  { manifestNumber, volume, transporter }: { manifestNumber: string; volume: string; transporter: string },
): Promise<void> {
  const today = businessDate();
  await page.goto('achievements');
  await page.getByRole('button', { name: '産業廃棄物の運搬完了報告' }).click();
  const dialog = page.getByRole('dialog', { name: '産業廃棄物の運搬完了報告' });
  await selectOption(page, dialog.getByLabel('案件'), `${INDUSTRIAL_PROJECT}（${DISCHARGER_NAME}）`);
  await expect(dialog.getByTestId('industrial-report-discharger')).toContainText(DISCHARGER_NAME);
  // Choosing the registered manifest fills the collection date (its delivery date) and the waste.
  const manifest = dialog.getByLabel('マニフェスト番号');
  await selectOption(page, manifest, `${manifestNumber}（${INDUSTRIAL_WASTE}）`, { search: manifestNumber });
  await expect(dialog.getByLabel('収集日')).toHaveValue(today);
  await expect(dialog.locator('.ant-form-item', { has: page.locator('#wasteId') })).toContainText(
    INDUSTRIAL_WASTE,
  );
  await pickDate(dialog.getByLabel('運搬終了日'), today);
  await dialog.getByLabel('運搬量', { exact: true }).fill(volume);
  await selectOption(page, dialog.getByLabel('運搬量の単位'), 't');
  await dialog.getByLabel('運搬担当者').fill(transporter);
  await dialog.getByTestId('industrial-report-submit').click();

  await confirmModal(page, { title: '報告内容の確認', button: '報告する' });
  await expect(toast(page, '運搬完了を報告しました。')).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** The transporter corrects the volume of a synced report: the discharger's approval is needed. */
async function correctVolume(page: Page, dialog: Locator, volume: string): Promise<void> {
  await dialog.getByTestId('report-action-FIX_REPORT').click();
  await expect(dialog).toContainText('運搬終了報告の修正');
  const input = dialog.getByLabel('運搬量', { exact: true });
  await input.fill(volume);
  await dialog.getByTestId('report-action-FIX').click();
  await expect(confirmation(page, '報告の修正')).toContainText('排出事業者の承認後に反映されます');
  await confirmModal(page, { title: '報告の修正', button: '修正する' });
  await expect(toast(page, APPROVAL_NEEDED)).toBeVisible();
  // Review mode: the original beside the correction, waiting for the discharger.
  await expect(dialog).toContainText('運搬終了報告（承認待ち）');
  await expect(dialog.getByRole('columnheader', { name: '修正後' })).toBeVisible();
  await expect(
    dialog.getByTestId('report-values').locator('tr', { hasText: '運搬量' }).first(),
  ).toContainText(`${shown(Number(volume))} t`);
  await expect(dialog.getByTestId('report-action-FIX_REPORT')).toHaveCount(0);
}

test('a transporter reports an industrial transport with a manifest; it syncs and shows in the achievements and their CSV', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const volume = uniqueVolume(10);
  const transporter = '山田 太郎';

  // A registered manifest for today (its registration has tests of its own).
  const manifestNumber = await seedRegisteredManifest(await apiAs(request, DEMO.discharger));

  await signIn(page, DEMO.transporter);
  const before = await monthLine(page);
  const totalBefore = (await before.count()) === 0 ? 0 : await lineVolume(before);

  await reportTransport(page, { manifestNumber, volume, transporter });

  // The details: the row with its manifest and volume; the network has not taken it yet.
  const rows = await openMonthDetails(page);
  const row = reportRow(page, manifestNumber);
  await expect(row).toContainText(`${shown(Number(volume))} t`);
  await expect(row).toContainText(transporter);
  await expect(row).toContainText(businessDate());
  let dialog = await openReport(page, manifestNumber);
  await expect(dialog).toContainText('運搬終了報告');
  await expect(dialog.getByTestId('report-jwnet-pending')).toBeVisible();
  await expect(dialog.getByTestId('report-action-FIX_REPORT')).toBeDisabled();
  await expect(dialog.getByTestId('report-action-CANCEL_REPORT')).toBeDisabled();
  await closeReport(dialog);

  // Once reflected: synced, the buttons enabled.
  dialog = await reflectAndReopen(page, manifestNumber);
  await expect(dialog.getByTestId('report-dialog-summary')).toContainText('電子マニフェスト連携済み');
  await expect(dialog.getByTestId('report-action-FIX_REPORT')).toBeEnabled();
  await expect(dialog.getByTestId('report-action-CANCEL_REPORT')).toBeEnabled();
  await expect(dialog.getByTestId('report-values')).toContainText(manifestNumber);
  await closeReport(dialog);

  // The month's line grew by the volume.
  const after = await monthLine(page);
  const totalCents = Math.round(totalBefore * 100) + Math.round(Number(volume) * 100);
  await expect(after).toHaveCount(1);
  await expect(after).toContainText(`${shown(totalCents / 100)} t`);

  // The details' CSV holds the rows of the table.
  await openMonthDetails(page);
  await expect(reportRow(page, manifestNumber)).toBeVisible();
  const shownCells = await tableRows(rows).evaluateAll((trs) =>
    trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => (td.textContent ?? '').trim())),
  );
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSVダウンロード' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    new RegExp(`^実績_${INDUSTRIAL_WASTE}_${DISCHARGER_NAME}_\\d{4}-\\d{2}\\.csv$`),
  );
  const [header, ...csvRows] = parseCsv(await readFile(await file.path(), 'utf8'));
  expect(header).toEqual([
    '種別',
    '廃棄物名',
    '案件名',
    'マニフェスト番号',
    '運搬終了日',
    '運搬量',
    '単位',
    '運搬担当者',
    '承認状況',
  ]);
  // The table shows the volume with its unit in one cell and thousands separators; the CSV splits them.
  const expected = shownCells.map(([type, waste, project, number, endDate, volumeCell, person, status]) => {
    const [amount, unit] = (volumeCell ?? '').split(' ');
    return [
      type,
      waste,
      project,
      number,
      endDate,
      (amount ?? '').replaceAll(',', ''),
      unit ?? '',
      person,
      status,
    ];
  });
  expect(csvRows).toEqual(expected);
  expect(csvRows).toContainEqual([
    '産業廃棄物',
    INDUSTRIAL_WASTE,
    INDUSTRIAL_PROJECT,
    manifestNumber,
    businessDate(),
    volume,
    't',
    transporter,
    '',
  ]);
});

test('a synced report is corrected, the discharger rejects, the transporter confirms, corrects again and it is approved', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const volume = uniqueVolume(100);
  const rejected = (Number(volume) + 1.25).toFixed(2);
  const corrected = (Number(volume) + 2.5).toFixed(2);

  // A report on a registered manifest (the report dialog is the first test's subject).
  const manifestNumber = await seedRegisteredManifest(await apiAs(request, DEMO.discharger));
  await seedTransportReport(await apiAs(request, DEMO.transporter), {
    manifestNumber,
    volume,
    person: '佐藤 次郎',
  });

  await signIn(page, DEMO.transporter);
  await openMonthDetails(page);
  let dialog = await reflectAndReopen(page, manifestNumber);
  await expect(dialog.getByTestId('report-dialog-summary')).toContainText('電子マニフェスト連携済み');

  // A first correction waits for the discharger.
  await correctVolume(page, dialog, rejected);
  await closeReport(dialog);
  await expect(reportRow(page, manifestNumber)).toContainText('承認待ち');
  dialog = await reflectAndReopen(page, manifestNumber);
  await closeReport(dialog);

  // The discharger sees the change highlighted and rejects it.
  await signIn(page, DEMO.discharger);
  await openMonthDetails(page);
  await expect(reportRow(page, manifestNumber)).toContainText('要承認');
  dialog = await openReport(page, manifestNumber);
  await expect(dialog).toContainText('運搬終了報告の修正承認');
  await expect(dialog.getByTestId('changed-transportVolume')).toContainText(`${shown(Number(rejected))} t`);
  await expect(dialog.getByTestId('changed-transportVolume')).toContainText('変更');
  await expect(dialog.getByTestId('changed-transporter')).toHaveCount(0);
  await dialog.getByTestId('report-action-REJECT').click();
  await expect(confirmation(page, '否認')).toContainText('修正を否認します');
  await confirmModal(page, { title: '否認', button: '否認' });
  await expect(toast(page, '否認しました。')).toBeVisible();
  await expect(dialog.getByTestId('report-action-APPROVE')).toHaveCount(0);
  await closeReport(dialog);
  dialog = await reflectAndReopen(page, manifestNumber);
  await closeReport(dialog);

  // The transporter sees the rejection and confirms it: the report keeps its first volume.
  await signIn(page, DEMO.transporter);
  await openMonthDetails(page);
  await expect(reportRow(page, manifestNumber).locator('.ant-tag')).toHaveText('否認');
  dialog = await openReport(page, manifestNumber);
  await expect(dialog).toContainText('運搬終了報告（修正否認）');
  await dialog.getByTestId('report-action-CONFIRM_REJECTION').click();
  await confirmModal(page, { title: '否認の確認', button: '否認を確認' });
  await expect(toast(page, '否認を確認しました。')).toBeVisible();
  await expect(dialog.getByTestId('report-action-FIX_REPORT')).toBeEnabled();
  await expect(dialog.getByTestId('report-values')).toContainText(`${shown(Number(volume))} t`);
  await expect(dialog.getByTestId('report-values')).not.toContainText(`${shown(Number(rejected))} t`);

  // A second correction, reflected.
  await correctVolume(page, dialog, corrected);
  await closeReport(dialog);
  dialog = await reflectAndReopen(page, manifestNumber);
  await closeReport(dialog);

  // The discharger approves: the details now show the corrected volume.
  await signIn(page, DEMO.discharger);
  await openMonthDetails(page);
  dialog = await openReport(page, manifestNumber);
  await expect(dialog).toContainText('運搬終了報告の修正承認');
  await expect(dialog.getByTestId('changed-transportVolume')).toContainText(`${shown(Number(corrected))} t`);
  await dialog.getByTestId('report-action-APPROVE').click();
  await expect(confirmation(page, '承認')).toContainText('修正を承認します');
  await confirmModal(page, { title: '承認', button: '承認' });
  await expect(toast(page, '承認しました。')).toBeVisible();
  await closeReport(dialog);
  const row = reportRow(page, manifestNumber);
  await expect(row.locator('[data-testid^="open-report-"]')).toHaveText(`${shown(Number(corrected))} t`);
  await expect(row.locator('.ant-tag')).toHaveCount(0);

  // The answer reaches the network; the report stays synced with the corrected values.
  dialog = await reflectAndReopen(page, manifestNumber);
  await expect(dialog).toContainText('運搬終了報告');
  await expect(dialog.getByTestId('report-dialog-summary')).toContainText('電子マニフェスト連携済み');
  await expect(dialog.getByTestId('report-values')).toContainText(`${shown(Number(corrected))} t`);
});

test("a report the network refuses shows why in the user's language and is sent again as it is", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const volume = uniqueVolume(200);
  const sentence = 'a transport end can be reported only once registered';

  // A report on a registered manifest, which the network refuses.
  const manifestNumber = await seedRegisteredManifest(await apiAs(request, DEMO.discharger));
  await refuseNextWork('E_STATE', sentence);
  await seedTransportReport(await apiAs(request, DEMO.transporter), {
    manifestNumber,
    volume,
    person: '鈴木 三郎',
  });

  await signIn(page, DEMO.transporter);
  await openMonthDetails(page);
  // Until the worker has sent it, the report is pending; then refused.
  let dialog: Locator | undefined;
  await expect(async () => {
    await page.reload();
    dialog = await openReport(page, manifestNumber);
    await expect(dialog.getByTestId('report-jwnet-refusal')).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 30_000, intervals: [500, 1_000, 2_000] });
  dialog = dialog!;
  await expect(dialog.getByTestId('report-jwnet-refusal')).toHaveText(
    '電子マニフェストが受け付けませんでした：マニフェストが登録済みの状態ではないため、運搬終了報告ができません。',
  );
  await expect(dialog).not.toContainText(sentence);
  await expect(dialog.getByTestId('report-action-RESEND')).toHaveText('再送信');
  await expect(dialog.getByTestId('report-action-RESEND')).toBeEnabled();
  await dialog.screenshot({ path: testInfo.outputPath('refused-report-ja.png') });
  await closeReport(dialog);

  // The same in English.
  await page.getByTestId('language-select').getByText('English').click();
  dialog = await openReport(page, manifestNumber);
  await expect(dialog.getByTestId('report-jwnet-refusal')).toHaveText(
    'The electronic manifest service refused this: the manifest is not in the registered state, so its transport end cannot be reported.',
  );
  await expect(dialog.getByTestId('report-action-RESEND')).toHaveText('Send again');
  await dialog.screenshot({ path: testInfo.outputPath('refused-report-en.png') });
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.getByTestId('language-select').getByText('日本語').click();

  // Sent again after a confirmation: on its way, then synced.
  dialog = await openReport(page, manifestNumber);
  await dialog.getByTestId('report-action-RESEND').click();
  await expect(confirmation(page, '報告の再送信')).toContainText('同じ内容でもう一度送信します');
  await confirmModal(page, { title: '報告の再送信', button: '再送信' });
  await expect(toast(page, '報告を再送信しました。電子マニフェストへの反映を待っています。')).toBeVisible();
  await expect(dialog.getByTestId('report-jwnet-error')).toHaveCount(0);
  await expect(dialog.getByTestId('report-action-RESEND')).toHaveCount(0);
  await expect(dialog.getByTestId('report-action-FIX_REPORT')).toBeDisabled();
  await expect(dialog.getByTestId('report-manifest-state-jwnet_function_running')).toHaveText(
    '電子マニフェストで処理中の機能（この報告の送信を含む）があるため、現在この操作はできません。反映後に再度お試しください。',
  );
  await dialog.screenshot({ path: testInfo.outputPath('resent-report-ja.png') });
  await closeReport(dialog);
  dialog = await reflectAndReopen(page, manifestNumber);
  await expect(dialog.getByTestId('report-dialog-summary')).toContainText('電子マニフェスト連携済み');
  await expect(dialog.getByTestId('report-values')).toContainText(`${shown(Number(volume))} t`);
  await expect(dialog.getByTestId('report-action-RESEND')).toHaveCount(0);
});
