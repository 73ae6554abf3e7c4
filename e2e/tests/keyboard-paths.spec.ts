import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiAs } from '../support/api';
import { DEMO } from '../support/app';
import { signIn } from '../support/auth';
import { chooseOption, expectFocusVisible, openDialogFrom, tabTo, typeDate } from '../support/keyboard';
import { businessDate } from '../support/manifests';
import {
  COMBUSTIBLE,
  seedAcceptedProject,
  seedQuoteRequest,
  seedRegularArea,
  seedSentContract,
} from '../support/seed';

/**
 * The main paths of a discharger and a transporter by keyboard alone (JIS X 8341-3 2.1.1, 2.1.2, 2.4.3, 2.4.7):
 * Tab, arrows, Space, Enter, Escape and typed text, never a click. What comes before each path is seeded
 * through the API; keyboard.spec.ts walks the shell (sign-in, skip link, menus).
 */

const main = (page: Page) => page.locator('main#main-content');

/** The confirmation named `title` that the focused `opener` opens: Escape gives focus back, Enter answers it. */
async function confirmWithKeyboard(page: Page, opener: Locator, title: string) {
  const dialog = await openDialogFrom(page, opener, page.getByRole('dialog', { name: title }));
  // The confirmation's own button has focus: Enter answers it.
  await expect(dialog.locator('.ant-btn-primary')).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
}

test('a discharger requests an industrial quote by keyboard alone: selects, inputs, radios, sent', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO.discharger, { path: 'new-quote-request' });
  const start = page
    .locator('.ant-card')
    .filter({ hasText: '粗大ごみ・産業廃棄物' })
    .getByRole('link', { name: '依頼する' });
  await tabTo(page, start);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/new-quote-request\/large-garbage$/);
  await expect(main(page)).toBeFocused();

  const title = `E2E キーボード産廃 ${Date.now()}`;
  await tabTo(page, page.getByTestId('project-title'));
  await page.keyboard.type(title);
  await page.keyboard.press('Tab');
  await chooseOption(page, page.locator('#officeId'), /銀座本社/);
  await tabTo(page, page.getByTestId('discharge-sites').getByRole('checkbox', { name: /銀座店/ }));
  await page.keyboard.press('Space');
  await expect(page.getByTestId('discharge-sites').getByRole('checkbox', { name: /銀座店/ })).toBeChecked();

  await tabTo(page, page.locator('#lines_0_wasteId'));
  await chooseOption(page, page.locator('#lines_0_wasteId'), /発泡スチロール/, { search: '発泡' });
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('line-quantity')).toBeFocused();
  await page.keyboard.type('1.5');
  await page.keyboard.press('Tab');
  await chooseOption(page, page.locator('#lines_0_unitMeasureId'), 't');
  await page.keyboard.press('Tab');
  await chooseOption(page, page.locator('#lines_0_packingStyleId'), /フレコンバッグ/);
  // The frequency's buttons are one stop: the arrows choose among them.
  const monthly = page.getByRole('radio', { name: '毎月' });
  await tabTo(page, page.locator('#lines_0_frequency').getByRole('radio', { checked: true }));
  for (let i = 0; i < 4 && !(await monthly.isChecked()); i += 1) await page.keyboard.press('ArrowRight');
  await expect(monthly).toBeChecked();
  await expect(monthly).toBeFocused();
  await tabTo(page, page.locator('#lines_0_frequencyNumber'));
  await page.keyboard.type('1');

  await tabTo(page, page.getByTestId('save-quote-request'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/new-quote-request\/quotation-request-confirm\?id=\d+$/);
  await expect(page.getByText(title)).toBeVisible();
  await expect(page.getByText('1.5 t', { exact: true })).toBeVisible();

  const send = page.getByRole('button', { name: 'この内容で依頼する' });
  await tabTo(page, send);
  await confirmWithKeyboard(page, send, 'この内容で依頼する');
  await expect(page).toHaveURL(/\/project-managment\/detail\/\d+$/);
  await expect(page.getByTestId('project-status')).toHaveText('見積依頼中');
  await expect(main(page)).toBeFocused();
});

