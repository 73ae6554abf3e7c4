import { expect, test } from '@playwright/test';
import { confirmModal, selectOption, tableRow } from '../support/antd';
import { apiAs } from '../support/api';
import { DEMO } from '../support/app';
import { signIn } from '../support/auth';
import { waitForMessage } from '../support/mail';
import { businessDate } from '../support/manifests';
import {
  COMBUSTIBLE,
  seedIndustrialRequest,
  seedQuoteRequest,
  seedRegularArea,
  seedRegularDraft,
} from '../support/seed';

test('a transporter quotes an open request in its area and the discharger approves it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // The demo transporter serves 銀座 (104-0061) for regular garbage, with a unit price for 可燃ごみ; the
  // discharger has sent a request there (the request screens are projects.spec.ts's subject).
  const discharger = await apiAs(request, DEMO.discharger);
  const transporter = await apiAs(request, DEMO.transporter);
  await seedRegularArea(transporter, { posCode: '104-0061', wasteName: COMBUSTIBLE, unitPrice: 45 });
  const title = `E2E 見積 ${Date.now()}`;
  const { id } = await seedQuoteRequest(discharger, title, { monthlyCapacity: '100', weekdays: [1] });
  const detailPath = `project-managment/detail/${id}`;

  // The transporter sees it as a new request, quotes it with the suggested price.
  const since = Date.now();
  await signIn(page, DEMO.transporter, { path: 'project-managment' });
  const listed = tableRow(page.getByTestId('project-list'), title);
  await expect(listed).toContainText('新規依頼');
  await listed.getByRole('link', { name: title }).click();
  await page.getByRole('link', { name: '見積を登録する' }).click();
  await expect(page).toHaveURL(/\/project-managment\/create-quote\/\d+/);
  // 45 円/kg, as the demo's area price for 可燃ごみ around 銀座.
  await expect(page.getByLabel('可燃ごみ 単価（税抜）')).toHaveValue('45');
  await expect(page.getByTestId('quote-totals')).toContainText('￥4,950');
  await page.getByRole('button', { name: '見積を登録', exact: true }).click();
  await confirmModal(page);
  await expect(page).toHaveURL(new RegExp(`${detailPath}$`));
  await expect(page.getByTestId('project-status')).toHaveText('見積完了');
  await waitForMessage(DEMO.discharger, { since, subject: '見積が届きました', text: title });

  // The discharger approves the quote; the contract is now being prepared (quote approval is home's word).
  await signIn(page, DEMO.discharger, { path: detailPath });
  const card = page.getByTestId('quote-card');
  await expect(card).toContainText('￥4,500');
  await card.getByRole('button', { name: '見積を承認する' }).click();
  await confirmModal(page);
  await expect(page.getByTestId('project-status')).toHaveText('契約作成中');
  await waitForMessage(DEMO.transporter, { since, subject: '見積が承認されました', text: title });
});

test('an industrial request is quoted for transport and disposal together, each part from the price lists', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // The demo transporter carries 廃プラスチック類 around 銀座 at 12,000 円/t and disposes of it at 16,000 円/t
  // under its disposal permit; it has a disposal price for 汚泥 (25,000 円/t) but no transport price for it.
  const discharger = await apiAs(request, DEMO.discharger);
  const plastics = await seedIndustrialRequest(discharger, `E2E 一括見積 ${Date.now()}`, [
    { wasteName: '廃プラスチック類', quantity: '2' },
  ]);
  await signIn(page, DEMO.transporter, { path: `project-managment/create-quote/${plastics.id}` });
  await expect(page.getByTestId('quote-contract-form').getByLabel('収集運搬・処分一括')).toBeChecked();
  await expect(page.getByLabel('廃プラスチック類 運搬単価')).toHaveValue('12,000');
  await expect(page.getByLabel('廃プラスチック類 処分単価')).toHaveValue('16,000');
  await expect(page.getByTestId('part-sum')).toHaveText('￥28,000');
  await expect(page.getByTestId('quote-totals')).toContainText('￥56,000');
  await page.getByRole('button', { name: '見積を登録', exact: true }).click();
  await confirmModal(page);
  await expect(page).toHaveURL(new RegExp(`project-managment/detail/${plastics.id}$`));
  const card = page.getByTestId('quote-card');
  await expect(card).toContainText('収集運搬・処分一括');
  await expect(card.getByTestId('price-parts')).toHaveText('運搬 ￥12,000 ＋ 処分 ￥16,000');

  // 汚泥 has no transport price: the line says so, and the quote is not sent.
  const sludge = await seedIndustrialRequest(discharger, `E2E 一括見積 汚泥 ${Date.now()}`, [
    { wasteName: '汚泥', quantity: '1' },
  ]);
  await page.goto(`project-managment/create-quote/${sludge.id}`);
  await expect(page.getByLabel('汚泥 処分単価')).toHaveValue('25,000');
  await expect(page.getByTestId('price-part-missing-transport')).toHaveText(
    '運搬単価が確認できません（収集エリアの単価が登録されていません）',
  );
  await page.getByRole('button', { name: '見積を登録', exact: true }).click();
  await expect(page.getByText('処分単価または運搬単価が確認できません。')).toBeVisible();
  await expect(page).toHaveURL(/create-quote/);
});

