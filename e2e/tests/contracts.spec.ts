import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { confirmModal, pickDate, tableRow } from '../support/antd';
import { apiAs } from '../support/api';
import { DEMO } from '../support/app';
import { signIn } from '../support/auth';
import { waitForMessage } from '../support/mail';
import { seedAcceptedProject } from '../support/seed';

async function downloadContract(page: Page) {
  const download = page.waitForEvent('download');
  await page.getByTestId('contract-card').getByText('契約書（一般廃棄物）').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await readFile(await file.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(10_000);
}

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
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' })
    .format(new Date())
    .replaceAll('-', '/');
  const since = Date.now();

  // The transporter writes the contract, from the accepted quote, and sends it.
  await signIn(page, DEMO.transporter, { path: detailPath });
  await page.getByRole('link', { name: '契約書作成' }).click();
  await expect(page).toHaveURL(new RegExp(`/contract-create/${id}$`));
  await expect(page.getByLabel('可燃ごみ 単価（税抜）')).toHaveValue('1,500');
  await expect(page.getByLabel('自動更新', { exact: true })).toBeChecked();
  await expect(page.getByLabel('請求書払い')).toBeChecked();
  await page.getByLabel('契約名').fill(`${title} 収集運搬委託契約`);
  await pickDate(page.getByLabel('契約開始日'), today);
  await page.getByLabel('許可番号').fill('第1301-0042号');
  await page.getByLabel('許可自治体').fill('東京都中央区');
  await pickDate(page.getByLabel('許可の有効期限'), '2029/03/31');
  await page.getByTestId('contract-send').click();
  await confirmModal(page);
  await expect(page).toHaveURL(new RegExp(`${detailPath}$`));
  await expect(page.getByTestId('project-status')).toHaveText('契約依頼中');
  await expect(page.getByTestId('contract-status')).toHaveText('確認依頼中');
  const asked = await waitForMessage(DEMO.discharger, { since, subject: '契約書の確認依頼' });
  expect(asked.subject).toContain('契約書の確認依頼');

  // The discharger reads it, downloads the document and returns it with a reason.
  await signIn(page, DEMO.discharger, { path: detailPath });
  await downloadContract(page);
  await page.getByRole('link', { name: '契約内容確認' }).click();
  await expect(page).toHaveURL(new RegExp(`/contract-confirm/${id}$`));
  await expect(page.getByTestId('contract-unit-prices')).toContainText('1,500');
  await page.getByRole('button', { name: '差し戻し' }).click();
  await page.getByTestId('return-contract-submit').click();
  await expect(page.locator('.ant-modal').getByText('必須項目です', { exact: false })).toBeVisible();
  await page.getByLabel('差し戻し理由').fill('単価を1,400円でお願いします');
  await page.getByTestId('return-contract-submit').click();
  await expect(page).toHaveURL(new RegExp(`${detailPath}$`));
  await expect(page.getByTestId('contract-status')).toHaveText('差し戻し');
  const returned = await waitForMessage(DEMO.transporter, { since, subject: '差し戻されました' });
  expect(returned.subject).toContain('差し戻されました');

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
  await downloadContract(page);
  await page.goto('contract-management');
  await expect(tableRow(page.getByTestId('contract-list'), title)).toContainText('締結済み');

  // The transporter downloads the approved document too.
  await signIn(page, DEMO.transporter, { path: detailPath });
  await expect(page.getByTestId('project-status')).toHaveText('収集中');
  await downloadContract(page);
  const approved = await waitForMessage(DEMO.transporter, { since, subject: '契約が承認されました' });
  expect(approved.subject).toContain('契約が承認されました');
});
