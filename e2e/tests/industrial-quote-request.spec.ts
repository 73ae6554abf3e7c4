import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { confirmModal, selectOption } from '../support/antd';
import { DEMO } from '../support/app';
import { signIn } from '../support/auth';

/** A minimal file the server takes for a pdf: it judges by the first bytes (`%PDF-`). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
/** upload_file_type_error in apps/web/src/locales/ja/messages.json. */
const TYPE_ERROR = 'このファイル形式はアップロードできません。';

test('a discharger requests an industrial quote with a file: form, upload, confirm, sent, file downloads', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The kind of request: industrial / bulky waste (the demo discharger has an EDI key).
  await signIn(page, DEMO.discharger, { path: 'new-quote-request' });
  await page
    .locator('.ant-card')
    .filter({ hasText: '粗大ごみ・産業廃棄物' })
    .getByRole('link', { name: '依頼する' })
    .click();
  await expect(page).toHaveURL(/\/new-quote-request\/large-garbage$/);
  await expect(page.getByTestId('project-title')).toBeVisible();
  await expect(page.getByTestId('edi-key-note')).toHaveCount(0);

  const title = `E2E 産廃 ${Date.now()}`;
  await page.getByTestId('project-title').fill(title);
  await selectOption(page, page.locator('#officeId'), /銀座本社/);
  await page
    .getByTestId('discharge-sites')
    .getByRole('checkbox', { name: /銀座店/ })
    .check();

  const line = page.getByTestId('waste-line');
  await expect(line).toHaveCount(1);
  await selectOption(page, page.locator('#lines_0_wasteId'), /発泡スチロール/, { search: '発泡' });
  await line.getByTestId('line-quantity').fill('1.5');
  await selectOption(page, page.locator('#lines_0_unitMeasureId'), 't');
  await selectOption(page, page.locator('#lines_0_packingStyleId'), /フレコンバッグ/);
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
  await expect(page.getByText('1.5 t', { exact: true })).toBeVisible();
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
  await confirmModal(page);
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
