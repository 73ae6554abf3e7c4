import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, login } from '../support/app';

/** A minimal file the server takes for a pdf: it judges by the first bytes (`%PDF-`). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
/** upload_file_type_error in apps/web/src/locales/ja/messages.json. */
const TYPE_ERROR = 'このファイル形式はアップロードできません。';

/**
 * An antd Select found by its form item's input id: opened, searched if asked, one option chosen in its
 * own dropdown (the one holding the `<id>_list` listbox). A click that lands while the dropdown is still
 * settling is sometimes lost (the select stays open and empty), so the choice is retried until it shows.
 */
async function chooseOption(page: Page, inputId: string, option: string, search?: string): Promise<void> {
  const select = page.locator('.ant-select').filter({ has: page.locator(`#${inputId}`) });
  const dropdown = page.locator('.ant-select-dropdown').filter({ has: page.locator(`#${inputId}_list`) });
  await expect(async () => {
    if (!(await dropdown.isVisible())) {
      await select.click();
      if (search) await page.locator(`#${inputId}`).fill(search);
    }
    await dropdown.locator('.ant-select-item-option').filter({ hasText: option }).click({ timeout: 2_000 });
    await expect(select).toContainText(option, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

test('a discharger requests an industrial quote with a file: form, upload, confirm, sent, file downloads', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await login(page, DEMO.discharger);

  // The kind of request: industrial / bulky waste (the demo discharger has an EDI key).
  await page.goto('new-quote-request');
  await page
    .locator('.ant-card')
    .filter({ hasText: '粗大ごみ・産業廃棄物' })
    .getByRole('button', { name: '依頼する' })
    .click();
  await expect(page).toHaveURL(/\/new-quote-request\/large-garbage$/);
  await expect(page.getByTestId('project-title')).toBeVisible();
  await expect(page.getByTestId('edi-key-note')).toHaveCount(0);

  const title = `E2E 産廃 ${Date.now()}`;
  await page.getByTestId('project-title').fill(title);
  await chooseOption(page, 'officeId', '銀座本社');
  await page
    .getByTestId('discharge-sites')
    .getByRole('checkbox', { name: /銀座店/ })
    .check();

  const line = page.getByTestId('waste-line');
  await expect(line).toHaveCount(1);
  await chooseOption(page, 'lines_0_wasteId', '発泡スチロール', '発泡');
  await line.getByTestId('line-quantity').fill('1.5');
  await chooseOption(page, 'lines_0_unitMeasureId', 't');
  await chooseOption(page, 'lines_0_packingStyleId', 'フレコンバッグ');
  await line.getByText('毎月', { exact: true }).click();
  await line.locator('#lines_0_frequencyNumber').fill('1');

  // One file, chosen through the button; it waits in the list until the draft is saved.
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('choose-files').click();
  await (await chooser).setFiles({ name: '見積資料.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByTestId('pending-files')).toContainText('見積資料.pdf');

  await page.getByTestId('save-quote-request').click();
  await expect(page).toHaveURL(/\/new-quote-request\/quotation-request-confirm\?id=\d+$/);
  const id = new URL(page.url()).searchParams.get('id');
  await expect(page.getByTestId('project-status')).toBeVisible();
  await expect(page.getByText(title)).toBeVisible();
  await expect(page.getByText('発泡スチロール')).toBeVisible();
  await expect(page.getByText('1.50 t')).toBeVisible();
  await expect(page.getByText('月1回')).toBeVisible();

  // Bad input: a text file named .pdf passes the name check but the server reads its content.
  await page.goto(`project-managment/popup?projectId=${id}`);
  const attached = page.getByTestId('attachment-list');
  await expect(attached).toContainText('見積資料.pdf');
  // The drop area's test id sits on its file input.
  await page.getByTestId('upload-dragger').setInputFiles({
    name: 'x.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('just some text, not a pdf\n'),
  });
  const error = page.getByTestId('upload-error');
  await expect(error).toContainText(TYPE_ERROR);
  await expect(error).toContainText('x.pdf');
  await expect(attached.locator('.ant-list-item')).toHaveCount(1);

  // Confirm and send.
  await page.goto(`new-quote-request/quotation-request-confirm?id=${id}`);
  await expect(page.getByText(title)).toBeVisible();
  await page.getByRole('button', { name: 'この内容で依頼する' }).click();
  await page.locator('.ant-modal-confirm').locator('.ant-btn-primary').click();
  await expect(page).toHaveURL(new RegExp(`/project-managment/detail/${id}$`));
  await expect(page.getByTestId('project-status')).toHaveText('見積依頼中');
  const file = page.locator('.ant-card').filter({ hasText: '添付ファイル' }).locator('.ant-list-item');
  await expect(file).toHaveCount(1);
  await expect(file).toContainText('見積資料.pdf');

  // The file comes back under its own name, byte for byte.
  const download = page.waitForEvent('download');
  await file.getByRole('button', { name: 'ダウンロード' }).click();
  const downloaded = await download;
  expect(downloaded.suggestedFilename()).toBe('見積資料.pdf');
  expect(await readFile(await downloaded.path())).toEqual(PDF);
});
