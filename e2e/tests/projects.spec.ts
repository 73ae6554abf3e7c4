import { expect, test } from '@playwright/test';
import { confirmModal, tableRow } from '../support/antd';
import { DEMO } from '../support/app';
import { signIn } from '../support/auth';

test('a discharger requests a regular-garbage quote: form, draft kept on reload, confirm, sent, listed', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO.discharger, {
    path: 'new-quote-request/regular-garbage?type=1&size=45&num=3&week=2',
  });
  const row = page.getByTestId('regular-row-0');
  await expect(row.locator('#rows_0_bags_45')).toHaveValue('3');

  // The shared rules run before anything is sent.
  await page.getByRole('button', { name: '確認へ進む' }).click();
  await expect(page.getByText('曜日を1つ以上選択してください。')).toBeVisible();

  const title = `E2E 可燃ごみ ${Date.now()}`;
  await page.getByLabel('案件名').fill(title);
  await page.getByRole('checkbox', { name: /銀座店/ }).check();
  await row.getByRole('checkbox', { name: '月' }).check();
  await row.getByRole('checkbox', { name: '木' }).check();
  await row.locator('#rows_0_monthlyCapacity').fill('1234.5');
  await row.locator('#rows_0_monthlyCapacity').blur();
  await expect(row.locator('#rows_0_monthlyCapacity')).toHaveValue('1,234.50');

  await page.getByRole('button', { name: '下書き保存' }).click();
  await expect(page).toHaveURL(/\/new-quote-request\/edit\?id=\d+/);
  await page.reload();
  await expect(page.getByLabel('案件名')).toHaveValue(title);

  await page.getByRole('button', { name: '確認へ進む' }).click();
  await expect(page).toHaveURL(/quotation-request-confirm\?id=\d+/);
  await expect(page.getByText(title)).toBeVisible();
  await page.getByRole('button', { name: 'この内容で依頼する' }).click();
  await confirmModal(page);
  await expect(page).toHaveURL(/\/project-managment\/detail\/\d+/);
  await expect(page.getByTestId('project-status')).toHaveText('見積依頼中');

  await page.goto('project-managment');
  const listed = tableRow(page.getByTestId('project-list'), title);
  await expect(listed).toContainText('見積依頼中');

  // The home table lists it too (refreshed by the request), its id opening the project detail.
  await page.goto('home');
  const homeRow = tableRow(page.getByTestId('home-projects'), title);
  await expect(homeRow).toContainText('見積依頼中');
  await homeRow.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/project-managment\/detail\/\d+/);
  await expect(page.getByText(title).first()).toBeVisible();
});
