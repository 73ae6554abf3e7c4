import { expect, test } from '@playwright/test';
import { invoiceRetentionUntil } from '../../packages/shared/src/rules/retention';
import { confirmation, confirmModal, pickDate, selectOption, tableRow, toast } from '../support/antd';
import { apiAs, refuseCalls } from '../support/api';
import { DEMO } from '../support/app';
import { signIn } from '../support/auth';
import { axeViolations } from '../support/axe';
import { openDialogFrom } from '../support/keyboard';
import { waitForMessage } from '../support/mail';
import { businessDate } from '../support/manifests';
import { SAMPLE_PDF, seedInvoice } from '../support/seed';

const PROJECT = '銀座店 可燃ごみ定期回収';

test('invoices: the transporter registers one with a file and sends it, marks it paid; the discharger follows', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const today = businessDate().replaceAll('/', '-');
  const shown = today.replaceAll('-', '/');
  // An amount no other test or demo invoice uses, to find this invoice in the lists.
  const amount = 10_000 + (Date.now() % 80_000);
  const yen = `￥${amount.toLocaleString('ja-JP')}`;
  const since = Date.now();

  // The transporter registers an invoice for a project under contract.
  await signIn(page, DEMO.transporter, { path: 'invoice-management/register' });
  await selectOption(page, page.getByLabel('請求する案件'), new RegExp(PROJECT), { search: PROJECT });
  await expect(page.getByTestId('invoice-payment-method')).toHaveText('銀行振込');
  const block = page.getByTestId('invoice-block-0');
  await pickDate(block.getByLabel('請求対象月'), shown.slice(0, 7));
  await pickDate(block.getByLabel('請求日'), shown);
  await block.getByLabel('請求金額（円）').fill(String(amount));
  await pickDate(block.getByLabel('支払期限'), shown);
  await block
    .locator('input[type=file]')
    .setInputFiles({ name: '請求書.pdf', mimeType: 'application/pdf', buffer: SAMPLE_PDF });
  await expect(block.getByText('請求書.pdf')).toBeVisible();
  await page.getByTestId('invoice-register-submit').click();
  await confirmModal(page, { title: '請求書を登録しますか？' });
  await expect(page).toHaveURL(/\/invoice-management\/detail\/\d+$/);
  const detailPath = new URL(page.url()).pathname.replace(/^\/sys\//, '');
  await expect(page.getByTestId('invoice-status')).toHaveText('未請求');
  await expect(page.getByTestId('invoice-amount')).toHaveText(yen);
  // The issuer's own number (請求書番号), and where to pay: the transporter's account.
  const number = (await page.getByTestId('invoice-number').textContent()) ?? '';
  expect(number).toMatch(/^\d{6,}$/);
  await expect(page.getByTestId('invoice-payee')).toContainText('みずほ（0001）');
  await expect(page.getByTestId('invoice-billed-month')).toHaveText(shown.slice(0, 7));
  // How long it is kept: seven years after the return of the latest fiscal year its date can close in.
  await expect(page.getByTestId('kept-until')).toHaveText(
    `${invoiceRetentionUntil(today).replaceAll('-', '/')} まで`,
  );

  // It is sent: billed, recorded, mailed to the discharger with the file.
  await page.getByTestId('invoice-send').click();
  await confirmModal(page, { title: '請求書を送付しますか？' });
  await expect(page.getByTestId('invoice-status')).toHaveText('請求済');
  await expect(page.getByTestId('invoice-sends')).toContainText('請求書送付メール');
  await waitForMessage(DEMO.discharger, {
    since,
    subject: '請求書送付のお知らせ',
    text: `/sys/${detailPath}`,
  });

  // The discharger finds it by its number in the list and opens it.
  await signIn(page, DEMO.discharger, { path: 'invoice-management?status=BILLED' });
  await page.getByLabel('請求書番号').fill(number);
  await page.getByLabel('請求書番号').press('Enter');
  await expect(page).toHaveURL(new RegExp(`invoiceNumber=${number}`));
  await expect(page.getByTestId('invoice-list').locator('tbody tr.ant-table-row')).toHaveCount(1);
  const row = tableRow(page.getByTestId('invoice-list'), yen);
  await expect(row.getByTestId('invoice-link')).toHaveText(number);
  await expect(row.getByTestId('invoice-status')).toHaveText('請求済');
  await row.getByTestId('invoice-link').click();
  await expect(page).toHaveURL(new RegExp(`${detailPath}$`));
  // The list stays on screen until the detail page has loaded: its status tags would match too.
  await expect(page.getByTestId('invoice-list')).toHaveCount(0);
  await expect(page.getByTestId('invoice-status')).toHaveText('請求済');
  await expect(page.getByTestId('invoice-actions')).toHaveCount(0);
  await expect(page.getByTestId('invoice-payee')).toContainText('1234567');
  // The tab and the breadcrumb name the invoice by its number, as its heading does (not by the address's id).
  await expect(page).toHaveTitle(`請求書詳細（${number}） | junkan`);
  await expect(page.getByTestId('breadcrumbs')).toContainText(`請求書詳細（${number}）`);

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

test('invoices: the transporter registers a bank account chosen from the bank list, holder in half-width kana', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO.transporter, { path: 'account/trans' });
  const card = page.getByTestId('bank-accounts');
  await expect(card.getByTestId('bank-account-0')).toContainText('0001 みずほ');
  await card.getByTestId('bank-account-add').click();
  const added = card.getByTestId('bank-account-1');
  await selectOption(page, added.getByLabel('金融機関'), /^9900 ゆうちょ$/, { search: 'ゆうちょ' });
  await selectOption(page, added.getByLabel('支店'), /^018 /, { search: '018' });
  await selectOption(page, added.getByLabel('種別'), '貯蓄');
  await added.getByLabel('口座番号（7桁）').fill('７６５４３２１');
  const holder = added.getByLabel('口座名義（半角カナ）');
  await holder.fill('とうとかんきょう');
  await holder.blur();
  await expect(holder).toHaveValue('ﾄｳﾄｶﾝｷﾖｳ');
  await card.getByTestId('bank-accounts-save').click();
  await confirmModal(page, { title: '振込先口座を保存しますか？' });
  await expect(page.getByText('振込先口座を保存しました')).toBeVisible();
  await page.reload();
  await expect(card.getByTestId('bank-account-1')).toContainText('9900 ゆうちょ');
  await expect(card.getByTestId('bank-account-1').getByLabel('口座番号（7桁）')).toHaveValue('7654321');

  // A number that is not 7 digits is refused next to its field; the demo's one account is put back.
  await card.getByTestId('bank-account-1').getByLabel('口座番号（7桁）').fill('123');
  await card.getByTestId('bank-accounts-save').click();
  await expect(card.getByText('口座番号は7桁の数字で入力してください。')).toBeVisible();
  await card
    .getByTestId('bank-account-1')
    .getByRole('button', { name: /この口座を削除/ })
    .click();
  await card.getByTestId('bank-accounts-save').click();
  await confirmModal(page, { title: '振込先口座を保存しますか？' });
  await expect(page.getByText('振込先口座を保存しました')).toBeVisible();
  await expect(card.getByTestId('bank-account-1')).toHaveCount(0);

  // On a phone the card's fields stack and stay usable.
  await page.setViewportSize({ width: 390, height: 844 });
  const holderOnPhone = card.getByTestId('bank-account-0').getByLabel('口座名義（半角カナ）');
  await holderOnPhone.scrollIntoViewIfNeeded();
  await expect(holderOnPhone).toBeInViewport();
  const box = await holderOnPhone.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
});

