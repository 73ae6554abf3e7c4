import { expect, test } from '@playwright/test';
import { invoiceRetentionUntil } from '../../packages/shared/src/rules/retention';
import { confirmModal, pickDate, selectOption, tableRow } from '../support/antd';
import { DEMO } from '../support/app';
import { signIn } from '../support/auth';
import { waitForMessage } from '../support/mail';

const PROJECT = '銀座店 可燃ごみ定期回収';
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

test('invoices: the transporter registers one with a file and sends it, marks it paid; the discharger follows', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(new Date());
  const shown = today.replaceAll('-', '/');
  // An amount no other test or demo invoice uses, to find this invoice in the lists.
  const amount = 10_000 + (Date.now() % 80_000);
  const yen = `￥${amount.toLocaleString('ja-JP')}`;
  const since = Date.now();

  // The transporter registers an invoice for a project under contract.
  await signIn(page, DEMO.transporter, { path: 'invoice-management/register' });
  await selectOption(page, page.getByLabel('請求する案件'), new RegExp(PROJECT));
  await expect(page.getByTestId('invoice-payment-method')).toHaveText('銀行振込');
  const block = page.getByTestId('invoice-block-0');
  await pickDate(block.getByLabel('請求日'), shown);
  await block.getByLabel('請求金額（円）').fill(String(amount));
  await pickDate(block.getByLabel('支払期限'), shown);
  await block
    .locator('input[type=file]')
    .setInputFiles({ name: '請求書.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(block.getByText('請求書.pdf')).toBeVisible();
  await page.getByTestId('invoice-register-submit').click();
  await confirmModal(page, { title: '請求書を登録しますか？' });
  await expect(page).toHaveURL(/\/invoice-management\/detail\/\d+$/);
  const detailPath = new URL(page.url()).pathname.replace(/^\/sys\//, '');
  await expect(page.getByTestId('invoice-status')).toHaveText('未請求');
  await expect(page.getByTestId('invoice-amount')).toHaveText(yen);
  // How long it is kept: seven years after the return of the latest fiscal year its date can close in.
  await expect(page.getByTestId('kept-until')).toHaveText(
    `${invoiceRetentionUntil(today).replaceAll('-', '/')} まで`,
  );

  // It is sent: billed, recorded, mailed to the discharger with the file.
  await page.getByTestId('invoice-send').click();
  await confirmModal(page, { title: '請求書を送付しますか？' });
  await expect(page.getByTestId('invoice-status')).toHaveText('請求済');
  await expect(page.getByTestId('invoice-sends')).toContainText('請求書送付メール');
  const mail = await waitForMessage(DEMO.discharger, { since });
  expect(mail.subject).toContain('請求書送付のお知らせ');

  // The discharger sees it billed in the list and opens it.
  await signIn(page, DEMO.discharger, { path: 'invoice-management?status=BILLED' });
  const row = tableRow(page.getByTestId('invoice-list'), yen);
  await expect(row.getByTestId('invoice-status')).toHaveText('請求済');
  await row.getByTestId('invoice-link').click();
  await expect(page).toHaveURL(new RegExp(`${detailPath}$`));
  // The list stays on screen until the detail page has loaded: its status tags would match too.
  await expect(page.getByTestId('invoice-list')).toHaveCount(0);
  await expect(page.getByTestId('invoice-status')).toHaveText('請求済');
  await expect(page.getByTestId('invoice-actions')).toHaveCount(0);

  // The transporter confirms the bank transfer.
  await signIn(page, DEMO.transporter, { path: detailPath });
  await page.getByTestId('invoice-mark-paid').click();
  await expect(page.getByLabel('入金確認日')).toHaveValue(shown);
  await confirmModal(page, { title: '入金を確認しましたか？' });
  await expect(page.getByTestId('invoice-status')).toHaveText('支払済');
  await expect(page.getByTestId('invoice-settlement-date')).toHaveText(shown);

  // Both sides see it paid.
  await signIn(page, DEMO.discharger, { path: 'invoice-management' });
  await expect(tableRow(page.getByTestId('invoice-list'), yen).getByTestId('invoice-status')).toHaveText(
    '支払済',
  );
  await signIn(page, DEMO.transporter, { path: 'invoice-management?status=PAID' });
  await expect(tableRow(page.getByTestId('invoice-list'), yen).getByTestId('invoice-status')).toHaveText(
    '支払済',
  );

  // Usable on a phone (390 px): the list scrolls sideways, the detail's fields and buttons stack.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(tableRow(page.getByTestId('invoice-list'), yen)).toBeVisible();
  await signIn(page, DEMO.transporter, { path: detailPath });
  await expect(
    page.getByTestId('invoice-actions').getByRole('button', { name: '請求書メールを再送' }),
  ).toBeInViewport();
});
