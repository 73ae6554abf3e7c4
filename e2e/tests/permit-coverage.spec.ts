import type { UnitMeasure } from '@junkan/shared/api/code-masters';
import type { CollectionAreaRequestInput } from '@junkan/shared/api/collection-areas';
import type { ProjectDetail, QuoteRequestInput } from '@junkan/shared/api/projects';
import type { AccountInfoResponse } from '@junkan/shared/api/users';
import type { WasteItem } from '@junkan/shared/api/waste';
import { expect, test } from '@playwright/test';
import { tableRow } from '../support/antd';
import { apiAs } from '../support/api';
import { DEMO } from '../support/app';
import { signIn } from '../support/auth';
import { APP_ORIGIN } from '../support/env';
import { GINZA_SITE } from '../support/seed';

/** A major class of industrial waste that the demo transporter's 東京都 permit does not list. */
const UNCOVERED_WASTE = '廃油';

test('a transporter whose permits do not cover an industrial request sees it marked, with why, and cannot quote it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const discharger = await apiAs(request, DEMO.discharger);
  const transporter = await apiAs(request, DEMO.transporter);

  // The demo transporter collects industrial waste around 銀座 (an area already there will do).
  const area: CollectionAreaRequestInput = {
    areaName: `E2E 産廃 104-0061 ${Date.now()}`,
    type: 'INDUSTRIAL',
    posCodes: ['104-0061'],
    prices: [],
  };
  const created = await transporter.send('POST', '/collection-area', area);
  expect([200, 409], await created.text()).toContain(created.status());

  // The discharger asks for a quote for 廃油 at 銀座店 (東京都).
  const info = await discharger.get<AccountInfoResponse>('/users/info');
  const site = info.wastes.find((s) => s.dischargeSitename === GINZA_SITE);
  const waste = (await discharger.get<WasteItem[]>('/waste?category=INDUSTRIAL')).find(
    (w) => w.name === UNCOVERED_WASTE && w.level === 1,
  );
  const unit = (await discharger.get<UnitMeasure[]>('/unit-measure')).find((u) => u.unit === 't');
  expect(site && waste && unit, `${GINZA_SITE}, ${UNCOVERED_WASTE} and t`).toBeTruthy();
  const title = `E2E 許可対象外 ${Date.now()}`;
  const body: QuoteRequestInput = {
    type: 'INDUSTRIAL',
    projectTitle: title,
    dischargeSiteIds: [site!.wasteId],
    lines: [
      {
        wasteId: waste!.id,
        quantity: '1',
        unitMeasureId: unit!.id,
        frequency: 'MONTHLY',
        frequencyNumber: 1,
      },
    ],
  };
  const draft = await discharger.post<ProjectDetail>('/projects', body);
  await discharger.post(`/projects/${draft.id}/request-quote`);

  // The transporter still sees the request, marked as not covered by its permits.
  await signIn(page, DEMO.transporter, { path: 'project-managment' });
  const row = tableRow(page.getByTestId('project-list'), title);
  await expect(row.getByTestId('coverage-tag')).toHaveText('許可確認不可');
  await row.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`project-managment/detail/${draft.id}$`));

  // Why: its 東京都 permit does not list 廃油; the quote button is disabled with the reason beside it.
  const alert = page.getByTestId('permit-coverage-alert');
  await expect(alert).toContainText('貴社の許可では、この案件の排出場所または処分場の許可が確認できません');
  await expect(alert.getByTestId('permit-coverage-gap')).toHaveText([
    `東京都の収集運搬業許可は「${UNCOVERED_WASTE}」を対象としていません。`,
  ]);
  await expect(page.getByTestId('create-quote')).toBeDisabled();
  await expect(page.getByTestId('quote-blocked-reason')).toHaveText(
    '許可が確認できないため、この依頼には見積を登録できません。',
  );

  // The quote page says the same, and the server refuses a quote sent anyway.
  await page.goto(`${APP_ORIGIN}/sys/project-managment/create-quote/${draft.id}`);
  await expect(page.getByTestId('permit-coverage-alert')).toBeVisible();
  await expect(page.getByText('許可が確認できないため、この依頼には見積を登録できません。')).toBeVisible();
  const refused = await transporter.send('POST', `/trans/projects/${draft.id}/quotes`, {
    lines: draft.pwasteIndustries.map((l) => ({ wasteLineId: l.id, unitPrice: 30000, quantity: '1' })),
  });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toMatchObject({
    code: 'permit_cannot_be_confirmed',
    gaps: [
      { district: '13', wasteKind: { id: waste!.id, name: UNCOVERED_WASTE }, reason: 'KIND_NOT_COVERED' },
    ],
  });
});