test('a month billed already is warned of before sending; the bookkeeping search finds a corrected version', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const today = businessDate().replaceAll('/', '-');
  // A month and amounts no other test uses.
  const month = '2001-02';
  const amount = 100_000 + (Date.now() % 80_000);
  const transporter = await apiAs(request, DEMO.transporter);
  const billed = await seedInvoice(transporter, PROJECT, {
    billedMonth: month,
    billingDate: today,
    dueDate: today,
    amount: amount + 1,
  });

  // The transporter picks the month for a new invoice: warned beside it, and again in the confirmation.
  await signIn(page, DEMO.transporter, { path: 'invoice-management/register' });
  await selectOption(page, page.getByLabel('請求する案件'), new RegExp(PROJECT), { search: PROJECT });
  const block = page.getByTestId('invoice-block-0');
  await pickDate(block.getByLabel('請求対象月'), '2001/02');
  await expect(block.getByTestId('invoice-month-billed-0')).toContainText(
    `請求対象月 2001/02 は請求済みです：請求書番号 ${String(billed.invoiceNumber).padStart(6, '0')}（アップロード）`,
  );
  await pickDate(block.getByLabel('請求日'), today.replaceAll('-', '/'));
  await block.getByLabel('請求金額（円）').fill(String(amount));
  await pickDate(block.getByLabel('支払期限'), today.replaceAll('-', '/'));
  await block
    .locator('input[type=file]')
    .setInputFiles({ name: '請求書.pdf', mimeType: 'application/pdf', buffer: SAMPLE_PDF });
  await page.getByTestId('invoice-register-submit').click();
  await expect(
    confirmation(page, '請求書を登録しますか？').getByTestId('invoice-month-confirm'),
  ).toContainText('二重請求でないことを確認');
  await confirmModal(page, { title: '請求書を登録しますか？' });
  await expect(page).toHaveURL(/\/invoice-management\/detail\/\d+$/);
  await expect(page.getByTestId('invoice-billed-month')).toHaveText('2001/02');

  // It is sent, then corrected to another amount: the sent version is kept.
  const id = Number(new URL(page.url()).pathname.split('/').at(-1));
  await transporter.post(`/trans/invoices/${id}/send`);
  const files = (await transporter.get<{ files: { id: number }[] }>(`/trans/invoices/${id}`)).files;
  await transporter.postMultipart(`/trans/invoices/${id}/corrections`, {
    data: JSON.stringify({
      billingDate: today,
      dueDate: today,
      amount: amount + 2000,
      keepFileIds: files.map((f) => f.id),
    }),
  });

  // The discharger searches by the sent amount: the kept version is found, marked as the old one.
  await signIn(page, DEMO.discharger, { path: `invoice-management?amountMin=${amount}&amountMax=${amount}` });
  await expect(page.getByTestId('invoices-include-versions')).toBeChecked();
  const row = tableRow(page.getByTestId('invoice-list'), `￥${amount.toLocaleString('ja-JP')}`);
  await expect(row.getByTestId('invoice-superseded')).toHaveText('旧版 v.1（v.2で訂正）');
  await row.getByTestId('invoice-link').click();
  await expect(page).toHaveURL(new RegExp(`/invoice-management/detail/${id}$`));
  const versions = page.getByTestId('invoice-versions');
  await expect(versions).toContainText(`￥${amount.toLocaleString('ja-JP')}`);
  await expect(versions).toContainText(`￥${(amount + 2000).toLocaleString('ja-JP')}`);
  // Unticked, the day's list holds the current version only.
  await signIn(page, DEMO.discharger, {
    path: `invoice-management?amountMin=${amount}&amountMax=${amount}&versions=current`,
  });
  await expect(page.getByTestId('invoices-include-versions')).not.toBeChecked();
  await expect(page.getByTestId('invoice-list')).toContainText('該当する請求書はありません');
});

