import { expect, type Page, test } from '@playwright/test';
import { chooseOperatorType, chooseUserMenuItem, DEMO, operatorItem, projectRows } from '../support/app';
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
  await chooseUserMenuItem(page, 'user-menu-operator-selection');
  await expect(page).toHaveURL(/\/sys\/account-selection$/);
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

/** The side menu's entries, in order. */
const menuLabels = (page: Page) => page.getByTestId('side-menu').getByRole('menuitem').allInnerTexts();

/**
 * Opens every entry of the side menu in turn: each must show its page, neither the forbidden page nor a
 * failed load. Returns the labels visited.
 */
async function openEveryMenuPage(page: Page): Promise<string[]> {
  // After a change of width the side menu is drawn again: read its entries once it is there.
  await expect(page.getByTestId('side-menu').getByRole('menuitem').first()).toBeVisible();
  const labels = (await menuLabels(page)).map((l) => l.trim()).filter((l) => l && l !== '事業者選択');
  for (const label of labels) {
    await page.getByTestId('side-menu').getByText(label, { exact: true }).click();
    await expect(page.getByTestId('breadcrumbs'), label).toContainText(label);
    // Loaded: no spinner left, neither a failed load nor the forbidden page.
    await expect(page.locator('.ant-spin-spinning'), label).toHaveCount(0);
    await expect(page, label).not.toHaveURL(/\/sys\/(403|account-selection)$/);
    await expect(page.getByText(/読み込めませんでした/), label).toHaveCount(0);
    await expect(page.getByTestId('acting-operator-banner'), label).toBeVisible();
  }
  return labels;
}

test('an admin sees only its own pages until it chooses; then for whom it acts, and every page it may open works', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, DEMO.admin, { path: 'account-selection' });
  // Before choosing: the selection and the pages an admin uses as itself, nothing that bounces back.
  await expect
    .poll(() => menuLabels(page))
    .toEqual([
      '事業者選択',
      '運用状況',
      '運搬会社の承認',
      'お問い合わせ管理',
      'チャット対応',
      'お知らせ管理',
    ]);
  await expect(page.getByTestId('acting-operator-banner')).toHaveCount(0);

  await chooseOperatorType(page, '排出事業者');
  await operatorItem(page, '株式会社グリーン商事').dblclick();
  await expect(page).toHaveURL(/\/sys\/home$/);
  const banner = page.getByTestId('acting-operator-banner');
  await expect(banner).toContainText('株式会社グリーン商事 として操作中');
  // Seen on a phone too, and in English.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(banner).toBeInViewport();
  await expect(page.getByTestId('acting-operator-switch')).toBeInViewport();
  await page.setViewportSize({ width: 1366, height: 768 });

  const wasteLabels = await openEveryMenuPage(page);
  expect(wasteLabels).toEqual(expect.arrayContaining(['ホーム', '案件管理', '見積依頼']));
  // Quote registration is the transporter's: out of reach for a discharger, so the forbidden page, not a failed load.
  await page.goto('project-managment/create-quote/1');
  await expect(page).toHaveURL(/\/sys\/403$/);

  // The bar's switch leads back to the selection with the admin's own token.
  await page.getByTestId('acting-operator-switch').click();
  await expect(page).toHaveURL(/\/sys\/account-selection$/);
  await expect(page.getByTestId('role-badge')).toHaveText('管理者');
  await expect(page.getByTestId('acting-operator-banner')).toHaveCount(0);

  await chooseOperatorType(page, '収集運搬・処分業者');
  await operatorItem(page, '東都環境サービス株式会社').dblclick();
  await expect(page).toHaveURL(/\/sys\/home$/);
  await expect(banner).toContainText('東都環境サービス株式会社 として操作中');
  const transportLabels = await openEveryMenuPage(page);
  expect(transportLabels).toEqual(expect.arrayContaining(['ホーム', '案件管理', '実績一覧']));
});
