import { expect, test } from '@playwright/test';
import { chooseOperatorType, DEMO, operatorItem, projectRows } from '../support/app';
import { signIn } from '../support/auth';

test('an admin acts for a discharger, then switches to a transporter', async ({ page }) => {
  // Home sends an admin without an operator to the selection.
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/sys\/account-selection$/);

  // Discharger: a double-click selects and confirms.
  await chooseOperatorType(page, '排出事業者');
  await operatorItem(page, '株式会社グリーン商事').dblclick();

  await expect(page).toHaveURL(/\/sys\/home$/);
  await expect(page.getByTestId('role-badge')).toHaveText('管理者（排出事業者）');
  await expect(page.getByTestId('company-select')).toHaveCount(0);
  const rows = projectRows(page);
  await expect(rows.filter({ hasText: '銀座店 可燃ごみ定期回収' })).toHaveCount(1);
  await expect(rows.filter({ hasText: '梅田事業所 廃油処理' })).toHaveCount(0);

  // Back to the operator selection through the user menu; the admin's own token returns.
  // A click during the dropdown's opening animation was once lost on a loaded run: open and choose again.
  await expect(async () => {
    const item = page.getByTestId('user-menu-operator-selection');
    if (!(await item.isVisible())) await page.getByTestId('user-menu').click();
    await item.click({ timeout: 2_000 });
    await expect(page).toHaveURL(/\/sys\/account-selection$/, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId('role-badge')).toHaveText('管理者');

  // Transporter: a click selects, the confirm button confirms.
  await chooseOperatorType(page, '収集運搬・処分業者');
  const confirm = page.getByTestId('account-selection-confirm');
  await expect(confirm).toBeDisabled();
  const toto = operatorItem(page, '東都環境サービス株式会社');
  await toto.click();
  await expect(toto).toHaveAttribute('aria-selected', 'true');
  await confirm.click();

  await expect(page).toHaveURL(/\/sys\/home$/);
  await expect(page.getByTestId('role-badge')).toHaveText('管理者（収集運搬・処分業者）');
  await expect(page.getByTestId('company-select')).toBeVisible();
  await expect(rows.filter({ hasText: '梅田事業所 金属くず回収' })).toHaveCount(1);
  await expect(rows.filter({ hasText: '銀座店 可燃ごみ定期回収' })).toHaveCount(1);
  await expect(rows.filter({ hasText: '什器入替に伴う粗大ごみ' })).toHaveCount(0);
});
