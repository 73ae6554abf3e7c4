import { expect, test } from '@playwright/test';
import { confirmation, pickDate } from '../support/antd';
import { DEMO } from '../support/app';
import { signIn } from '../support/auth';
import { businessDate } from '../support/manifests';

// The industrial report's dates typed by hand (the report itself is walked in industrial-reports.spec.ts): nothing
// is sent, so this runs beside the other walks.

test('report dates typed outside their calendars are kept and refused beside their fields, in the language shown', async ({
  page,
}) => {
  const today = businessDate();
  await signIn(page, DEMO.transporter);
  await page.goto('achievements');
  await page.getByRole('button', { name: '産業廃棄物の運搬完了報告' }).click();
  let dialog = page.getByRole('dialog', { name: '産業廃棄物の運搬完了報告' });
  const errorsOf = (id: string) =>
    dialog.locator('.ant-form-item', { has: page.locator(`#${id}`) }).locator('.ant-form-item-explain-error');

  // The calendars offer no later collection day and no end day outside collection..today; typed, a day stays as
  // typed and its field says why, never put back to the old day without a word.
  let collectTime = dialog.getByLabel('収集日');
  await pickDate(collectTime, businessDate(1));
  await collectTime.press('Tab');
  await expect(collectTime).toHaveValue(businessDate(1));
  await expect(errorsOf('collectTime')).toHaveText(['収集日に未来の日付は指定できません。']);
  await pickDate(collectTime, today);
  await expect(errorsOf('collectTime')).toHaveCount(0);

  const endDate = dialog.getByLabel('運搬終了日');
  await pickDate(endDate, businessDate(-1));
  await endDate.press('Tab');
  await expect(endDate).toHaveValue(businessDate(-1));
  await expect(errorsOf('transportEndDate')).toHaveText(['運搬終了日は収集日以降の日付を入力してください。']);
  await pickDate(endDate, businessDate(2));
  await endDate.press('Tab');
  await expect(endDate).toHaveValue(businessDate(2));
  await expect(errorsOf('transportEndDate')).toHaveText(['運搬終了日に未来の日付は指定できません。']);
  // Sending asks nothing: the days stay as typed, refused.
  await dialog.getByTestId('industrial-report-submit').click();
  await expect(confirmation(page, '報告内容の確認')).toHaveCount(0);
  await expect(endDate).toHaveValue(businessDate(2));
  await expect(errorsOf('transportEndDate')).toHaveText(['運搬終了日に未来の日付は指定できません。']);

  // In English, the same refusal in English.
  await page.reload();
  await page.getByTestId('language-select').getByText('English').click();
  await page.getByRole('button', { name: 'Report completed industrial transport' }).click();
  dialog = page.getByRole('dialog', { name: 'Report of completed industrial transport' });
  collectTime = dialog.getByLabel('Collection date');
  await pickDate(collectTime, businessDate(3));
  await collectTime.press('Tab');
  await expect(collectTime).toHaveValue(businessDate(3));
  await expect(errorsOf('collectTime')).toHaveText(['The collection date cannot be in the future.']);
  await page.reload();
  await page.getByTestId('language-select').getByText('日本語').click();
});
