import { expect, test } from '@playwright/test';
import { confirmation, confirmModal, pickDate, selectOption, tableRow } from '../support/antd';
import { apiAs, refuseCalls } from '../support/api';
import { DEMO } from '../support/app';
import { signIn } from '../support/auth';
import { expectFocusVisible } from '../support/keyboard';
import {
  businessDate,
  DISCHARGER_NAME,
  fillRegistration,
  INDUSTRIAL_PROJECT,
  INDUSTRIAL_WASTE,
  openManifestList,
  reflectRegistration,
  registerManifest,
  sendRegistration,
  TRANSPORTER_NAME,
} from '../support/manifests';

test('a discharger registers a manifest; once reflected both parties see it registered, the transporter with its overdue report', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Delivered three weeks ago: its transport-end report (due 3 counted days after) is overdue whatever the
  // weekends and holidays in between.
  const deliveryDate = businessDate(-21);

  await signIn(page, DEMO.discharger);
  const manifestNumber = await registerManifest(page, { deliveryDate, quantity: '1.80' });

  // Issued at once, reserved until the network reflects the registration.
  const reserved = await openManifestList(page, manifestNumber);
  await expect(reserved.locator('.ant-tag').first()).toHaveText('予約');
  await expect(reserved.getByTestId('manifest-processing')).toBeVisible();

  const row = await reflectRegistration(page, manifestNumber);
  await expect(row).toContainText(deliveryDate);
  await expect(row).toContainText(INDUSTRIAL_PROJECT);
  await expect(row).toContainText(TRANSPORTER_NAME);
  await expect(row).toContainText(INDUSTRIAL_WASTE);
  await expect(row).toContainText('期限超過');

  // The detail: registered, the reservation phase done on the delivery date, transport in progress.
  await row.getByRole('link', { name: manifestNumber }).click();
  await expect(page).toHaveURL(new RegExp(`manifest-detail\\?manifestNumber=${manifestNumber}$`));
  await expect(page.getByTestId('manifest-detail-title')).toHaveText(`マニフェスト詳細（${manifestNumber}）`);
  const detail = page.getByTestId('manifest-detail');
  await expect(detail.locator('.ant-tag').first()).toHaveText('登録');
  await expect(detail).toContainText(DISCHARGER_NAME);
  await expect(page.getByTestId('manifest-stale')).toHaveCount(0);
  await expect(page.getByTestId('manifest-report-deadline')).toContainText('未報告');
  await expect(page.getByTestId('manifest-report-deadline')).toContainText('期限超過');
  const phases = page.getByTestId('manifest-phases').locator('.ant-steps-item');
  await expect(phases).toHaveCount(4);
  await expect(phases.nth(0)).toHaveClass(/ant-steps-item-finish/);
  await expect(phases.nth(0)).toContainText('予約');
  await expect(phases.nth(0)).toContainText(deliveryDate);
  await expect(phases.nth(1)).toHaveClass(/ant-steps-item-process/);
  await expect(phases.nth(1)).toContainText('運搬');
  await expect(phases.nth(1)).toContainText('未完了');
  for (const i of [2, 3]) await expect(phases.nth(i)).toHaveClass(/ant-steps-item-wait/);

  // The discharger's home lists the manifest whose report has not arrived.
  await page.goto('home');
  const missing = page.getByTestId('report-deadlines');
  await expect(missing).toContainText('運搬終了報告が未着のマニフェスト');
  await expect(tableRow(missing, manifestNumber)).toContainText(TRANSPORTER_NAME);

  // The transporter: the manifest in its list, registered and overdue ...
  await signIn(page, DEMO.transporter);
  const carried = await openManifestList(page, manifestNumber);
  await expect(carried.locator('.ant-tag').first()).toHaveText('登録');
  await expect(carried).toContainText(DISCHARGER_NAME);
  await expect(carried).toContainText('期限超過');

  // ... and on its home page among the reports due or overdue.
  await page.goto('home');
  const due = page.getByTestId('report-deadlines');
  await expect(due).toContainText('報告期限が近い・過ぎた運搬終了報告');
  await expect(due.getByTestId('report-deadlines-overdue')).toBeVisible();
  const dueRow = tableRow(due, manifestNumber);
  await expect(dueRow).toContainText(DISCHARGER_NAME);
  await expect(dueRow).toContainText(deliveryDate);
  await expect(dueRow).toContainText('期限超過');

  // Its number opens the same manifest for the transporter.
  await dueRow.getByRole('link', { name: manifestNumber }).click();
  await expect(page.getByTestId('manifest-detail-title')).toHaveText(`マニフェスト詳細（${manifestNumber}）`);
  await expect(page.getByTestId('manifest-detail').locator('.ant-tag').first()).toHaveText('登録');
});

