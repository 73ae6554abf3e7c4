import { paths } from '@junkan/shared/paths';
import { expect, type Page, test } from '@playwright/test';
import { STORAGE_KEYS } from '../../apps/web/src/lib/storage-keys';
import { pickDate, selectOption } from '../support/antd';
import { apiAs } from '../support/api';
import { DEMO } from '../support/app';
import { signIn } from '../support/auth';
import { axeViolations } from '../support/axe';
import { INDUSTRIAL_PROJECT, TRANSPORTER_NAME } from '../support/manifests';

/**
 * Serious and critical violations of WCAG 2.0 A/AA (JIS X 8341-3:2016 AA) that the layout sweep's screens do
 * not show: the signed-out pages, and signed in, what opens on a screen (a confirmation, a drawer, the chat
 * panel, a report dialog, a form showing its errors). Each state is checked at 1366 and 390 px, and its page
 * must not scroll sideways there.
 */

const SIZES = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
] as const;

/** Checks the page (or the open part `within`) at each size, naming the state in each problem. */
async function checkAtEachSize(page: Page, state: string, within?: string): Promise<string[]> {
  const problems: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const v of await axeViolations(page, { within })) problems.push(`${state} ${size.width}: ${v}`);
    // Nothing makes the page scroll sideways (reflow, 1.4.10): a wide table scrolls in its own box.
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (wide > 0) problems.push(`${state} ${size.width}: the page is ${wide}px wider than the window`);
  }
  return problems;
}

const PUBLIC_PAGES = [
  paths.login.path,
  paths.accountCreation.path,
  paths.resetPassword.path,
  paths.accessibility.path,
];

for (const lang of ['ja', 'en'] as const) {
  test(`accessibility: the signed-out pages and the login form's errors, ${lang}`, async ({ page }) => {
    await page.addInitScript(({ key, value }) => window.localStorage.setItem(key, value), {
      key: STORAGE_KEYS.lang,
      value: lang,
    });
    const problems: string[] = [];
    for (const p of PUBLIC_PAGES) {
      await page.goto(p.slice(1));
      await expect(page.locator(`html[lang="${lang}"]`)).toHaveCount(1);
      await expect(page.locator('main, form').first()).toBeVisible();
      problems.push(...(await checkAtEachSize(page, `${lang} ${p}`)));
    }
    // The login form sent empty: each field shows its error.
    await page.goto('login');
    await page.locator('button[type=submit]').click();
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(2);
    // Focus goes to the first field in error (3.3.1), so its message is read out where the user is.
    await expect(page.locator('[aria-invalid="true"]').first()).toBeFocused();
    problems.push(...(await checkAtEachSize(page, `${lang} login with errors`)));
    expect(problems).toEqual([]);
  });
}

test('accessibility: the chat panel on a project, and the inquiry detail drawer', async ({
  page,
  request,
}) => {
  const discharger = await apiAs(request, DEMO.discharger);
  const { items } = await discharger.get<{ items: { id: number }[] }>('/projects');
  expect(items.length).toBeGreaterThan(0);
  await signIn(page, DEMO.discharger, { path: paths.projectDetail.to(items[0]!.id).slice(1) });
  await expect(page.getByTestId('chat-launcher')).toBeVisible();
  await page.getByTestId('chat-launcher').click();
  await expect(page.getByTestId('chat-panel')).toBeVisible();
  const problems = await checkAtEachSize(page, 'chat panel', '#chat-panel');

  await page.setViewportSize(SIZES[0]);
  await page.goto(paths.inquiry.path.slice(1));
  await page.getByTestId('inquiry-open').first().click();
  const drawer = page.getByTestId('inquiry-detail');
  await expect(drawer.getByTestId('inquiry-history')).toBeVisible();
  problems.push(...(await checkAtEachSize(page, 'inquiry drawer', '.ant-drawer-open')));
  expect(problems).toEqual([]);
});

test('accessibility: the completion report dialog, empty and sent with its errors', async ({ page }) => {
  await signIn(page, DEMO.transporter, { path: paths.achievements.path.slice(1) });
  const open = page.getByRole('button', { name: '産業廃棄物の運搬完了報告' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: '産業廃棄物の運搬完了報告' });
  await expect(dialog.getByTestId('industrial-report-submit')).toBeVisible();
  const problems = await checkAtEachSize(page, 'report dialog', '.ant-modal-wrap');
  await dialog.getByTestId('industrial-report-submit').click();
  await expect(dialog.locator('.ant-form-item-explain-error').first()).toBeVisible();
  // Focus is on the first field in error, whose message its input names (aria-describedby).
  const firstInError = dialog.locator('.ant-form-item-has-error').first();
  await expect.poll(() => firstInError.evaluate((item) => item.contains(document.activeElement))).toBe(true);
  const described = await page.evaluate(() => document.activeElement?.getAttribute('aria-describedby') ?? '');
  expect(described).toMatch(/_help\b/);
  problems.push(...(await checkAtEachSize(page, 'report dialog with errors', '.ant-modal-wrap')));
  expect(problems).toEqual([]);
});

test('accessibility: a delete confirmation on a master list', async ({ page }) => {
  await signIn(page, DEMO.admin, {
    path: paths.unitOfMeasureMaster.path.slice(1),
    actingFor: { type: '収集運搬・処分業者', companyName: TRANSPORTER_NAME },
  });
  const units = page.getByTestId('code-master-unitMeasure');
  await units.locator('.ant-table-row').first().getByRole('button', { name: '削除' }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toBeVisible();
  const problems = await checkAtEachSize(page, 'delete confirmation', '.ant-modal-confirm');
  await confirm.getByRole('button', { name: 'キャンセル' }).click();
  await expect(confirm).toBeHidden();
  expect(problems).toEqual([]);
});

test('accessibility: the clear button of a select and of a date picker is named in the screen’s language', async ({
  page,
}) => {
  await signIn(page, DEMO.discharger, { path: 'evidence-pack' });
  const form = page.getByTestId('evidence-pack-form');
  await selectOption(page, form.getByRole('combobox', { name: '案件' }), new RegExp(INDUSTRIAL_PROJECT), {
    search: '本社倉庫',
  });
  // antd names a select's × "Clear" whatever the language; a Japanese screen says クリア, as its pickers do.
  const selectClear = form.locator('.ant-select-clear');
  await expect(selectClear).toHaveAccessibleName('クリア');
  // The radio's own input is hidden under its label, which takes the click.
  await page.getByTestId('evidence-pack-scope-period').locator('xpath=ancestor::label').click();
  await pickDate(form.getByLabel('開始日'), '2000/02/01');
  const pickerClear = form.locator('.ant-picker-clear');
  await expect(pickerClear).toHaveAccessibleName('クリア');
  // In English, both say Clear; back to Japanese for the tests after.
  await page.getByTestId('language-select').getByText('English').click();
  await expect(pickerClear).toHaveAccessibleName('Clear');
  await page.getByTestId('evidence-pack-scope-project').locator('xpath=ancestor::label').click();
  await expect(selectClear).toHaveAccessibleName('Clear');
  await page.getByTestId('language-select').getByText('日本語').click();
  await expect(selectClear).toHaveAccessibleName('クリア');
});