test('the settlement date is refused next to its field, by the form and by the server; a second tab hears it was paid', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const today = businessDate().replaceAll('/', '-');
  // A month no other test bills: the settlement may not come before it began.
  const month = '2001-03';
  const amount = 200_000 + (Date.now() % 80_000);
  const transporter = await apiAs(request, DEMO.transporter);
  const invoice = await seedInvoice(transporter, PROJECT, {
    billedMonth: month,
    billingDate: today,
    dueDate: today,
    amount,
  });
  await transporter.post(`/trans/invoices/${invoice.id}/send`);
  const beforeMonth = '入金確認日には請求対象月以降の日付を入力してください。';

  await signIn(page, DEMO.transporter, { path: `invoice-management/detail/${invoice.id}` });
  await page.getByTestId('invoice-mark-paid').click();
  const dialog = confirmation(page, '入金を確認しましたか？');
  const field = dialog.getByLabel('入金確認日');

  // The form runs the shared rule: a day before the billed month is refused beside the field, nothing is sent.
  await pickDate(field, '2001/02/28');
  await expect(dialog.getByText(beforeMonth)).toBeVisible();
  await dialog.locator('.ant-btn-primary').click();
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('invoice-status')).toHaveText('請求済');
  // The calendar offers no day after today; one typed stays as typed and is refused beside the field (never put
  // back to the day it held without a word).
  await pickDate(field, businessDate(2));
  await field.press('Tab');
  await expect(field).toHaveValue(businessDate(2));
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveText(
    '入金確認日に未来の日付は指定できません。',
  );

  // The server's own refusal of the date shows beside the field too, not as a toast. (A client whose rule let the
  // date through, an older tab say, stands in: the date it sends is changed on the way.)
  const paidCall = `**/api/trans/invoices/${invoice.id}/paid`;
  await page.route(paidCall, (route) =>
    route.continue({ postData: JSON.stringify({ settlementDate: '2001-02-28' }) }),
  );
  await pickDate(field, '2001/03/01');
  await expect(dialog.getByText(beforeMonth)).toHaveCount(0);
  const refused = page.waitForResponse((r) => r.url().endsWith(`/trans/invoices/${invoice.id}/paid`));
  await dialog.locator('.ant-btn-primary').click();
  expect((await refused).status()).toBe(400);
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveText(beforeMonth);
  await expect(toast(page, beforeMonth)).toHaveCount(0);
  await page.unroute(paidCall);

  // Another tab confirms the payment meanwhile: this one hears that it is paid, and shows it so.
  await transporter.post(`/trans/invoices/${invoice.id}/paid`, { settlementDate: today });
  await dialog.locator('.ant-btn-primary').click();
  await expect(toast(page, 'この請求書はすでに支払済みです。')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('invoice-status')).toHaveText('支払済');
  await expect(page.getByTestId('invoice-settlement-date')).toHaveText(today.replaceAll('-', '/'));
  await expect(page.getByTestId('invoice-mark-paid')).toHaveCount(0);
});

