import { expect, test } from '@playwright/test';
import { tableRows } from '../support/antd';
import { DEMO, projectRows, signInWithForm, submitLogin } from '../support/app';
import { signIn } from '../support/auth';

test.describe('sign-in per role', () => {
  test('a discharger sees its own home: notices, inquiries, phone and its own projects', async ({ page }) => {
    await signInWithForm(page, DEMO.discharger);

    await expect(page).toHaveURL(/\/sys\/home$/);
    await expect(page.getByTestId('role-badge')).toHaveText('排出事業者');
    await expect(page.getByTestId('side-menu').getByText('ホーム', { exact: true })).toBeVisible();
    await expect(page.getByTestId('home-notices')).toBeVisible();
    await expect(page.getByTestId('home-update-infos')).toBeVisible();
    await expect(page.getByTestId('home-inquiries')).toBeVisible();
    await expect(page.getByTestId('home-phone')).toBeVisible();
    await expect(page.getByTestId('company-select')).toHaveCount(0);

    // Home shows the newest projects (other tests add some); the list shows the company's contracts in force.
    const rows = projectRows(page);
    await expect(rows.first()).toBeVisible();
    await expect(rows.filter({ hasText: '梅田事業所' })).toHaveCount(0);
    const listed = tableRows(page.getByTestId('project-list'));
    await page.goto('project-managment?tab=IN_PROGRESS&size=100');
    await expect(listed.filter({ hasText: '銀座店 可燃ごみ定期回収' })).toHaveCount(1);
    await expect(listed.filter({ hasText: '梅田事業所' })).toHaveCount(0);
    await page.goto('project-managment?tab=PAST&size=100');
    await expect(listed.filter({ hasText: '段ボール 月次回収' })).toHaveCount(1);
    await expect(listed.filter({ hasText: '梅田事業所' })).toHaveCount(0);
  });

  test('a transporter sees the company filter and the projects it serves, without inquiries', async ({
    page,
  }) => {
    // Five list loads after the sign-in.
    test.setTimeout(60_000);
    await signInWithForm(page, DEMO.transporter);

    await expect(page).toHaveURL(/\/sys\/home$/);
    await expect(page.getByTestId('role-badge')).toHaveText('収集運搬・処分業者');
    await expect(page.getByTestId('company-select')).toBeVisible();
    await expect(page.getByTestId('home-projects')).toBeVisible();
    await expect(page.getByTestId('home-inquiries')).toHaveCount(0);
    await expect(page.getByTestId('home-phone')).toHaveCount(0);

    await expect(projectRows(page).first()).toBeVisible();

    // Home shows only the newest; other tests add projects, so the demo ones are looked up in the list.
    const listed = async (tab: string, keyword: string) => {
      await page.goto(`project-managment?tab=${tab}&keyword=${encodeURIComponent(keyword)}`);
      const list = page.getByTestId('project-list');
      await expect(list).toBeVisible();
      await expect(list.locator('.ant-spin-spinning')).toHaveCount(0);
      return list.locator('tbody tr.ant-table-row').filter({ hasText: keyword });
    };
    await expect(await listed('IN_PROGRESS', '銀座店 可燃ごみ定期回収')).toHaveCount(1);
    await expect(await listed('PRE_CONTRACT', '梅田事業所 金属くず回収')).toHaveCount(1);
    // Served by another transporter, or by none yet: the list ends empty.
    for (const title of ['什器入替に伴う粗大ごみ', '梅田事業所 廃油処理']) {
      const rows = await listed('PRE_CONTRACT', title);
      await expect(page.getByTestId('project-list').locator('.ant-empty')).toBeVisible();
      await expect(rows).toHaveCount(0);
    }
  });

  test('an admin is sent to the operator selection', async ({ page }) => {
    await signInWithForm(page, DEMO.admin);

    await expect(page).toHaveURL(/\/sys\/account-selection$/);
    await expect(page.getByTestId('role-badge')).toHaveText('管理者');
    await expect(page.getByTestId('account-selection-list')).toBeVisible();
  });

  test('a wrong password shows the login error and stays on the login page', async ({ page }) => {
    await submitLogin(page, DEMO.discharger, 'Wrong1234');

    await expect(page.getByTestId('login-error')).toHaveText(
      'メールアドレスまたはパスワードが正しくありません。',
    );
    await expect(page).toHaveURL(/\/sys\/login$/);
  });
});

test.describe('route guards', () => {
  test('an unauthenticated visit to home goes to the login page', async ({ page }) => {
    await page.goto('home');
    await expect(page).toHaveURL(/\/sys\/login$/);
    await expect(page.locator('button[type=submit]')).toHaveText('ログイン');
  });

  test('a signed-in user visiting the login page is sent home', async ({ page }) => {
    await signIn(page, DEMO.discharger);
    await expect(page).toHaveURL(/\/sys\/home$/);

    await page.goto('login');
    await expect(page).toHaveURL(/\/sys\/home$/);
    await expect(page.getByTestId('home-projects')).toBeVisible();
  });
});
