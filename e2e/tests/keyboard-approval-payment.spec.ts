import type { ReportActionResponse, TransportReport } from '@junkan/shared/api/transport-reports';
import { expect, test } from '@playwright/test';
import { tableRow } from '../support/antd';
import { apiAs } from '../support/api';
import { DEMO } from '../support/app';
import { signIn } from '../support/auth';
import { reflectUntil } from '../support/jwnet';
import { expectFocusVisible, openDialogFrom, tabTo } from '../support/keyboard';
import { businessDate, DISCHARGER_NAME, INDUSTRIAL_WASTE } from '../support/manifests';
import { seedInvoice, seedRegisteredManifest, seedTransportReport } from '../support/seed';

/**
 * The keyboard walks (JIS X 8341-3 2.1.1, 2.1.2, 2.4.3, 2.4.7) that add to what other tests count: a report of the
 * demo industrial waste this month, a payment in the card simulator's list. keyboard-paths.spec.ts has the others.
 */

/** 1234.5 as the tables show it: 1,234.50. */
const shown = (value: number) =>
  new Intl.NumberFormat('ja-JP', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);

test('a discharger approves a corrected transport report by keyboard alone, focus going into and out of the dialogs', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const discharger = await apiAs(request, DEMO.discharger);
  const transporter = await apiAs(request, DEMO.transporter);
  // A volume in t not reported yet, then corrected upwards: the correction waits for the discharger.
  const volume = (300 + (Date.now() % 9_000) / 100).toFixed(2);
  const corrected = (Number(volume) + 2.5).toFixed(2);
  const manifestNumber = await seedRegisteredManifest(discharger);
  const report = await seedTransportReport(transporter, { manifestNumber, volume });
  const synced = async (api: typeof discharger, path: string, status: string) =>
    reflectUntil(async () => {
      const now = await api.get<TransportReport>(path);
      expect({ synced: now.isSyncedJWNet, status: now.status, running: now.runningFunctions }).toEqual({
        synced: true,
        status,
        running: [],
      });
    });
  await synced(transporter, `/trans/transport-reports/${report.id}`, 'BLANK');
  const correction = await transporter.send('PUT', `/trans/transport-reports/${report.id}`, {
    lastEndDateTransport: report.endDateTransport,
    lastTransportVolume: corrected,
    lastTransportVolumeUnit: report.transportVolumeUnit,
    lastTransporter: report.transporter,
  });
  await expect(correction).toBeOK();
  expect(((await correction.json()) as ReportActionResponse).outcome).toBe('AWAITING_APPROVAL');
  await synced(discharger, `/transport-reports/${report.id}`, 'ACCEPTANCE_OR_DENIAL');

  // From the list to the month's details, then the report's dialog from its volume.
  await signIn(page, DEMO.discharger, { path: 'achievements' });
  const line = tableRow(page.getByTestId('achievement-list'), INDUSTRIAL_WASTE)
    .filter({ hasText: DISCHARGER_NAME })
    .filter({ has: page.locator('td:nth-child(5)', { hasText: / t$/ }) });
  await tabTo(page, line.getByRole('link', { name: INDUSTRIAL_WASTE }), { max: 100 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/achievements\/detail\?/);
  const open = page.getByTestId(`open-report-${report.id}`);
  await expect(tableRow(page.getByTestId('achievement-detail-rows'), manifestNumber)).toContainText('要承認');
  await tabTo(page, open, { max: 100 });
  const dialog = await openDialogFrom(
    page,
    open,
    page.getByRole('dialog').filter({ has: page.getByTestId('report-values') }),
  );
  await expect(dialog).toContainText('運搬終了報告の修正承認');
  await expect(dialog.getByTestId('changed-transportVolume')).toContainText(`${shown(Number(corrected))} t`);

  // Approving asks first, in a dialog of its own; Escape goes back to the report, Enter approves.
  const approve = dialog.getByTestId('report-action-APPROVE');
  await tabTo(page, approve, { max: 20 });
  const confirm = await openDialogFrom(
    page,
    approve,
    page.getByRole('dialog', { name: '承認', exact: true }),
  );
  await expect(confirm).toContainText('修正を承認します');
  // Focus starts on キャンセル, so that Enter does not answer by accident: Tab to 承認.
  await expect(confirm.getByRole('button', { name: 'キャンセル' })).toBeFocused();
  await tabTo(page, confirm.getByRole('button', { name: '承認' }), { max: 5 });
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(page.locator('.ant-message').getByText('承認しました。', { exact: true })).toBeVisible();
  await expect(dialog.getByTestId('report-action-APPROVE')).toHaveCount(0);
  // The approve button went with the answer: focus stays in the report's dialog, on its close button, which gives
  // it back to the volume the dialog was opened from.
  const close = dialog.locator('.ant-modal-footer').getByRole('button', { name: '閉じる', exact: true });
  await expect(close).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
  await expectFocusVisible(page);
  await expect(open).toHaveText(`${shown(Number(corrected))} t`);
  await expect(
    tableRow(page.getByTestId('achievement-detail-rows'), manifestNumber).locator('.ant-tag'),
  ).toHaveCount(0);
});

// The demo's spot collection: its contract is paid by card.
const SPOT = '銀座店 改装に伴う不用品 スポット回収';

test('a discharger pays an invoice by card by keyboard alone, through the card provider’s form', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const today = businessDate().replaceAll('/', '-');
  const month = today.slice(0, 7);
  const transporter = await apiAs(request, DEMO.transporter);
  // The demo's spot invoice bills this month too: confirmed.
  const { id } = await seedInvoice(
    transporter,
    SPOT,
    { billedMonth: month, billingDate: today, dueDate: today, amount: 3_300 },
    [month],
  );
  await transporter.post(`/trans/invoices/${id}/send`);

  await signIn(page, DEMO.discharger, { path: `invoice-management/detail/${id}` });
  await expect(page.getByTestId('invoice-status')).toHaveText('請求済');
  await tabTo(page, page.getByTestId('card-pay'));
  await page.keyboard.press('Enter');

  // The provider's own page: its fields in order, each showing focus; Enter on its button sends it.
  await expect(page.getByRole('heading', { name: 'カード情報の入力' })).toBeVisible();
  for (const [label, text] of [
    ['カード番号', '4242 4242 4242 4242'],
    ['有効期限（MM/YY）', '12/39'],
    ['セキュリティコード', '123'],
    ['カード名義人（ローマ字）', 'TARO YAMADA'],
  ] as const) {
    await tabTo(page, page.getByLabel(label), { max: 10 });
    await page.keyboard.type(text);
  }
  await tabTo(page, page.getByRole('button', { name: '次へ進む' }), { max: 5 });
  await page.keyboard.press('Enter');

  await expect(page.getByTestId('card-paid')).toBeVisible();
  await expect(page.getByTestId('invoice-status')).toHaveText('支払済');
});
