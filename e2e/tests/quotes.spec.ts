import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, login, logout } from '../support/app';
import { APP_ORIGIN } from '../support/env';
import { waitForMessage } from '../support/mail';

test('a transporter quotes an open request in its area and the discharger approves it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // The demo transporter serves 銀座 (104-0061) for regular garbage, with a unit price for 可燃ごみ.
  const auth = await request.post(`${APP_ORIGIN}/api/auth/login`, {
    data: { email: DEMO.transporter, password: DEMO_PASSWORD },
  });
  const headers = { authorization: `Bearer ${(await auth.json()).token as string}` };
  const wastes = await (await request.get(`${APP_ORIGIN}/api/waste?category=REGULAR`, { headers })).json();
  const combustible = (Array.isArray(wastes) ? wastes : wastes.items).find(
    (w: { name: string }) => w.name === '可燃ごみ',
  );
  const area = await request.post(`${APP_ORIGIN}/api/collection-area`, {
    headers,
    data: {
      areaName: `E2E 銀座 ${Date.now()}`,
      type: 'REGULAR',
      posCodes: ['104-0061'],
      prices: [{ wasteId: combustible.id, unitPrice: 1500, validFrom: '2020-01-01' }],
    },
  });
  expect([200, 409]).toContain(area.status());

  // The discharger sends a regular-garbage request (as in projects.spec.ts).
  await login(page, DEMO.discharger);
  await page.goto('new-quote-request/regular-garbage?type=1&size=45&num=3&week=1');
  const title = `E2E 見積 ${Date.now()}`;
  const row = page.getByTestId('regular-row-0');
  await page.getByLabel('案件名').fill(title);
  await page.getByRole('checkbox', { name: /銀座店/ }).check();
  await row.getByRole('checkbox', { name: '月' }).check();
  await row.locator('#rows_0_monthlyCapacity').fill('100');
  await page.getByRole('button', { name: '確認へ進む' }).click();
  await expect(page).toHaveURL(/quotation-request-confirm\?id=\d+/);
  await page.getByRole('button', { name: 'この内容で依頼する' }).click();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await expect(page).toHaveURL(/\/project-managment\/detail\/\d+/);
  const detailPath = new URL(page.url()).pathname.replace(/^\/sys\//, '');
  await logout(page);

  // The transporter sees it as a new request, quotes it with the suggested price.
  const since = Date.now();
  await login(page, DEMO.transporter);
  await page.goto('project-managment');
  const listed = page.getByTestId('project-list').locator('tr', { hasText: title });
  await expect(listed).toContainText('新規依頼');
  await listed.getByRole('link', { name: title }).click();
  await page.getByRole('button', { name: '見積を登録する' }).click();
  await expect(page).toHaveURL(/\/project-managment\/create-quote\/\d+/);
  await expect(page.getByLabel('可燃ごみ 単価（税抜）')).toHaveValue('1,500');
  await expect(page.getByTestId('quote-totals')).toContainText('￥165,000');
  await page.getByRole('button', { name: '見積を登録', exact: true }).click();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await expect(page).toHaveURL(new RegExp(`${detailPath}$`));
  await expect(page.getByTestId('project-status')).toHaveText('見積完了');
  const arrived = await waitForMessage(DEMO.discharger, { since });
  expect(arrived.subject).toContain('見積が届きました');
  await logout(page);

  // The discharger approves the quote and sees it labelled quote approval.
  await login(page, DEMO.discharger);
  await page.goto(detailPath);
  const card = page.getByTestId('quote-card');
  await expect(card).toContainText('￥150,000');
  await card.getByRole('button', { name: '見積を承認する' }).click();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await expect(page.getByTestId('project-status')).toHaveText('見積承認');
  const accepted = await waitForMessage(DEMO.transporter, { since });
  expect(accepted.subject).toContain('見積が承認されました');
});
