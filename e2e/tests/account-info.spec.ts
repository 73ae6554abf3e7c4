import { expect, test } from '@playwright/test';
import { confirmModal, confirmPopconfirm, toast } from '../support/antd';
import { refuseCalls } from '../support/api';
import { chooseUserMenuItem, DEMO } from '../support/app';
import { signIn } from '../support/auth';

test('a discharger adds an office and a discharge site with the postal lookup, saves, reloads and sees them', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, DEMO.discharger2);
  await chooseUserMenuItem(page, 'user-menu-account');
  await expect(page).toHaveURL(/\/sys\/account$/);
  await expect(page.locator('#accountName')).not.toHaveValue('');
  const offices = page.getByTestId('office-block');
  const sites = page.getByTestId('discharge-site-block');
  const officeCount = await offices.count();
  const siteCount = await sites.count();

  // A new office: the lookup fills the address from the postal code.
  await page.getByTestId('add-office').click();
  const office = offices.nth(officeCount);
  await office.locator(`#offices_${officeCount}_officeName`).fill('E2E 新宿営業所');
  await office.locator(`#offices_${officeCount}_officePostalCode`).fill('1040061');
  await expect(office.locator(`#offices_${officeCount}_officePostalCode`)).toHaveValue('104-0061');
  await office.getByTestId('postal-lookup').click();
  await expect(office.locator(`#offices_${officeCount}_officeAddress`)).toHaveValue('東京都中央区銀座');
  await office.locator(`#offices_${officeCount}_officeAddress`).fill('東京都中央区銀座4-4-4');
  await office.locator(`#offices_${officeCount}_officeTelephone`).fill('0355556666');
  await office.locator(`#offices_${officeCount}_officeTelephone`).blur();
  await expect(office.locator(`#offices_${officeCount}_officeTelephone`)).toHaveValue('03-5555-6666');
  await office.locator(`#offices_${officeCount}_officeEmail`).fill('shinjuku@example.com');

  // A new discharge site: an unknown postal code says so next to the field, a known one fills two lines.
  await page.getByTestId('add-discharge-site').click();
  const site = sites.nth(siteCount);
  const prefix = `#wastes_${siteCount}_`;
  await site.locator(`${prefix}dischargeSitename`).fill('E2E 梅田倉庫');
  await site.locator(`${prefix}wasteStaff`).fill('倉庫 次郎');
  await site.locator(`${prefix}wastePostalCode`).fill('0000000');
  await site.getByTestId('postal-lookup').click();
  await expect(site.getByText('該当する住所が見つかりません', { exact: false })).toBeVisible();
  await site.locator(`${prefix}wastePostalCode`).fill('5300001');
  await site.getByTestId('postal-lookup').click();
  await expect(site.locator(`${prefix}wasteAddress`)).toHaveValue('大阪府大阪市北区');
  await expect(site.locator(`${prefix}wasteAddress2`)).toHaveValue('梅田');
  await site.locator(`${prefix}wasteAddress3`).fill('2-2-2 E2E倉庫');
  await site.locator(`${prefix}wasteTelephone`).fill('0677778888');
  await site.locator(`${prefix}wasteTelephone`).blur();
  await site.locator(`${prefix}wasteEmail`).fill('umeda-soko@example.com');

  // Leaving with unsaved changes asks first; cancelling stays on the page.
  await chooseUserMenuItem(page, 'user-menu-changePassword');
  await confirmModal(page, { title: '入力内容を破棄して戻ります。よろしいですか？', button: 'キャンセル' });
  await expect(page).toHaveURL(/\/sys\/account$/);

  await page.getByTestId('account-info-submit').click();
  await confirmModal(page);
  await expect(toast(page, 'アカウント情報を更新しました。')).toBeVisible();

  await page.reload();
  await expect(offices).toHaveCount(officeCount + 1);
  await expect(sites).toHaveCount(siteCount + 1);
  const savedOffice = offices.nth(officeCount);
  await expect(savedOffice.getByText('登録済み')).toBeVisible();
  await expect(savedOffice.locator(`#offices_${officeCount}_officeName`)).toHaveValue('E2E 新宿営業所');
  await expect(savedOffice.locator(`#offices_${officeCount}_officeName`)).toBeDisabled();
  await expect(savedOffice.locator(`#offices_${officeCount}_officeAddress`)).toHaveValue(
    '東京都中央区銀座4-4-4',
  );
  await expect(sites.nth(siteCount).locator(`${prefix}wasteAddress3`)).toHaveValue('2-2-2 E2E倉庫');

  // Removing the two entries again (each asks first) leaves the demo data as it was.
  for (const block of [sites.nth(siteCount), offices.nth(officeCount)]) {
    await block.getByTestId('remove-existing-entry').click();
    await confirmPopconfirm(page);
  }
  await page.getByTestId('account-info-submit').click();
  await confirmModal(page);
  await expect(toast(page, 'アカウント情報を更新しました。')).toBeVisible();
  await page.reload();
  await expect(offices).toHaveCount(officeCount);
  await expect(sites).toHaveCount(siteCount);
});

test('a bank account the server refuses once saving is confirmed puts focus on the field it names', async ({
  page,
}) => {
  // The server refuses the first account's number (as it would one another tab's older rules let through).
  await refuseCalls(page, '**/api/trans/bank-accounts', 'PUT', 400, {
    code: 'validation_error',
    fields: { 'accounts.0.accountNumber': 'bank_account_number_invalid' },
  });
  await signIn(page, DEMO.transporter, { path: 'account/trans' });
  const card = page.getByTestId('bank-accounts');
  await expect(card.getByTestId('bank-account-0')).toContainText('みずほ');
  const save = card.getByTestId('bank-accounts-save');
  await save.click();
  await confirmModal(page, { title: '振込先口座を保存しますか？' });

  const number = card.getByTestId('bank-account-0').getByLabel('口座番号（7桁）');
  await expect(card.locator('.ant-form-item-explain-error')).toHaveText(
    '口座番号は7桁の数字で入力してください。',
  );
  await expect(number).toBeFocused();
  await expect(save).not.toBeFocused();
});