test('a transporter quotes with a valid-until date and the discharger accepts, by keyboard alone', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const discharger = await apiAs(request, DEMO.discharger);
  const transporter = await apiAs(request, DEMO.transporter);
  await seedRegularArea(transporter, { posCode: '104-0061', wasteName: COMBUSTIBLE, unitPrice: 45 });
  const title = `E2E キーボード見積 ${Date.now()}`;
  const { id } = await seedQuoteRequest(discharger, title, { monthlyCapacity: '100', weekdays: [1] });
  const detailPath = `project-managment/detail/${id}`;

  await signIn(page, DEMO.transporter, { path: detailPath });
  await tabTo(page, page.getByRole('link', { name: '見積を登録する' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/project-managment\/create-quote\/\d+$/);
  await expect(page.getByLabel('可燃ごみ 単価（税抜）')).toHaveValue('45');

  // A typed date, confirmed with Enter, stays in the picker: it does not send the form.
  const validUntil = page.getByLabel('有効期限', { exact: true });
  await tabTo(page, validUntil);
  await typeDate(page, validUntil, businessDate(30));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const submit = page.getByRole('button', { name: '見積を登録', exact: true });
  await tabTo(page, submit);
  await confirmWithKeyboard(page, submit, '見積を登録');
  await expect(page).toHaveURL(new RegExp(`${detailPath}$`));
  await expect(page.getByTestId('project-status')).toHaveText('見積完了');

  await signIn(page, DEMO.discharger, { path: detailPath });
  const accept = page.getByTestId('quote-card').getByRole('button', { name: '見積を承認する' });
  await tabTo(page, accept);
  await confirmWithKeyboard(page, accept, '見積を承認する');
  await expect(page.getByTestId('project-status')).toHaveText('契約作成中');
});

test('a discharger reads a sent contract and approves it by keyboard alone; the return dialog gives focus back', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const discharger = await apiAs(request, DEMO.discharger);
  const transporter = await apiAs(request, DEMO.transporter);
  const title = `E2E キーボード契約 ${Date.now()}`;
  const id = await seedAcceptedProject(discharger, transporter, title);
  await seedSentContract(discharger, transporter, id, { startDate: businessDate().replaceAll('/', '-') });
  const detailPath = `project-managment/detail/${id}`;

  await signIn(page, DEMO.discharger, { path: detailPath });
  await expect(page.getByTestId('contract-status')).toHaveText('確認依頼中');
  await tabTo(page, page.getByRole('link', { name: '契約内容確認' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/contract-confirm/${id}$`));
  await expect(main(page)).toBeFocused();

  // Returning it asks for a reason in a dialog: focus goes into it, and back to its button on Escape.
  const giveBack = page.getByRole('button', { name: '差し戻し' });
  await tabTo(page, giveBack);
  const returnDialog = await openDialogFrom(page, giveBack, page.getByRole('dialog'));
  await tabTo(page, returnDialog.getByLabel('差し戻し理由'), { max: 10 });
  await page.keyboard.press('Escape');
  await expect(returnDialog).toBeHidden();
  await expect(giveBack).toBeFocused();

  const approve = page.getByRole('button', { name: '承認', exact: true });
  await tabTo(page, approve);
  await confirmWithKeyboard(page, approve, '承認');
  await expect(page).toHaveURL(new RegExp(`${detailPath}$`));
  await expect(page.getByTestId('project-status')).toHaveText('収集中');
  await expect(page.getByTestId('contract-status')).toHaveText('締結済み');
});

test('a discharger requests a collection by keyboard alone, the day typed into the date picker', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const discharger = await apiAs(request, DEMO.discharger);
  const transporter = await apiAs(request, DEMO.transporter);
  const title = `E2E キーボード回収 ${Date.now()}`;
  const id = await seedAcceptedProject(discharger, transporter, title);
  const today = businessDate().replaceAll('/', '-');
  await seedSentContract(discharger, transporter, id, {
    startDate: today,
    contractType: 'SPOT',
    approve: true,
  });
  // A day the transporter collects on, two days ahead at least.
  const days = await discharger.get<{ date: string; collectable: boolean }[]>(
    `/collection-requests/collectable-days?projectId=${id}&from=${businessDate(2).replaceAll('/', '-')}&to=${businessDate(20).replaceAll('/', '-')}`,
  );
  const day = days.find((d) => d.collectable)?.date.replaceAll('-', '/');
  expect(day, 'a collectable day').toBeTruthy();

  await signIn(page, DEMO.discharger, { path: 'collection-request' });
  const project = page.getByLabel('案件', { exact: true });
  await tabTo(page, project);
  await chooseOption(page, project, new RegExp(`^${title}（`), { search: title });
  await page.keyboard.press('Tab');
  await chooseOption(page, page.getByLabel('排出場所', { exact: true }), /^銀座店（/);
  await expect(page.getByTestId('collection-kind-hint')).toHaveText('スポット契約は日付指定のみ（残り1回）');

  const date = page.getByLabel('回収希望日 1', { exact: true });
  await tabTo(page, date);
  await typeDate(page, date, day!);
  // Nothing holds focus: back past the picker to the discharge site, and forward again.
  await tabTo(page, page.getByLabel('排出場所', { exact: true }), { back: true });
  await tabTo(page, date);
  // The contract's one waste is chosen already: Space would leave it out, and again takes it back.
  const line = page.getByRole('checkbox', { name: /可燃ごみ/ });
  await tabTo(page, line);
  await expect(line).toBeChecked();
  await page.keyboard.press('Space');
  await expect(line).not.toBeChecked();
  await page.keyboard.press('Space');
  await expect(line).toBeChecked();
  await tabTo(page, page.getByLabel('可燃ごみ 45L'));
  await page.keyboard.type('2');

  await tabTo(page, page.getByTestId('collection-check'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/collection-request\/confirm$/);
  await expect(page.getByTestId('collection-preview')).toContainText(day!);
  const send = page.getByTestId('collection-send');
  await tabTo(page, send);
  await confirmWithKeyboard(page, send, '送信');
  await expect(page).toHaveURL(/\/collection-schedules\?month=/);
  await expect(page.getByText('収集を依頼しました')).toBeVisible();
});