test('the qualified invoice builder names each quantity it asks for; a billed month outside the bounds is refused beside its field and nothing is built', async ({
  page,
}) => {
  await signIn(page, DEMO.transporter, { path: 'invoice-management/register?mode=generate' });
  await selectOption(page, page.getByLabel('請求する案件'), new RegExp(PROJECT), { search: '可燃' });
  const builder = page.getByTestId('qualified-invoice-builder');
  // Last month's reports: each line's quantity is a field named by its waste (JIS X 8341-3 1.3.1, 4.1.2).
  await expect(builder.getByRole('textbox', { name: '可燃ごみ 数量' }).first()).toBeVisible();
  expect(await axeViolations(page, { within: '[data-testid="qualified-invoice-builder"]' })).toEqual([]);

  // A month before 2000: the month's text says what may be billed, and no draft is asked for.
  const month = page.getByLabel('請求対象月');
  await pickDate(month, '1999/12');
  await expect(
    page.getByText('請求対象月には2000/01以降の月をYYYY/MMの形式で入力してください。'),
  ).toBeVisible();
  await expect(builder).toHaveCount(0);
  await expect(page.getByText('入力内容に誤りがあります。')).toHaveCount(0);
  // More than a year ahead: refused the same way.
  const [year, mon] = businessDate().split('/').map(Number) as [number, number];
  await pickDate(month, `${year + 1}/${String(mon).padStart(2, '0')}`);
  await expect(builder).toBeVisible();
  await pickDate(month, `${year + 2}/${String(mon).padStart(2, '0')}`);
  await expect(page.getByText('請求対象月に今月の1年後の月より後の月は指定できません。')).toBeVisible();
  await expect(builder).toHaveCount(0);
});