test('a bag-only line is quoted per bag or per collection, and each price and quantity shows its unit', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const discharger = await apiAs(request, DEMO.discharger);
  const transporter = await apiAs(request, DEMO.transporter);
  await seedRegularArea(transporter, { posCode: '104-0061', wasteName: COMBUSTIBLE, unitPrice: 1500 });
  // Three 45 L bags on Mondays and Thursdays, no kg figure.
  const bags = await seedQuoteRequest(discharger, `E2E 袋の見積 ${Date.now()}`, {
    monthlyCapacity: null,
    weekdays: [1, 4],
  });

  // The line starts per bag: a month of bags (3 x 2 a week x 52/12 weeks), the price in 円/袋(45L).
  await signIn(page, DEMO.transporter, { path: `project-managment/create-quote/${bags.id}` });
  const lines = page.getByTestId('quote-lines');
  await expect(page.getByTestId('quote-pricing-0')).toContainText('袋単位（袋(45L)）');
  await expect(page.getByLabel('可燃ごみ 数量')).toHaveValue('26');
  await expect(lines).toContainText('円/袋(45L)');
  await page.getByLabel('可燃ごみ 単価（税抜）').fill('300');
  await expect(page.getByTestId('quote-totals')).toContainText('￥7,800');
  // Per collection instead: 2 a week, a month of them, in 円/回; then back to bags.
  await selectOption(page, page.getByLabel('可燃ごみ 単価の単位'), '回収1回あたり');
  await expect(page.getByLabel('可燃ごみ 数量')).toHaveValue('8.67');
  await expect(lines).toContainText('円/回');
  await selectOption(page, page.getByLabel('可燃ごみ 単価の単位'), '袋単位（袋(45L)）');
  await page.getByLabel('可燃ごみ 単価（税抜）').fill('300');
  await page.getByRole('button', { name: '見積を登録', exact: true }).click();
  await confirmModal(page);
  await expect(page).toHaveURL(new RegExp(`project-managment/detail/${bags.id}$`));

  // The discharger's quote table gives each price and quantity its unit.
  await signIn(page, DEMO.discharger, { path: `project-managment/detail/${bags.id}` });
  const card = page.getByTestId('quote-card');
  await expect(card).toContainText(/[¥￥]300\/袋\(45L\)/);
  await expect(card).toContainText('26 袋(45L)');
  await expect(card.getByRole('button', { name: '見積を承認する' })).toBeEnabled();
});

test('a quote already past its valid-until date is not sent: the date is refused, the request stays open', async ({
  request,
}) => {
  const discharger = await apiAs(request, DEMO.discharger);
  const transporter = await apiAs(request, DEMO.transporter);
  await seedRegularArea(transporter, { posCode: '104-0061', wasteName: COMBUSTIBLE, unitPrice: 1500 });
  const stale = await seedQuoteRequest(discharger, `E2E 期限切れ ${Date.now()}`, { monthlyCapacity: '100' });
  // The day before the server's business day (its clock, not the machine's: a run may cross midnight).
  const yesterday = businessDate(-1).replaceAll('/', '-');
  // The discharger could not accept it the day it arrives: it is refused on its field, and nobody is mailed.
  const res = await transporter.send('POST', `/trans/projects/${stale.id}/quotes`, {
    lines: stale.pwasteRegulars.map((l) => ({ wasteLineId: l.id, unitPrice: 1500, quantity: '100' })),
    validUntil: yesterday,
  });
  expect(res.status()).toBe(400);
  expect((await res.json()).fields).toEqual({ validUntil: 'valid_until_in_past' });
  expect((await discharger.get<{ projectStatus: string }>(`/projects/${stale.id}`)).projectStatus).toBe(
    'REQUEST_QUOTE',
  );
});

test('a request whose site lies in no collection area says so and is not sent', async ({ page, request }) => {
  // No demo transporter lists 𠮷祥寺倉庫's postal code (180-0004) in a collection area.
  const discharger = await apiAs(request, DEMO.discharger);
  const draft = await seedRegularDraft(discharger, `E2E エリア外 ${Date.now()}`, { siteName: '𠮷祥寺倉庫' });
  await signIn(page, DEMO.discharger, {
    path: `new-quote-request/quotation-request-confirm?id=${draft.id}`,
  });
  await expect(page.getByTestId('collection-area-not-supported')).toContainText(
    'この排出場所は収集運搬会社の回収エリア外です。',
  );
  await expect(page.getByRole('button', { name: 'この内容で依頼する' })).toBeDisabled();
});
