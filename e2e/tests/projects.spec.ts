import { expect, test } from '@playwright/test';
import { confirmModal, selectOption, tableRow, tableRows, tableSettled } from '../support/antd';
import { apiAs } from '../support/api';
import { DEMO } from '../support/app';
import { signIn } from '../support/auth';
import { seedRegularDraft } from '../support/seed';

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

test('the project list pages, sorts and filters on the server and keeps it in the address; home shows the newest', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const discharger = await apiAs(page.request, DEMO.discharger);
  const prefix = `E2Elist${Date.now() % 1_000_000}`;
  const title = (n: number) => `${prefix}-${String(n).padStart(2, '0')}`;
  for (let n = 0; n < 21; n++) await seedRegularDraft(discharger, title(n));

  await signIn(page, DEMO.discharger, { path: 'project-managment' });
  const list = page.getByTestId('project-list');
  await page.getByTestId('project-search').locator('input').fill(prefix);
  await page.getByTestId('project-search').locator('input').press('Enter');
  await expect(page).toHaveURL(new RegExp(`keyword=${prefix}`));
  await expect(page.getByText('全 21 件')).toBeVisible();

  // 20 a page (from the address, as a link would give it), newest first; page 2 holds the oldest.
  await page.goto(`project-managment?tab=PRE_CONTRACT&keyword=${prefix}&size=20`);
  await expect(page).toHaveURL(/size=20/);
  await expect(tableRows(list)).toHaveCount(20);
  await expect(tableRows(list).first()).toContainText(title(20));
  await tableSettled(list);
  await page.locator('.ant-pagination-item-2').click();
  await expect(page).toHaveURL(/page=2/);
  await expect(tableRows(list)).toHaveCount(1);
  await expect(tableRows(list).first()).toContainText(title(0));
  await tableSettled(list);

  // Sorting by title asks the server and starts again at page 1; a reload keeps it all.
  await list.getByRole('columnheader', { name: '案件名' }).click();
  await expect(page).toHaveURL(/sort=title&order=asc/);
  await expect(page).not.toHaveURL(/page=2/);
  // Page 2 held title(0) alone too: the 20 rows of page 1 show the sorted answer has come.
  await expect(tableRows(list)).toHaveCount(20);
  await expect(tableRows(list).first()).toContainText(title(0));
  await tableSettled(list);
  await list.getByRole('columnheader', { name: '案件名' }).click();
  // Descending is the default order, so the address leaves it out.
  await expect(page).not.toHaveURL(/order=asc/);
  await expect(page).toHaveURL(/sort=title/);
  await expect(tableRows(list).first()).toContainText(title(20));
  await page.reload();
  await expect(tableRows(list).first()).toContainText(title(20));
  await expect(page.getByText('全 21 件')).toBeVisible();

  // A type with none of them: the filtered empty state.
  await selectOption(page, page.getByRole('combobox', { name: '種別' }), '産業廃棄物');
  await expect(page).toHaveURL(/type=INDUSTRIAL/);
  await expect(list).toContainText('条件に合う案件はありません。');

  // Another tab has none of the drafts.
  await page.goto(`project-managment?tab=PAST&keyword=${prefix}`);
  await expect(page.getByRole('tab', { name: '過去の案件', selected: true })).toBeVisible();
  await expect(list).toContainText('条件に合う案件はありません。');

  // Home: the ten newest and the count of each tab, linking to the list. Of this test's drafts the newest comes
  // first (other tests may add the discharger's projects meanwhile).
  await page.goto('home');
  const home = page.getByTestId('home-projects');
  await expect(tableRows(home)).toHaveCount(10);
  await expect(tableRows(home).filter({ hasText: prefix }).first()).toContainText(title(20));
  await expect(page.getByTestId('home-project-counts')).toContainText(/契約前 \d+件/);
  await page
    .getByTestId('home-project-counts')
    .getByRole('link', { name: /進行中/ })
    .click();
  await expect(page).toHaveURL(/project-managment\?tab=IN_PROGRESS/);
  await expect(page.getByRole('tab', { name: '進行中', selected: true })).toBeVisible();
});

test("a project's breadcrumb leads back up the trail; a draft address without an id leads to the list", async ({
  page,
}) => {
  await signIn(page, DEMO.discharger);
  await tableRows(page.getByTestId('home-projects')).first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/project-managment\/detail\/\d+/);
  // The breadcrumb gives the trail back, each step a link.
  const crumbs = page.getByTestId('breadcrumbs');
  await expect(crumbs).toHaveText(/^ホーム\s*\/\s*案件管理\s*\/\s*案件詳細（\d+）$/);
  await crumbs.getByRole('link', { name: '案件管理' }).click();
  await expect(page).toHaveURL(/\/project-managment$/);
  // A draft's edit address without an id has nothing to open: it leads to the list, not a dead end.
  await page.goto('new-quote-request/edit');
  await expect(page).toHaveURL(/\/project-managment$/);
});

test('cancelling a project asks first, with focus on the way out and the reason counted in sight', async ({
  page,
}) => {
  const discharger = await apiAs(page.request, DEMO.discharger);
  const draft = await seedRegularDraft(discharger, `取消確認 ${Date.now().toString(36)}`);
  await signIn(page, DEMO.discharger, { path: `project-managment/detail/${draft.id}` });
  await page.getByRole('button', { name: 'キャンセルする' }).click();
  const dialog = page.getByRole('dialog', { name: '案件のキャンセル' });
  await expect(dialog).toBeVisible();
  // An Enter pressed by habit cancels nothing: focus is on 閉じる, not on the red button.
  await expect(dialog.getByRole('button', { name: '閉じる' })).toBeFocused();
  // The reason's character count is drawn above the buttons, not under them.
  const count = dialog.locator('.ant-input-data-count');
  await expect(count).toHaveText('0 / 512');
  const countBox = await count.boundingBox();
  const buttonBox = await dialog.getByRole('button', { name: '閉じる' }).boundingBox();
  expect(countBox!.y + countBox!.height).toBeLessThanOrEqual(buttonBox!.y);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  expect((await discharger.get<{ projectStatus: string }>(`/projects/${draft.id}`)).projectStatus).toBe(
    'CREATING_QUOTE',
  );
});