test('the correction dialog gives focus back to its opener and asks before what was typed is thrown away', async ({
  page,
  request,
}) => {
  const day = businessDate().replaceAll('/', '-');
  const amount = 300_000 + (Date.now() % 80_000);
  const transporter = await apiAs(request, DEMO.transporter);
  const invoice = await seedInvoice(transporter, PROJECT, {
    billedMonth: '2001-04',
    billingDate: day,
    dueDate: day,
    amount,
  });
  await transporter.post(`/trans/invoices/${invoice.id}/send`);
  await signIn(page, DEMO.transporter, { path: `invoice-management/detail/${invoice.id}` });

  // Untouched, Escape closes it and focus is back on 訂正 (the keyboard kit checks both ways).
  const opener = page.getByTestId('invoice-correct');
  await opener.focus();
  const dialog = await openDialogFrom(page, opener, page.getByRole('dialog', { name: '請求書の訂正' }));
  const field = dialog.getByTestId('invoice-correct-amount');
  await field.fill(String(amount + 500));

  // Typed in, Escape asks first; keeping on editing keeps the amount typed.
  await page.keyboard.press('Escape');
  const discard = confirmation(page, '入力内容を破棄しますか？');
  await expect(discard.getByRole('button', { name: '編集を続ける' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(discard).toBeHidden();
  await expect(field).toHaveValue((amount + 500).toLocaleString('ja-JP'));
  // Thrown away only when asked to: the next opening starts from the invoice again.
  await page.keyboard.press('Escape');
  await discard.getByRole('button', { name: '破棄する' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await opener.press('Enter');
  await expect(field).toHaveValue(amount.toLocaleString('ja-JP'));
});

test('a refusal the server gives once the registration is confirmed puts focus on the field it names, in view on a phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The server refuses the billing date (as it would one the form let through: another tab's older rules).
  await refuseCalls(page, '**/api/trans/invoices', 'POST', 400, {
    code: 'validation_error',
    fields: { 'invoices.0.billingDate': 'invoice_billing_date_out_of_range' },
  });
  await signIn(page, DEMO.transporter, { path: 'invoice-management/register' });
  await selectOption(page, page.getByLabel('請求する案件'), new RegExp(PROJECT), { search: PROJECT });
  const block = page.getByTestId('invoice-block-0');
  const today = businessDate();
  await pickDate(block.getByLabel('請求対象月'), '2001/06');
  await pickDate(block.getByLabel('請求日'), today);
  await block.getByLabel('請求金額（円）').fill('12000');
  await pickDate(block.getByLabel('支払期限'), today);
  await block
    .locator('input[type=file]')
    .setInputFiles({ name: '請求書.pdf', mimeType: 'application/pdf', buffer: SAMPLE_PDF });
  await page.getByTestId('invoice-register-submit').click();
  await confirmModal(page, { title: '請求書を登録しますか？' });

  const billingDate = block.getByLabel('請求日');
  await expect(block.locator('.ant-form-item-explain-error')).toHaveText(
    '請求日は2000/01/01から本日の1年後までの日付を入力してください。',
  );
  await expect(billingDate).toBeFocused();
  await expect(billingDate).toBeInViewport();
  await expect(billingDate).toHaveValue(today);
});