test('a manifest delivered outside the contract period is registered only once the discharger confirms the difference', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The demo contract began on the first of the month six months ago: 400 days back is before it.
  const deliveryDate = businessDate(-400);

  await signIn(page, DEMO.discharger);
  await page.goto('manifest-management');
  await page.getByTestId('manifest-register').click();
  const dialog = page.getByRole('dialog', { name: 'マニフェスト登録' });
  await selectOption(page, dialog.getByLabel('案件'), `${INDUSTRIAL_PROJECT}（${TRANSPORTER_NAME}）`);
  // The contract's waste and transporter are filled in.
  await expect(dialog).toContainText(INDUSTRIAL_WASTE);
  await expect(dialog).toContainText(TRANSPORTER_NAME);
  await pickDate(dialog.getByLabel('交付日'), deliveryDate);
  await dialog.getByLabel('数量', { exact: true }).fill('1.20');
  await selectOption(page, dialog.getByLabel('単位', { exact: true }), 't');
  await selectOption(page, dialog.getByLabel('排出事業場'), /^銀座店（/);
  await dialog.getByTestId('manifest-register-submit').click();

  // The difference, with the contract's period and the manifest's date; going back keeps the input.
  const title = '契約内容と異なる点があります';
  const period = confirmation(page, title).getByTestId('manifest-difference-PERIOD');
  await expect(period).toContainText('交付日が契約期間外');
  await expect(period).toContainText('〜');
  await expect(period).toContainText(deliveryDate);
  await expect(
    confirmation(page, title).getByTestId('manifest-differences').locator('tbody tr.ant-table-row'),
  ).toHaveCount(1);
  await confirmModal(page, { title, button: '戻って修正する' });
  await expect(dialog.getByLabel('交付日')).toHaveValue(deliveryDate);
  await expect(dialog.getByLabel('数量', { exact: true })).toHaveValue('1.20');

  await dialog.getByTestId('manifest-register-submit').click();
  await confirmModal(page, { title, button: '相違を確認して登録する' });
  const done = dialog.getByTestId('manifest-register-done');
  await expect(done).toContainText('マニフェストを登録しました');
  const manifestNumber = /マニフェスト番号：(\d{11})/.exec((await done.textContent()) ?? '')?.[1];
  expect(manifestNumber, 'the issued number').toBeTruthy();
  await done.getByRole('button', { name: '詳細を表示' }).click();

  // The detail says the difference was confirmed, by whom, with both sides.
  await expect(page.getByTestId('manifest-detail-title')).toHaveText(`マニフェスト詳細（${manifestNumber}）`);
  const confirmed = page.getByTestId('manifest-difference-confirmation');
  await expect(confirmed).toContainText('契約との相違を確認のうえ登録');
  await expect(confirmed).toContainText('山田 太郎');
  await expect(confirmed.getByTestId('manifest-difference-PERIOD')).toContainText(deliveryDate);
  await expect(page.getByTestId('manifest-detail')).toContainText(deliveryDate);
});

test('a manifest in another unit or above the contract’s quantity is registered only once the discharger confirms it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Five months ago: within the demo contract (begun six months ago), in a month no other test delivers in.
  const deliveryDate = businessDate(-150);

  await signIn(page, DEMO.discharger);
  await page.goto('manifest-management');
  await page.getByTestId('manifest-register').click();
  const dialog = page.getByRole('dialog', { name: 'マニフェスト登録' });
  await selectOption(page, dialog.getByLabel('案件'), `${INDUSTRIAL_PROJECT}（${TRANSPORTER_NAME}）`);
  await pickDate(dialog.getByLabel('交付日'), deliveryDate);
  await dialog.getByLabel('数量', { exact: true }).fill('3');
  await selectOption(page, dialog.getByLabel('単位', { exact: true }), '個');
  await selectOption(page, dialog.getByLabel('排出事業場'), /^銀座店（/);
  await dialog.getByTestId('manifest-register-submit').click();

  // The contract states the waste in t: pieces are a difference of their own.
  const title = '契約内容と異なる点があります';
  const unit = confirmation(page, title).getByTestId('manifest-difference-UNIT');
  await expect(unit).toContainText('契約と異なる数量の単位');
  await expect(unit).toContainText('t');
  await expect(unit).toContainText('個');
  await confirmModal(page, { title, button: '戻って修正する' });

  // 200 t where the contract states 2 t a collection (and 月3回: 6 t a month).
  await dialog.getByLabel('数量', { exact: true }).fill('200');
  await selectOption(page, dialog.getByLabel('単位', { exact: true }), 't');
  await dialog.getByTestId('manifest-register-submit').click();
  const differences = confirmation(page, title).getByTestId('manifest-differences');
  await expect(differences.locator('tbody tr.ant-table-row')).toHaveCount(2);
  const perCollection = differences.getByTestId('manifest-difference-QUANTITY_PER_COLLECTION');
  await expect(perCollection).toContainText('契約の1回あたりの数量を超える数量');
  await expect(perCollection).toContainText('2 t');
  await expect(perCollection).toContainText('200 t');
  await expect(differences.getByTestId('manifest-difference-QUANTITY_PER_MONTH')).toContainText('6 t');
  await confirmModal(page, { title, button: '相違を確認して登録する' });

  const done = dialog.getByTestId('manifest-register-done');
  await expect(done).toContainText('マニフェストを登録しました');
  await done.getByRole('button', { name: '詳細を表示' }).click();
  const confirmed = page.getByTestId('manifest-difference-confirmation');
  await expect(confirmed).toContainText('山田 太郎');
  await expect(confirmed.getByTestId('manifest-difference-QUANTITY_PER_COLLECTION')).toContainText('200 t');
  await expect(confirmed.getByTestId('manifest-difference-QUANTITY_PER_MONTH')).toBeVisible();
});

