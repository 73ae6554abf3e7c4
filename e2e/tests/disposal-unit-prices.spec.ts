import { expect, test } from '@playwright/test';
import { pickDate, selectOption, tableRow, toast } from '../support/antd';
import { DEMO } from '../support/app';
import { signIn } from '../support/auth';

/** A Japan date `days` from today, as the date pickers show it (YYYY/MM/DD). */
function day(days: number): string {
  const d = new Date(Date.now() + 9 * 3_600_000 + days * 86_400_000);
  return d.toISOString().slice(0, 10).replaceAll('-', '/');
}

test.describe('disposal unit prices', () => {
  test('a transporter registers a disposal unit price, then an overlapping period is refused next to the field', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    // Days of this run's own within the demo disposal permit's validity (to about 1,400 days from today), so a
    // kept database never holds a price in them already.
    const base = 30 + (Math.floor(Date.now() / 1000) % 900);
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

    await expect(prices.getByTestId('disposal-permit-kinds')).toContainText('廃プラスチック類');
    await register('12000', day(base), day(base + 179));
    await expect(toast(page, '登録しました。')).toBeVisible();
    const row = tableRow(prices, day(base));
    await expect(row).toContainText('発泡スチロール');
    await expect(row).toContainText('￥12,000/t');

    // Starting on the last day of the first period overlaps it: refused on the start date's field.
    await register('13000', day(base + 179));
    const startField = page
      .getByRole('dialog')
      .locator('.ant-form-item')
      .filter({ has: page.getByPlaceholder('開始日') })
      .last();
    await expect(startField).toContainText('適用期間が既存の単価と重複しています。');

    // The day after is accepted.
    await pickDate(page.getByRole('dialog').getByPlaceholder('開始日'), day(base + 180));
    await page.getByTestId('disposal-price-submit').click();
    await expect(page.getByTestId('disposal-price-submit')).toHaveCount(0);
    await expect(tableRow(prices, day(base + 180))).toContainText('￥13,000/t');
  });

  test('a transporter without a disposal permit is told why it cannot register, with the way to license management', async ({
    page,
  }) => {
    await signIn(page, DEMO.platform, { path: 'area-price-setting?type=DISPOSAL' });
    const missing = page.getByTestId('disposal-permit-missing');
    await expect(missing).toContainText('処分業の許可が登録されていないため、処分単価を登録できません。');
    await expect(
      page.getByTestId('disposal-unit-prices').getByRole('button', { name: /新規登録/ }),
    ).toBeDisabled();
    await missing.getByRole('link', { name: '許可証管理へ' }).click();
    await expect(page).toHaveURL(/\/license-management$/);
  });
});
