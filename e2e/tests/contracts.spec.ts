import { expect, type Page, test } from '@playwright/test';
import { confirmModal, pickDate, selectOption, tableRow, toast } from '../support/antd';
import { apiAs } from '../support/api';
import { DEMO } from '../support/app';
import { signIn } from '../support/auth';
import { waitForMessage } from '../support/mail';
import { businessDate } from '../support/manifests';
import { downloadedBytes, pdfText } from '../support/pdf';
import { seedAcceptedProject } from '../support/seed';

/** Downloads one of the contract card's documents (by its link text) and answers its bytes. */
async function downloadFromCard(page: Page, link: string) {
  const download = page.waitForEvent('download');
  await page.getByTestId('contract-card').getByText(link, { exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await downloadedBytes(file);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  return bytes;
}

async function downloadContract(page: Page) {
  const bytes = await downloadFromCard(page, '契約書（一般廃棄物）');
  expect(bytes.length).toBeGreaterThan(10_000);
  return bytes;
}

/** Today's era year in Japan: 令和8年. */
const eraYearToday = () =>
  new Intl.DateTimeFormat('ja-JP-u-ca-japanese', {
    era: 'long',
    year: 'numeric',
    timeZone: 'Asia/Tokyo',
  }).format(new Date(`${businessDate().replaceAll('/', '-')}T12:00:00+09:00`));

test('contract: the transporter writes it, the discharger returns it, it is corrected and approved', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const title = `E2E 契約 ${Date.now()}`;
  // A project whose quote was accepted; the request and quote screens have their own tests.
  const id = await seedAcceptedProject(
    await apiAs(request, DEMO.discharger),
    await apiAs(request, DEMO.transporter),
    title,
  );
  const detailPath = `project-managment/detail/${id}`;
  // The server's business day (its clock), as the pickers show it.
  const today = businessDate();
  const since = Date.now();

  // The transporter writes the contract, from the accepted quote, and sends it.
  await signIn(page, DEMO.transporter, { path: detailPath });
  await page.getByRole('link', { name: '契約書作成' }).click();
  await expect(page).toHaveURL(new RegExp(`/contract-create/${id}$`));
  await expect(page.getByLabel('可燃ごみ 単価（税抜）')).toHaveValue('1,500');
  // As quoted: the quoted price shows beneath, nothing flagged.
  await expect(page.getByTestId('contract-unit-prices')).toContainText('見積 ￥1,500');
  await expect(page.getByTestId('contract-quote-diff')).toBeHidden();
  await expect(page.getByLabel('自動更新', { exact: true })).toBeChecked();
  await expect(page.getByLabel('請求書払い')).toBeChecked();
  await page.getByLabel('契約名').fill(`${title} 収集運搬委託契約`);
  await pickDate(page.getByLabel('契約開始日'), today);
  // The license is the demo transporter's 東京都 permit, chosen, not typed.
  await selectOption(page, page.getByLabel('許可証', { exact: true }), /01300123456/);
  await expect(page.getByTestId('contract-license')).toContainText('東京都');
  await page.getByTestId('contract-send').click();
  await confirmModal(page);
  await expect(page).toHaveURL(new RegExp(`${detailPath}$`));
  await expect(page.getByTestId('project-status')).toHaveText('契約依頼中');
  await expect(page.getByTestId('contract-status')).toHaveText('確認依頼中');
  await waitForMessage(DEMO.discharger, { since, subject: '契約書の確認依頼', text: title });

  // The discharger reads it, downloads the document and returns it with a reason.
  await signIn(page, DEMO.discharger, { path: detailPath });
  await downloadContract(page);
  await page.getByRole('link', { name: '契約内容確認' }).click();
  await expect(page).toHaveURL(new RegExp(`/contract-confirm/${id}$`));
  await expect(page.getByTestId('contract-unit-prices')).toContainText('1,500');
  await expect(page.getByTestId('contract-quote-diff')).toHaveText(
    '契約の単価は、承認した見積のとおりです。',
  );
  await expect(page.locator('[data-different="true"]')).toHaveCount(0);
  // The period with its era year beside the western dates.
  await expect(page.getByTestId('contract-details')).toContainText(`${today}（${eraYearToday()}） 〜`);
  await page.getByRole('button', { name: '差し戻し' }).click();
  await page.getByTestId('return-contract-submit').click();
  await expect(page.locator('.ant-modal').getByText('必須項目です', { exact: false })).toBeVisible();
  await page.getByLabel('差し戻し理由').fill('単価を1,400円でお願いします');
  await page.getByTestId('return-contract-submit').click();
  await expect(page).toHaveURL(new RegExp(`${detailPath}$`));
  await expect(page.getByTestId('contract-status')).toHaveText('差し戻し');
  // The history reads as a return, the project's status as the contract being prepared again.
  await expect(page.getByTestId('project-history')).toContainText('契約依頼中 → 契約作成中（差し戻し）');
  await expect(page.getByTestId('project-history')).not.toContainText('見積承認');
  await expect(page.getByTestId('project-status')).toHaveText('契約作成中');
  await waitForMessage(DEMO.transporter, { since, subject: '差し戻されました', text: title });

  // The transporter sees the reason, corrects the price and sends it again.
  await signIn(page, DEMO.transporter, { path: `contract-create/${id}` });
  await expect(page.getByTestId('contract-return-reason')).toContainText('単価を1,400円でお願いします');
  const price = page.getByLabel('可燃ごみ 単価（税抜）');
  await price.fill('1400');
  await page.getByTestId('contract-send').click();
  await confirmModal(page);
  await expect(page).toHaveURL(new RegExp(`${detailPath}$`));
  await expect(page.getByTestId('contract-status')).toHaveText('確認依頼中');

  // The discharger approves; the contract starts today, so the project is in progress at once.
  await signIn(page, DEMO.discharger, { path: `contract-confirm/${id}` });
  await expect(page.getByTestId('contract-unit-prices')).toContainText('1,400');
  await page.getByRole('button', { name: '承認', exact: true }).click();
  await confirmModal(page);
  await expect(page).toHaveURL(new RegExp(`${detailPath}$`));
  await expect(page.getByTestId('project-status')).toHaveText('収集中');
  await expect(page.getByTestId('contract-status')).toHaveText('締結済み');
  // Every date of the contract document carries its era.
  const printed = await pdfText(await downloadContract(page));
  expect(printed).toMatch(/本契約の期間は、\d{4}年\d+月\d+日（(令和|平成)[元\d]+年\d+月\d+日）から/);
  expect(printed).toMatch(/までとする。/);
  await page.goto('contract-management');
  await expect(tableRow(page.getByTestId('contract-list'), title)).toContainText('締結済み');

  // The transporter downloads the approved document too.
  await signIn(page, DEMO.transporter, { path: detailPath });
  await expect(page.getByTestId('project-status')).toHaveText('収集中');
  await downloadContract(page);
  await waitForMessage(DEMO.transporter, { since, subject: '契約が承認されました', text: title });
});

test('contract prices: a price changed from the quote is flagged as typed and highlighted for the discharger', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const title = `E2E 見積相違 ${Date.now()}`;
  const transporter = await apiAs(request, DEMO.transporter);
  // Quoted at 1,500 円 a kg and accepted.
  const id = await seedAcceptedProject(await apiAs(request, DEMO.discharger), transporter, title);
  // The server's business day (its clock), as the pickers show it.
  const today = businessDate();

  // The transporter's form shows the quoted price under the price; a changed one is flagged as it is typed.
  await signIn(page, DEMO.transporter, { path: `contract-create/${id}` });
  const prices = page.getByTestId('contract-unit-prices');
  await expect(prices).toContainText('見積 ￥1,500');
  await expect(page.getByTestId('quoted-price-changed')).toBeHidden();
  await expect(page.getByTestId('contract-quote-diff')).toBeHidden();
  await page.getByLabel('契約名').fill(`${title} 収集運搬委託契約`);
  await pickDate(page.getByLabel('契約開始日'), today);
  await selectOption(page, page.getByLabel('許可証', { exact: true }), /01300123456/);
  await page.getByLabel('可燃ごみ 単価（税抜）').fill('1400');
  await expect(page.getByTestId('quoted-price-changed')).toContainText('見積 ￥1,500');
  await expect(page.getByTestId('contract-quote-diff')).toHaveText('見積と異なる項目が 1 件あります');
  await page.getByTestId('contract-save').click();
  await expect(toast(page, '契約書を保存しました').first()).toBeVisible();
  // Sent through the API: sending from the form is the first test's.
  await transporter.post(`/trans/projects/${id}/contract/send`);

  // The discharger sees both prices side by side, the contract's highlighted, and how many lines differ.
  await signIn(page, DEMO.discharger, { path: `contract-confirm/${id}` });
  await expect(page.getByTestId('contract-quote-diff')).toContainText('見積と異なる項目が 1 件あります');
  const changed = page.getByTestId('contract-unit-prices').locator('[data-different="true"]');
  await expect(changed).toHaveCount(1);
  await expect(changed).toContainText('可燃ごみ');
  await expect(changed).toContainText('見積と相違');
  await expect(changed.getByRole('cell').nth(2)).toHaveText('￥1,500');
  await expect(changed.getByTestId('price-highlighted')).toHaveText('￥1,400');
});

