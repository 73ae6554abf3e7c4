import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, login, logout } from '../support/app';
import { APP_ORIGIN } from '../support/env';
import { waitForMessage } from '../support/mail';

async function apiAs(request: APIRequestContext, email: string) {
  const res = await request.post(`${APP_ORIGIN}/api/auth/login`, {
    data: { email, password: DEMO_PASSWORD },
  });
  return { authorization: `Bearer ${(await res.json()).token as string}` };
}

/**
 * A regular-garbage project at 銀座店 whose quote from the demo transporter was accepted (CREATING_CONTRACT).
 * The request and quote screens have their own tests; here they are reached through the API.
 */
async function acceptedProject(request: APIRequestContext, title: string) {
  const dis = await apiAs(request, DEMO.discharger);
  const trans = await apiAs(request, DEMO.transporter);
  const info = await (await request.get(`${APP_ORIGIN}/api/users/info`, { headers: dis })).json();
  const ginza = (info.wastes as { wasteId: number; dischargeSitename: string }[]).find(
    (s) => s.dischargeSitename === '銀座店',
  )!;
  const wastes = await (
    await request.get(`${APP_ORIGIN}/api/waste?category=REGULAR`, { headers: dis })
  ).json();
  const combustible = (Array.isArray(wastes) ? wastes : wastes.items).find(
    (w: { name: string }) => w.name === '可燃ごみ',
  );
  const created = await request.post(`${APP_ORIGIN}/api/projects`, {
    headers: dis,
    data: {
      type: 'REGULAR',
      projectTitle: title,
      dischargeSiteIds: [ginza.wasteId],
      lines: [
        {
          wasteId: combustible.id,
          monthlyCapacity: '200',
          bags: { '45': 3 },
          collectionCount: 2,
          weekdays: [1, 4],
        },
      ],
    },
  });
  expect(created.status()).toBe(200);
  const project = await created.json();
  expect(
    (await request.post(`${APP_ORIGIN}/api/projects/${project.id}/request-quote`, { headers: dis })).status(),
  ).toBe(200);
  const quoted = await request.post(`${APP_ORIGIN}/api/trans/projects/${project.id}/quotes`, {
    headers: trans,
    data: { lines: [{ wasteLineId: project.pwasteRegulars[0].id, unitPrice: 1500, quantity: '200' }] },
  });
  expect(quoted.status()).toBe(200);
  expect(
    (await request.post(`${APP_ORIGIN}/api/projects/${project.id}/accept-quote`, { headers: dis })).status(),
  ).toBe(200);
  return project.id as number;
}

/** Types a date into an antd DatePicker field found by its label. */
async function typeDate(page: Page, label: string, date: string) {
  const input = page.getByLabel(label);
  await input.click();
  await input.fill(date);
  await input.press('Enter');
  await expect(input).toHaveValue(date);
}

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
  const id = await acceptedProject(request, title);
  const detailPath = `project-managment/detail/${id}`;
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' })
    .format(new Date())
    .replaceAll('-', '/');
  const since = Date.now();

  // The transporter writes the contract, from the accepted quote, and sends it.
  await login(page, DEMO.transporter);
  await page.goto(detailPath);
  await page.getByRole('link', { name: '契約書作成' }).click();
  await expect(page).toHaveURL(new RegExp(`/contract-create/${id}$`));
  await expect(page.getByLabel('可燃ごみ 単価（税抜）')).toHaveValue('1,500');
  await expect(page.getByLabel('自動更新', { exact: true })).toBeChecked();
  await expect(page.getByLabel('請求書払い')).toBeChecked();
  await page.getByLabel('契約名').fill(`${title} 収集運搬委託契約`);
  await typeDate(page, '契約開始日', today);
  await page.getByLabel('許可番号').fill('第1301-0042号');
  await page.getByLabel('許可自治体').fill('東京都中央区');
  await typeDate(page, '許可の有効期限', '2029/03/31');
  await page.getByTestId('contract-send').click();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await expect(page).toHaveURL(new RegExp(`${detailPath}$`));
  await expect(page.getByTestId('project-status')).toHaveText('契約依頼中');
  await expect(page.getByTestId('contract-status')).toHaveText('確認依頼中');
  const asked = await waitForMessage(DEMO.discharger, { since });
  expect(asked.subject).toContain('契約書の確認依頼');
  await logout(page);

  // The discharger reads it, downloads the document and returns it with a reason.
  await login(page, DEMO.discharger);
  await page.goto(detailPath);
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
  const returned = await waitForMessage(DEMO.transporter, { since });
  expect(returned.subject).toContain('差し戻されました');
  await logout(page);

  // The transporter sees the reason, corrects the price and sends it again.
  await login(page, DEMO.transporter);
  await page.goto(`contract-create/${id}`);
  await expect(page.getByTestId('contract-return-reason')).toContainText('単価を1,400円でお願いします');
  const price = page.getByLabel('可燃ごみ 単価（税抜）');
  await price.fill('1400');
  await page.getByTestId('contract-send').click();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await expect(page).toHaveURL(new RegExp(`${detailPath}$`));
  await expect(page.getByTestId('contract-status')).toHaveText('確認依頼中');
  await logout(page);

  // The discharger approves; the contract starts today, so the project is in progress at once.
  await login(page, DEMO.discharger);
  await page.goto(`contract-confirm/${id}`);
  await expect(page.getByTestId('contract-unit-prices')).toContainText('1,400');
  await page.getByRole('button', { name: '承認', exact: true }).click();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await expect(page).toHaveURL(new RegExp(`${detailPath}$`));
  await expect(page.getByTestId('project-status')).toHaveText('収集中');
  await expect(page.getByTestId('contract-status')).toHaveText('締結済み');
  await downloadContract(page);
  await page.goto('contract-management');
  await expect(page.getByTestId('contract-list').locator('tr', { hasText: title })).toContainText('締結済み');
  await logout(page);

  // The transporter downloads the approved document too.
  await login(page, DEMO.transporter);
  await page.goto(detailPath);
  await expect(page.getByTestId('project-status')).toHaveText('収集中');
  await downloadContract(page);
  const approved = await waitForMessage(DEMO.transporter, { since });
  expect(approved.subject).toContain('契約が承認されました');
});
