import { expect, test } from '@playwright/test';
import { pickDate, selectOption, tableRow, toast } from '../support/antd';
import { DEMO } from '../support/app';
import { signIn } from '../support/auth';

test.describe('disposal unit prices', () => {
  test('a transporter registers a disposal unit price, then an overlapping period is refused next to the field', async ({
    page,
  }) => {
    // A year of this run's own, so a kept database never holds a price in it already.
    const year = 2200 + (Math.floor(Date.now() / 1000) % 700);
    await signIn(page, DEMO.transporter, { path: 'area-price-setting' });
    await expect(page.getByTestId('area-price-setting')).toBeVisible();
    await page.getByRole('tab', { name: '処分単価' }).click();
    await expect(page).toHaveURL(/type=DISPOSAL/);
    const prices = page.getByTestId('disposal-unit-prices');

    const register = async (unitPrice: string, from: string, to?: string) => {
      await prices.getByRole('button', { name: /新規登録/ }).click();
      const dialog = page.getByRole('dialog');
      await selectOption(page, dialog.locator('#wasteId'), /発泡スチロール/, { search: '発泡' });
      await selectOption(page, dialog.locator('#unitMeasureId'), 't');
      await page.getByTestId('disposal-price-unit-price').fill(unitPrice);
      await expect(dialog).toContainText('tあたりの金額（円）');
      await pickDate(dialog.getByPlaceholder('開始日'), from);
      if (to) await pickDate(dialog.getByPlaceholder('終了日（未定可）'), to);
      await page.getByTestId('disposal-price-submit').click();
    };

    await register('12000', `${year}/04/01`, `${year}/09/30`);
    await expect(toast(page, '登録しました。')).toBeVisible();
    const row = tableRow(prices, `${year}/04/01`);
    await expect(row).toContainText('発泡スチロール');
    await expect(row).toContainText('￥12,000/t');

    // Starting on the last day of the first period overlaps it: refused on the start date's field.
    await register('13000', `${year}/09/30`);
    const startField = page
      .getByRole('dialog')
      .locator('.ant-form-item')
      .filter({ has: page.getByPlaceholder('開始日') })
      .last();
    await expect(startField).toContainText('適用期間が既存の単価と重複しています。');

    // The day after is accepted.
    await pickDate(page.getByRole('dialog').getByPlaceholder('開始日'), `${year}/10/01`);
    await page.getByTestId('disposal-price-submit').click();
    await expect(page.getByTestId('disposal-price-submit')).toHaveCount(0);
    await expect(tableRow(prices, `${year}/10/01`)).toContainText('￥13,000/t');
  });
});
