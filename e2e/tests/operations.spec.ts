import { expect, type Page, test } from '@playwright/test';
import { tableRow, tableRows, toast } from '../support/antd';
import { apiAs } from '../support/api';
import { DEMO } from '../support/app';
import { signIn } from '../support/auth';
import { refuseNextWork } from '../support/jwnet';
import { seedRegisteredManifest, seedTransportReport } from '../support/seed';

const SIZES = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];

/** The page fits the screen's width: anything wider scrolls inside its own table. */
async function expectNoPageScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test('an administrator sees the processes, jobs, network queue and outbox, runs a job and resends a refused report', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // A transport-end report the network refuses (its manifest is not in the registered state for it).
  const manifestNumber = await seedRegisteredManifest(await apiAs(request, DEMO.discharger));
  await refuseNextWork('E_STATE', 'a transport end can be reported only once registered');
  await seedTransportReport(await apiAs(request, DEMO.transporter), {
    manifestNumber,
    volume: (300 + (Date.now() % 9_000) / 100).toFixed(2),
  });

  for (const size of SIZES) {
    await page.setViewportSize(size);
    await signIn(page, DEMO.admin, { path: 'operations', timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: '運用状況' })).toBeVisible();
    await expect(page).toHaveTitle(/運用状況/);
    for (const name of ['稼働中のサーバープロセス', 'ジョブ', '電子マニフェスト送信キュー', 'メール送信箱'])
      await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();

    // This server, from the database.
    const processes = page.getByTestId('operations-processes');
    await expect(tableRows(processes)).not.toHaveCount(0);
    await expect(processes.getByRole('columnheader', { name: 'ホスト' })).toBeVisible();
    // Each part says which clock its times are on: heartbeats are the servers', jobs the business clock's.
    await expect(processes).toContainText('日時はサーバーの実際の時計です');
    await expect(page.getByTestId('operations-jobs')).toContainText('日時は業務時計');

    // The schedules with their next run; the network sweep runs every minute.
    const jobs = page.getByTestId('operations-jobs');
    await expect(tableRow(jobs, '電子マニフェスト送信の見回り')).toContainText('1分ごと');
    await expect(jobs.getByRole('columnheader', { name: '次回実行' })).toBeVisible();

    // The mail outbox says how mail goes out (the run's SMTP sink).
    await expect(page.getByTestId('operations-mail')).toContainText('SMTPで配信');
    await expectNoPageScroll(page, size.width);
  }

  // Run now: the overdue reminders (a daily job) are queued for a run at once.
  const jobs = page.getByTestId('operations-jobs');
  await jobs.getByRole('button', { name: '支払期限超過の督促を今すぐ実行' }).click();
  await expect(
    toast(page, '支払期限超過の督促の実行を登録しました。').or(
      toast(page, 'このジョブはすでに実行待ちまたは実行中です。終了をお待ちください。'),
    ),
  ).toBeVisible();

  // The refused report shows with the network's reason in Japanese, and is sent again once.
  const refused = page.getByTestId('jwnet-refused');
  await expect(async () => {
    await page.getByTestId('operations-refresh').click();
    await expect(tableRow(refused, manifestNumber)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000, intervals: [1_000, 2_000] });
  const row = tableRow(refused, manifestNumber).first();
  await expect(row).toContainText('マニフェストが登録済みの状態ではないため、運搬終了報告ができません。');
  await expect(row).toContainText('運搬終了報告');
  await row.getByRole('button', { name: /を再送信$/ }).click();
  await expect(toast(page, `マニフェスト${manifestNumber}の運搬終了報告を再送信しました。`)).toBeVisible();
  // Sent again: no second resend is offered for it.
  await expect(tableRow(refused, manifestNumber).getByRole('button', { name: /を再送信$/ })).toHaveCount(0);
});

test('the operations screen is an administrator’s own', async ({ page }) => {
  await signIn(page, DEMO.transporter, { timeout: 30_000 });
  await expect(page.getByTestId('side-menu').getByText('運用状況', { exact: true })).toHaveCount(0);
  await page.goto('operations');
  await expect(page.getByTestId('forbidden')).toBeVisible();
});
