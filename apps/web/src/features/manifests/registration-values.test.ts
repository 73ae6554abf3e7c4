import type { ManifestRegistrationOptions } from '@junkan/shared';
import { describe, expect, it } from 'vitest';
import {
  buildManifestRegistration,
  isDeliveryDateInFuture,
  type ManifestRegistrationFormValues,
  onlyChoice,
  registrationFailureTexts,
  registrationSummary,
  wasteLinesOf,
} from './registration-values';

const TODAY = '2026-05-15';
const valid: ManifestRegistrationFormValues = {
  projectId: 7,
  wasteLineId: 3,
  deliveryDate: '2026-05-15',
  quantity: '1,234.50',
  unitId: 2,
  dischargeSiteId: 9,
};

describe('buildManifestRegistration', () => {
  it('builds the body with the quantity as a number', () => {
    expect(buildManifestRegistration(valid, TODAY)).toEqual({
      ok: true,
      input: {
        projectId: 7,
        wasteLineId: 3,
        deliveryDate: '2026-05-15',
        quantity: 1234.5,
        unitId: 2,
        dischargeSiteId: 9,
      },
    });
  });

  it('reports every missing field once', () => {
    const built = buildManifestRegistration({}, TODAY);
    expect(built.ok).toBe(false);
    if (built.ok) return;
    expect(built.issues.map((i) => i.name).sort()).toEqual(
      ['deliveryDate', 'dischargeSiteId', 'projectId', 'quantity', 'unitId', 'wasteLineId'].sort(),
    );
    expect(built.issues.find((i) => i.name === 'quantity')?.code).toBe('MSG_00_21');
  });

  it.each([
    ['quantity', { quantity: '12.345' }, 'MSG_00_27'],
    ['quantity', { quantity: 'abc' }, 'MSG_00_27'],
    ['deliveryDate', { deliveryDate: '2026-05-16' }, 'delivery_date_in_future'],
    ['deliveryDate', { deliveryDate: '2026-02-30' }, 'invalid_format'],
  ] as const)('refuses %s %j with %s', (name, change, code) => {
    const built = buildManifestRegistration({ ...valid, ...change }, TODAY);
    expect(built).toEqual({ ok: false, issues: [{ name, code }] });
  });

  it('accepts a delivery date in the past', () => {
    expect(buildManifestRegistration({ ...valid, deliveryDate: '2025-12-31' }, TODAY).ok).toBe(true);
  });

  it('compares delivery dates as Japan date text', () => {
    expect(isDeliveryDateInFuture('2026-05-16', TODAY)).toBe(true);
    expect(isDeliveryDateInFuture('2026-05-15', TODAY)).toBe(false);
  });
});

describe('choices', () => {
  const options: ManifestRegistrationOptions = {
    today: TODAY,
    subscriberNumber: 'A123456',
    projects: [
      { id: 1, title: 'p1', transporterName: 't', wasteLines: [{ id: 11, wasteName: '廃プラスチック類' }] },
      {
        id: 2,
        title: 'p2',
        transporterName: null,
        wasteLines: [
          { id: 21, wasteName: '汚泥' },
          { id: 22, wasteName: '金属くず' },
        ],
      },
    ],
    dischargeSites: [{ id: 5, name: '本社倉庫', address: '東京都' }],
    units: [],
  };

  it('gives the waste lines of the chosen project', () => {
    expect(wasteLinesOf(options, 2).map((w) => w.id)).toEqual([21, 22]);
    expect(wasteLinesOf(options, null)).toEqual([]);
    expect(wasteLinesOf(undefined, 1)).toEqual([]);
  });

  it('chooses for the user only when there is one choice', () => {
    expect(onlyChoice(options.dischargeSites)).toBe(5);
    expect(onlyChoice(options.projects)).toBeUndefined();
    expect(onlyChoice(options.units)).toBeUndefined();
    expect(onlyChoice(undefined)).toBeUndefined();
  });
});

describe('registrationFailureTexts', () => {
  it.each([
    [
      'jwnet_outside_hours',
      'manifests.register.failure.outsideHours',
      'manifests.register.retry.outsideHours',
    ],
    ['jwnet_service_stopped', 'jwnet_service_stopped', 'manifests.register.retry.serviceStopped'],
    ['jwnet_unavailable', 'jwnet_unavailable', 'manifests.register.retry.later'],
    ['network_error', 'network_error', 'manifests.register.retry.later'],
    ['timeout_error', 'timeout_error', 'manifests.register.retry.checkList'],
    ['edi_not_ready', 'edi_not_ready', 'manifests.register.noSubscriberHint'],
    ['jwnet_refused', 'jwnet_refused', null],
  ])('%s', (code, titleKey, hintKey) => {
    expect(registrationFailureTexts(code)).toEqual({ titleKey, hintKey });
  });
});

describe('registrationSummary', () => {
  const options: ManifestRegistrationOptions = {
    today: TODAY,
    subscriberNumber: 'A123456',
    projects: [
      { id: 7, title: '倉庫解体', transporterName: '東都運輸', wasteLines: [{ id: 3, wasteName: '汚泥' }] },
      { id: 8, title: '改装', transporterName: null, wasteLines: [{ id: 4, wasteName: '木くず' }] },
    ],
    dischargeSites: [{ id: 9, name: '本社倉庫', address: '東京都' }],
    units: [{ id: 2, unit: 't' }],
  };
  const input = {
    projectId: 7,
    wasteLineId: 3,
    deliveryDate: '2026-05-15',
    quantity: 1234.5,
    unitId: 2,
    dischargeSiteId: 9,
  };

  it('lists the choices by name, the date as shown and the quantity as typed with its unit', () => {
    expect(registrationSummary(input, '1,234.50', options)).toEqual([
      { key: 'project', labelKey: 'manifests.register.project', text: '倉庫解体' },
      { key: 'transporter', labelKey: 'manifests.column.transporter', text: '東都運輸' },
      { key: 'waste', labelKey: 'manifests.register.wasteLine', text: '汚泥' },
      { key: 'deliveryDate', labelKey: 'manifests.column.deliveryDate', text: '2026/05/15' },
      { key: 'quantity', labelKey: 'manifests.register.quantity', text: '1,234.50 t' },
      { key: 'site', labelKey: 'manifests.column.dischargeFacility', text: '本社倉庫' },
    ]);
  });

  it('shows a dash for a project without a transporter', () => {
    const lines = registrationSummary({ ...input, projectId: 8, wasteLineId: 4 }, '1', options);
    expect(lines.find((l) => l.key === 'transporter')?.text).toBe('—');
    expect(lines.find((l) => l.key === 'waste')?.text).toBe('木くず');
  });
});
