import { expect, type Locator, type Page } from '@playwright/test';
import { confirmation, confirmModal, pickDate, selectOption, tableRow } from './antd';
import { BUSINESS_CLOCK } from './env';
import { reflectUntil } from './jwnet';

/** The demo industrial project between the demo discharger and the demo transporter (IN_PROGRESS). */
export const INDUSTRIAL_PROJECT = '本社倉庫 廃プラスチック類 収集運搬';
export const INDUSTRIAL_WASTE = '廃プラスチック類';
export const DISCHARGER_NAME = '株式会社グリーン商事';
export const TRANSPORTER_NAME = '東都環境サービス株式会社';

/** The server's Japan date (its clock starts at BUSINESS_CLOCK), moved by `days`, as the pickers show it. */
export function businessDate(days = 0): string {
  const date = new Date(`${BUSINESS_CLOCK.slice(0, 10)}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10).replaceAll('-', '/');
}

/** Sends the registration form as filled, through its confirmation (the contract's terms, no differences). */
export async function sendRegistration(dialog: Locator, quantity: string): Promise<void> {
  const page = dialog.page();
  await dialog.getByTestId('manifest-register-submit').click();
  const title = 'この内容でマニフェストを登録しますか？';
  await expect(confirmation(page, title)).toContainText(INDUSTRIAL_PROJECT);
  await expect(confirmation(page, title)).toContainText(`${quantity} t`);
  await confirmModal(page, { title, button: '登録する' });
}

/** The signed-in discharger opens the registration form on /manifest-management and fills it in. */
export async function fillRegistration(
  page: Page,
  { deliveryDate = businessDate(), quantity = '1.50' }: { deliveryDate?: string; quantity?: string } = {},
): Promise<Locator> {
  await page.goto('manifest-management');
  await page.getByTestId('manifest-register').click();
  const dialog = page.getByRole('dialog', { name: 'マニフェスト登録' });
  await selectOption(page, dialog.getByLabel('案件'), `${INDUSTRIAL_PROJECT}（${TRANSPORTER_NAME}）`);
  await selectOption(page, dialog.getByLabel('廃棄物'), INDUSTRIAL_WASTE);
  await pickDate(dialog.getByLabel('交付日'), deliveryDate);
  await dialog.getByLabel('数量', { exact: true }).fill(quantity);
  await selectOption(page, dialog.getByLabel('単位', { exact: true }), 't');
  await selectOption(page, dialog.getByLabel('排出事業場'), /^銀座店（/);
  return dialog;
}

/**
 * The signed-in discharger registers a manifest of the demo industrial project from /manifest-management
 * (modal, confirmation) and answers the number the network issued.
 */
export async function registerManifest(
  page: Page,
  { deliveryDate = businessDate(), quantity = '1.50' }: { deliveryDate?: string; quantity?: string } = {},
): Promise<string> {
  const dialog = await fillRegistration(page, { deliveryDate, quantity });
  await sendRegistration(dialog, quantity);

  const done = dialog.getByTestId('manifest-register-done');
  await expect(done).toContainText('マニフェストを登録しました');
  const manifestNumber = /マニフェスト番号：(\d{11})/.exec((await done.textContent()) ?? '')?.[1];
  expect(manifestNumber, 'the issued number').toBeTruthy();
  await done.getByRole('button', { name: '閉じる' }).click();
  await expect(dialog).toBeHidden();
  return manifestNumber!;
}

/** The rows of the company's manifest list narrowed to one number (the list reads what the server stored). */
export async function openManifestList(page: Page, manifestNumber: string): Promise<Locator> {
  await page.goto(`manifest-management?manifestNumber=${manifestNumber}`);
  const row = tableRow(page.getByTestId('manifest-list'), manifestNumber);
  await expect(row).toBeVisible();
  return row;
}

/**
 * Lets the network reflect the registration and waits until the server's worker stored it: the list shows
 * 登録 with nothing processing (only then can the transporter report on the manifest).
 */
export async function reflectRegistration(page: Page, manifestNumber: string): Promise<Locator> {
  let row: Locator | undefined;
  await reflectUntil(async () => {
    row = await openManifestList(page, manifestNumber);
    await expect(row.locator('.ant-tag').first()).toHaveText('登録', { timeout: 1_000 });
    await expect(row.getByTestId('manifest-processing')).toHaveCount(0);
  });
  return row!;
}