/** A minimal file the server takes for a PDF: it judges by the first bytes. */
const PERMIT_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

test('contract license: a permit registered with its PDF is chosen in the contract, printed in it and attached', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const title = `E2E 許可証契約 ${Date.now()}`;
  // A license number no other run uses.
  const licenseNumber = `41200${String(Date.now()).slice(-6)}`;
  const id = await seedAcceptedProject(
    await apiAs(request, DEMO.discharger),
    await apiAs(request, DEMO.transporter),
    title,
  );
  const detailPath = `project-managment/detail/${id}`;
  // The server's business day (its clock), as the pickers show it.
  const today = businessDate();

  // The transporter registers a 千葉県 collection-and-transport permit with its PDF.
  await signIn(page, DEMO.transporter, { path: 'license-management' });
  await page.getByTestId('permit-new').click();
  const dialog = page.getByRole('dialog');
  await selectOption(page, dialog.getByLabel('行政区分'), '千葉県', { search: '千葉' });
  await dialog.getByLabel('許可番号').fill(licenseNumber);
  await selectOption(page, dialog.getByLabel('許可の種類'), '収集運搬業');
  const kinds = dialog.getByLabel('廃棄物の種類');
  for (const [search, name] of [
    ['廃プラ', '廃プラスチック類'],
    ['金属', '金属くず'],
  ] as const) {
    await kinds.click();
    await kinds.fill(search);
    await page
      .locator('.ant-select-dropdown')
      .filter({ has: page.locator('[id="wasteKindIds_list"]') })
      .locator('.ant-select-item-option')
      .filter({ hasText: new RegExp(`^${name}$`) })
      .click();
    await kinds.press('Escape');
    await expect(dialog.locator('.ant-select-selection-item', { hasText: name })).toBeVisible();
  }
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: '許可証_千葉県.pdf', mimeType: 'application/pdf', buffer: PERMIT_PDF });
  await expect(dialog.getByText('許可証_千葉県.pdf')).toBeVisible();
  await pickDate(dialog.getByLabel('許可年月日'), '2024/04/01');
  // Enter in a date field chooses the date; the dialog stays open until it is sent.
  await pickDate(dialog.getByLabel('有効期限'), '2031/03/31');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('permit-submit').click();
  await expect(toast(page, '登録しました。').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  // The expiry with its era year.
  await expect(tableRow(page.getByTestId('permit-table'), licenseNumber)).toContainText(
    '2031/03/31（令和13年）',
  );

  // The contract form offers the permits valid on the start date, asked again when the date changes.
  await page.goto(`contract-create/${id}`);
  await page.getByLabel('契約名').fill(`${title} 収集運搬委託契約`);
  const permit = page.getByLabel('許可証', { exact: true });
  await pickDate(page.getByLabel('契約開始日'), '2199/04/01');
  const empty = page.getByTestId('contract-permit-empty');
  await expect(empty).toContainText('有効な収集運搬業の許可証がありません');
  await expect(empty.getByRole('link', { name: '許可証管理へ' })).toHaveAttribute(
    'href',
    /\/license-management$/,
  );
  await pickDate(page.getByLabel('契約開始日'), today);
  await expect(empty).toBeHidden();
  await selectOption(page, permit, new RegExp(`千葉県 第${licenseNumber}号（2031/03/31まで）`), {
    search: licenseNumber,
  });
  // The license shows read-only from the permit.
  const license = page.getByTestId('contract-license');
  for (const text of ['千葉県', licenseNumber, '2031/03/31（令和13年）', '廃プラスチック類、金属くず'])
    await expect(license).toContainText(text);
  // A start date before the permit was issued: the field says why, next to it.
  await pickDate(page.getByLabel('契約開始日'), '2024/03/01');
  await expect(
    page.getByText('この許可証は契約開始日にはまだ有効になっていません', { exact: false }),
  ).toBeVisible();
  await pickDate(page.getByLabel('契約開始日'), today);
  await expect(
    page.getByText('この許可証は契約開始日にはまだ有効になっていません', { exact: false }),
  ).toBeHidden();

  await page.getByTestId('contract-send').click();
  await confirmModal(page);
  await expect(page).toHaveURL(new RegExp(`${detailPath}$`));
  await expect(page.getByTestId('contract-status')).toHaveText('確認依頼中');

  // A municipal waste contract's PDF never prints the prefectural industrial permit under its general-waste
  // heading: the heading over "—", and no copy said to be attached (printedLicense; the industrial documents print
  // the permit: the API tests).
  const text = await pdfText(await downloadFromCard(page, '契約書（一般廃棄物）'));
  expect(text).toContain('一般廃棄物収集運搬業許可————');
  expect(text).not.toContain(licenseNumber);
  expect(text).not.toContain('乙の許可証の写しは、本契約書に添付する。');

  // The discharger sees the covered kinds and downloads the permit copy attached to the contract.
  await signIn(page, DEMO.discharger, { path: `contract-confirm/${id}` });
  await expect(page.getByTestId('contract-details')).toContainText(licenseNumber);
  await expect(page.getByTestId('contract-details')).toContainText('廃プラスチック類、金属くず');
  await page.goto(detailPath);
  expect((await downloadFromCard(page, '許可証の写し')).equals(PERMIT_PDF)).toBe(true);
});
