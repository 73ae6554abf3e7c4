import { expect, test } from '@playwright/test';
import { confirmModal, pickDate, tableRow, toast } from '../support/antd';
import { chooseUserMenuItem, DEMO } from '../support/app';
import { signIn } from '../support/auth';

const suffix = () => `${Date.now()}`.slice(-6);

test.describe('collection area and unit price setting', () => {
  test('an admin acting for a transporter registers an area with a price period, then an overlapping period is refused', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const id = suffix();
    const areaName = `E2Eエリア${id}`;
    const posCode = `9${id.slice(0, 2)}${id.slice(2, 6)}`; // typed without the hyphen
    await signIn(page, DEMO.admin, {
      actingFor: { type: '収集運搬・処分業者', companyName: '東都環境サービス株式会社' },
    });

    await chooseUserMenuItem(page, 'user-menu-areaPriceSetting');
    await expect(page.getByTestId('area-price-setting')).toBeVisible();

    await page.getByTestId('new-area-REGULAR').click();
    await page.getByTestId('area-name').fill(areaName);
    await page.getByTestId('pos-code-0').fill(posCode);
    await expect(page.getByTestId('pos-code-0')).toHaveValue(`${posCode.slice(0, 3)}-${posCode.slice(3)}`);
    await page.getByTestId('add-price').click();
    await page.getByTestId('price-unit-price-0').fill('1200');
    await pickDate(page.getByTestId('price-row-0').getByPlaceholder('開始日'), '2026/04/01');
    await page.getByTestId('area-submit').click();

    await expect(toast(page, '登録しました。')).toBeVisible();
    const row = tableRow(page, areaName);
    await expect(row).toContainText(`〒${posCode.slice(0, 3)}-${posCode.slice(3)}`);
    await expect(row).toContainText('￥1,200');

    // A second open-ended period for the same waste overlaps the first.
    await row.getByRole('button', { name: /編\s*集/ }).click();
    await page.getByTestId('add-price').click();
    await page.getByTestId('price-unit-price-1').fill('1500');
    await pickDate(page.getByTestId('price-row-1').getByPlaceholder('開始日'), '2026/10/01');
    await page.getByTestId('area-submit').click();
    await expect(page.getByTestId('price-row-1')).toContainText('適用期間が既存の単価と重複しています。');

    // Closing the first period the day before makes both valid.
    await pickDate(page.getByTestId('price-row-0').getByPlaceholder('終了日（未定可）'), '2026/09/30');
    await expect(page.getByText('適用期間が既存の単価と重複しています。')).toHaveCount(0);
    await page.getByTestId('area-submit').click();
    await expect(page.getByTestId('area-submit')).toHaveCount(0);
  });

  test('the business calendar shows national holidays and takes a company closed day', async ({ page }) => {
    await signIn(page, DEMO.transporter, { path: 'business-date-setting' });
    await expect(page.getByTestId('business-calendar')).toBeVisible();

    // Go to January 2027.
    for (let i = 0; i < 36; i++) {
      if ((await page.getByTestId('calendar-day-2027-01-01').count()) > 0) break;
      const title = (await page.getByTestId('business-calendar').locator('h5').textContent()) ?? '';
      const [y, m] = title.match(/\d+/g)?.map(Number) ?? [0, 0];
      const button = (y ?? 0) * 12 + (m ?? 0) < 2027 * 12 + 1 ? '翌月' : '前月';
      await page.getByRole('button', { name: button }).click();
    }
    const newYear = page.getByTestId('calendar-day-2027-01-01');
    await expect(newYear).toContainText('元日');
    await expect(newYear).toHaveAttribute('data-business', 'false');

    const day = page.getByTestId('calendar-day-2027-01-05');
    await expect(day).toHaveAttribute('data-business', 'true');
    await day.click();
    await page.getByPlaceholder('例：年末年始休業').fill('年始休業');
    await page.getByTestId('closed-day-submit').click();
    await expect(day).toContainText('年始休業');
    await expect(day).toHaveAttribute('data-business', 'false');

    // A click on the company's own closed day removes it after confirmation.
    await day.click();
    await confirmModal(page, { button: /削\s*除/ });
    await expect(day).toHaveAttribute('data-business', 'true');
  });
});