test('a registration whose answer was lost is sent again as it is: the manifest registered is shown, never a second one', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // Five weeks ago: within the demo contract, a small quantity that keeps its month within the contract's.
  const deliveryDate = businessDate(-35);
  const onDate = `/manifests?deliveryFrom=${deliveryDate.replaceAll('/', '-')}&deliveryTo=${deliveryDate.replaceAll('/', '-')}`;
  const api = await apiAs(request, DEMO.discharger);
  const before = (await api.get<{ rows: unknown[] }>(onDate)).rows.length;

  // The first send reaches the server, which registers; its answer never reaches the page.
  const keys: string[] = [];
  await page.route('**/api/manifests', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    keys.push(route.request().postDataJSON().registrationKey);
    if (keys.length > 1) return route.fallback();
    await route.fetch();
    await route.abort('connectionreset');
  });

  await signIn(page, DEMO.discharger);
  const dialog = await fillRegistration(page, { deliveryDate, quantity: '0.30' });
  await sendRegistration(dialog, '0.30');
  const failure = dialog.getByTestId('manifest-register-failure');
  await expect(failure).toContainText('二重に登録されることはありません');
  await expect(dialog.getByLabel('数量', { exact: true })).toHaveValue('0.30');

  await sendRegistration(dialog, '0.30');
  const done = dialog.getByTestId('manifest-register-done');
  await expect(done).toContainText('マニフェストを登録しました');
  const manifestNumber = /マニフェスト番号：(\d{11})/.exec((await done.textContent()) ?? '')?.[1];
  expect(manifestNumber, 'the issued number').toBeTruthy();

  // One key for both sends of the form; one manifest on the date, the one shown.
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(keys[1]).toBe(keys[0]);
  const rows = (await api.get<{ rows: { manifestNumber: string }[] }>(onDate)).rows;
  expect(rows).toHaveLength(before + 1);
  expect(rows.map((r) => r.manifestNumber)).toContain(manifestNumber);
});

test('a refusal while the same registration is under way is brought into view with focus, the input kept; a future delivery date typed is refused beside its field', async ({
  page,
}) => {
  // The server answers that this form's registration is under way (a first send still with the network).
  await refuseCalls(page, '**/api/manifests', 'POST', 409, { code: 'manifest_registration_in_progress' });
  await signIn(page, DEMO.discharger);
  const dialog = await fillRegistration(page, { quantity: '0.20' });

  // Sent from the buttons at the foot of the form, the refusal at its head is brought into view and focused.
  await sendRegistration(dialog, '0.20');
  const failure = dialog.getByTestId('manifest-register-failure');
  await expect(failure).toHaveText('同じ登録を処理中です。しばらくしてから一覧を確認してください。');
  await expect(failure).toBeFocused();
  await expectFocusVisible(page);
  await expect(failure).toBeInViewport();
  const deliveryDate = dialog.getByLabel('交付日');
  await expect(dialog.getByLabel('数量', { exact: true })).toHaveValue('0.20');
  await expect(deliveryDate).toHaveValue(businessDate());

  // The calendar offers no later day; one typed stays as typed, refused beside the field, not put back to today.
  await pickDate(deliveryDate, businessDate(3));
  await deliveryDate.press('Tab');
  await expect(deliveryDate).toHaveValue(businessDate(3));
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveText([
    '交付日に未来の日付は指定できません。',
  ]);
});
