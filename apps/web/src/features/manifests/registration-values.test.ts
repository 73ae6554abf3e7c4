import {
  type ManifestRegistrationInput,
  type ManifestRegistrationOptions,
  manifestRegistrationSchema,
} from '@junkan/shared/api/manifests';
import type { WasteItem } from '@junkan/shared/api/waste';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  buildManifestRegistration,
  differenceTexts,
  isDeliveryDateInFuture,
  type ManifestRegistrationFormValues,
  onlyChoice,
  projectDefaults,
  registrationDifferences,
  registrationFailureTexts,
  registrationFieldOf,
  registrationKeeper,
  registrationRefusalOf,
  registrationSummary,
  wasteChoices,
  wasteLinesOf,
  wasteOfChoice,
} from './registration-values';

const TODAY = '2026-05-15';
const valid: ManifestRegistrationFormValues = {
  projectId: 7,
  waste: 'line:3',
  deliveryDate: '2026-05-15',
  quantity: '1,234.50',
  unitId: 2,
  dischargeSiteId: 9,
  transportCompanyId: 4,
  disposalSiteId: 31,
};

const PLASTICS = { id: 6, name: '廃プラスチック類' };
const TONNE = { id: 2, unit: 't' };
type OptionLine = ManifestRegistrationOptions['projects'][number]['wasteLines'][number];
/** A project line; stating no unit or quantity unless given. */
const line = (
  id: number,
  wasteName: string,
  kind: { id: number; name: string } | null = null,
  terms: Partial<OptionLine> = {},
): OptionLine => ({
  id,
  wasteName,
  wasteId: kind?.id ?? null,
  kind,
  units: [],
  perCollection: null,
  collectionsPerMonth: null,
  ...terms,
});
const noOptions = { transporters: [], disposalSites: [] };

describe('buildManifestRegistration', () => {
  it('builds the body with the quantity as a number and the choices as made', () => {
    expect(buildManifestRegistration(valid, TODAY)).toEqual({
      ok: true,
      input: {
        projectId: 7,
        wasteLineId: 3,
        deliveryDate: '2026-05-15',
        quantity: 1234.5,
        unitId: 2,
        dischargeSiteId: 9,
        transportCompanyId: 4,
        disposalSiteId: 31,
      },
    });
  });

  it('sends a waste of the master as wasteId, and no disposal site as null', () => {
    const built = buildManifestRegistration({ ...valid, waste: 'waste:12', disposalSiteId: null }, TODAY);
    expect(built.ok && built.input).toMatchObject({ wasteId: 12, disposalSiteId: null });
    expect(built.ok && 'wasteLineId' in built.input).toBe(false);
  });

  it('reports every missing field once', () => {
    const built = buildManifestRegistration({}, TODAY);
    expect(built.ok).toBe(false);
    if (built.ok) return;
    expect(built.issues.map((i) => i.name).sort()).toEqual(
      ['deliveryDate', 'dischargeSiteId', 'projectId', 'quantity', 'unitId', 'waste'].sort(),
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
      {
        id: 1,
        title: 'p1',
        transporterName: 't',
        transportCompanyId: 4,
        wasteLines: [line(11, '廃プラスチック類', PLASTICS)],
        contract: null,
      },
      {
        id: 2,
        title: 'p2',
        transporterName: null,
        transportCompanyId: null,
        wasteLines: [line(21, '汚泥'), line(22, '金属くず')],
        contract: null,
      },
    ],
    dischargeSites: [{ id: 5, name: '本社倉庫', address: '東京都' }],
    units: [],
    ...noOptions,
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

describe('registrationKeeper', () => {
  const input: ManifestRegistrationInput = {
    projectId: 7,
    wasteLineId: 3,
    deliveryDate: TODAY,
    quantity: 1.5,
    unitId: 2,
    dischargeSiteId: 9,
  };

  it('sends one key while the form is edited and sent again, and a new one once it registered', () => {
    let made = 0;
    const keeper = registrationKeeper(() => `key-${++made}`);
    expect(keeper.body(input)).toEqual({ ...input, registrationKey: 'key-1' });
    // Refused, edited, confirmed, sent again: the same registration.
    expect(keeper.body({ ...input, quantity: 2, confirmedDifferences: ['PERIOD'] }).registrationKey).toBe(
      'key-1',
    );
    expect(keeper.body(input).registrationKey).toBe('key-1');
    keeper.renew();
    expect(keeper.body(input).registrationKey).toBe('key-2');
  });

  it('makes a UUID the server takes, another for each form', () => {
    const first = registrationKeeper().body(input);
    expect(manifestRegistrationSchema.safeParse(first).success).toBe(true);
    expect(registrationKeeper().body(input).registrationKey).not.toBe(first.registrationKey);
  });

  it('refuses a key that is not a UUID on its field', () => {
    const bad = manifestRegistrationSchema.safeParse({ ...input, registrationKey: 'again' });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['registrationKey', 'invalid_format'],
    ]);
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
    ['network_error', 'network_error', 'manifests.register.retry.sendAgain'],
    ['timeout_error', 'timeout_error', 'manifests.register.retry.sendAgain'],
    ['server_error', 'manifests.register.failure.serverError', 'manifests.register.retry.sendAgain'],
    ['edi_not_ready', 'edi_not_ready', 'manifests.register.noSubscriberHint'],
    ['jwnet_refused', 'jwnet_refused', null],
    ['manifest_registration_in_progress', 'manifest_registration_in_progress', null],
  ])('%s', (code, titleKey, hintKey) => {
    expect(registrationFailureTexts(code)).toEqual({ titleKey, hintKey });
  });
});

describe('registrationRefusalOf', () => {
  const period = {
    kind: 'PERIOD' as const,
    contractValues: ['2026-04-01', '2026-04-30'],
    manifestValue: '2026-05-15',
  };

  it('asks to confirm the differences the server found', () => {
    expect(
      registrationRefusalOf({ code: 'manifest_contract_differences', details: { differences: [period] } }),
    ).toEqual({ kind: 'differences', differences: [period] });
  });

  it('shows differences it cannot read as a failure', () => {
    expect(
      registrationRefusalOf({ code: 'manifest_contract_differences', details: { differences: [] } }),
    ).toEqual({
      kind: 'failure',
      code: 'manifest_contract_differences',
    });
  });

  it('puts field codes beside their fields, the two waste fields on the one choice', () => {
    expect(
      registrationRefusalOf({
        code: 'validation_error',
        fields: {
          wasteLineId: 'MSG_00_21',
          quantity: 'invalid_format',
          'lines.0.note': 'max_length_exceeded',
        },
      }),
    ).toEqual({
      kind: 'fields',
      issues: [
        { name: ['waste'], code: 'MSG_00_21' },
        { name: ['quantity'], code: 'invalid_format' },
        { name: ['lines', 0, 'note'], code: 'max_length_exceeded' },
      ],
    });
  });

  it('shows any other refusal above the form, with its values', () => {
    expect(registrationRefusalOf({ code: 'jwnet_refused', params: { reason: 'E01' }, fields: {} })).toEqual({
      kind: 'failure',
      code: 'jwnet_refused',
      params: { reason: 'E01' },
    });
  });

  it('says unknown_error for a failure that is no answer of the server', () => {
    expect(registrationRefusalOf(null)).toEqual({ kind: 'failure', code: 'unknown_error' });
  });
});

describe('registrationSummary', () => {
  const options: ManifestRegistrationOptions = {
    today: TODAY,
    subscriberNumber: 'A123456',
    projects: [
      {
        id: 7,
        title: '倉庫解体',
        transporterName: '東都運輸',
        transportCompanyId: 4,
        wasteLines: [line(3, '汚泥')],
        contract: null,
      },
      {
        id: 8,
        title: '改装',
        transporterName: null,
        transportCompanyId: null,
        wasteLines: [line(4, '木くず')],
        contract: null,
      },
    ],
    dischargeSites: [{ id: 9, name: '本社倉庫', address: '東京都' }],
    units: [{ id: 2, unit: 't' }],
    transporters: [
      { id: 4, name: '東都運輸' },
      { id: 5, name: '西都運輸' },
    ],
    disposalSites: [{ id: 31, name: '新木場センター', licenseExpired: false }],
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
      { key: 'disposalSite', labelKey: 'manifests.column.disposalSite', text: '—' },
    ]);
  });

  it('names the transporter, the disposal site and a waste of the master as chosen', () => {
    const wastes = [{ id: 12, name: '鉄くず' }] as WasteItem[];
    const lines = registrationSummary(
      { ...input, wasteLineId: undefined, wasteId: 12, transportCompanyId: 5, disposalSiteId: 31 },
      '1',
      options,
      wastes,
    );
    expect(Object.fromEntries(lines.map((l) => [l.key, l.text]))).toMatchObject({
      transporter: '西都運輸',
      waste: '鉄くず',
      disposalSite: '新木場センター',
    });
  });

  it('shows a dash for a project without a transporter', () => {
    const lines = registrationSummary({ ...input, projectId: 8, wasteLineId: 4 }, '1', options);
    expect(lines.find((l) => l.key === 'transporter')?.text).toBe('—');
    expect(lines.find((l) => l.key === 'waste')?.text).toBe('木くず');
  });
});

describe('against the contract', () => {
  const wastes = [
    { id: 6, name: '廃プラスチック類', parentPath: '', category: 'INDUSTRIAL' },
    { id: 61, name: '発泡スチロール', parentPath: '/6/', category: 'INDUSTRIAL' },
    { id: 12, name: '金属くず', parentPath: '', category: 'INDUSTRIAL' },
    { id: 121, name: '鉄くず', parentPath: '/12/', category: 'INDUSTRIAL' },
    { id: 90, name: '可燃ごみ', parentPath: '', category: 'REGULAR' },
  ] as WasteItem[];
  const options: ManifestRegistrationOptions = {
    today: TODAY,
    subscriberNumber: 'A123456',
    projects: [
      {
        id: 7,
        title: '倉庫解体',
        transporterName: '東都運輸',
        transportCompanyId: 4,
        // 2 t a collection, 月3回, priced per t.
        wasteLines: [
          line(3, '廃プラスチック類', PLASTICS, {
            units: [TONNE],
            perCollection: { value: 2, unit: TONNE },
            collectionsPerMonth: 3,
          }),
        ],
        contract: {
          startDate: '2026-04-01',
          endDate: '2027-03-31',
          transporter: { id: 4, name: '東都運輸' },
          disposalSite: { id: 31, name: '新木場センター' },
        },
      },
      {
        id: 8,
        title: '契約なし',
        transporterName: '東都運輸',
        transportCompanyId: 4,
        wasteLines: [line(4, '木くず')],
        contract: null,
      },
    ],
    dischargeSites: [{ id: 9, name: '本社倉庫', address: '東京都' }],
    units: [TONNE, { id: 3, unit: 'kg' }, { id: 4, unit: '個' }],
    transporters: [
      { id: 4, name: '東都運輸' },
      { id: 5, name: '西都運輸' },
    ],
    disposalSites: [
      { id: 31, name: '新木場センター', licenseExpired: false },
      { id: 32, name: '川崎センター', licenseExpired: false },
    ],
  };
  const input: ManifestRegistrationInput = {
    projectId: 7,
    wasteLineId: 3,
    deliveryDate: '2026-05-15',
    quantity: 1,
    unitId: 2,
    dischargeSiteId: 9,
    transportCompanyId: 4,
    disposalSiteId: 31,
  };
  const kinds = (over: Partial<ManifestRegistrationInput>) =>
    registrationDifferences({ ...input, ...over }, options, wastes).map((d) => d.kind);

  it.each<[string, Partial<ManifestRegistrationInput>, string[]]>([
    ['as contracted', {}, []],
    ['outside the period', { deliveryDate: '2026-03-31' }, ['PERIOD']],
    ['a minor class of the contracted kind', { wasteLineId: undefined, wasteId: 61 }, []],
    ['another kind', { wasteLineId: undefined, wasteId: 121 }, ['WASTE_KIND']],
    ['another transporter', { transportCompanyId: 5 }, ['TRANSPORTER']],
    ['another disposal site', { disposalSiteId: 32 }, ['DISPOSAL_SITE']],
    ['no disposal site', { disposalSiteId: null }, ['DISPOSAL_SITE']],
    ['a project without a contract', { projectId: 8, wasteLineId: 4 }, ['NO_CONTRACT']],
    ['pieces for a line priced per t', { unitId: 4, quantity: 3 }, ['UNIT']],
    ['2,000 kg for 2 t a collection', { unitId: 3, quantity: 2000 }, []],
    // Above a collection and, alone, above the month's three.
    ['200 t for 2 t a collection', { quantity: 200 }, ['QUANTITY_PER_COLLECTION', 'QUANTITY_PER_MONTH']],
    ['a quantity the form has no unit for yet', { unitId: 99 }, []],
  ])('mirrors the server: %s', (_, over, expected) => expect(kinds(over)).toEqual(expected));

  it('names the kind of a waste of the master for the difference', () => {
    const [d] = registrationDifferences({ ...input, wasteLineId: undefined, wasteId: 121 }, options, wastes);
    expect(d).toEqual({ kind: 'WASTE_KIND', contractValues: ['廃プラスチック類'], manifestValue: '鉄くず' });
  });

  it('fills in the contract route when a project is chosen', () => {
    expect(projectDefaults(options.projects[0])).toEqual({
      waste: 'line:3',
      transportCompanyId: 4,
      disposalSiteId: 31,
    });
    expect(projectDefaults(options.projects[1])).toEqual({
      waste: 'line:4',
      transportCompanyId: 4,
      disposalSiteId: null,
    });
    expect(projectDefaults(undefined)).toEqual({
      waste: null,
      transportCompanyId: null,
      disposalSiteId: null,
    });
  });

  it('offers the contract lines, then industrial wastes that are not a line’s own, with their kind', () => {
    expect(wasteChoices(options.projects[0], wastes)).toEqual({
      contract: [{ value: 'line:3', label: '廃プラスチック類' }],
      other: [
        { value: 'waste:61', label: '発泡スチロール（廃プラスチック類）' },
        { value: 'waste:12', label: '金属くず' },
        { value: 'waste:121', label: '鉄くず（金属くず）' },
      ],
    });
    expect(wasteChoices(undefined, wastes)).toEqual({ contract: [], other: [] });
  });

  it('reads the waste choice and maps the request’s waste fields to it', () => {
    expect(wasteOfChoice('line:3')).toEqual({ wasteLineId: 3 });
    expect(wasteOfChoice('waste:61')).toEqual({ wasteId: 61 });
    expect(wasteOfChoice('nope:1')).toEqual({});
    expect(wasteOfChoice(null)).toEqual({});
    expect(registrationFieldOf('wasteLineId')).toBe('waste');
    expect(registrationFieldOf('wasteId')).toBe('waste');
    expect(registrationFieldOf('disposalSiteId')).toBe('disposalSiteId');
    expect(registrationFieldOf('confirmedDifferences')).toBeNull();
  });

  it.each<[Parameters<typeof differenceTexts>[0], { contract: string; manifest: string }]>([
    [
      { kind: 'PERIOD', contractValues: ['2026-04-01', '2027-03-31'], manifestValue: '2026-03-31' },
      { contract: '2026/04/01〜2027/03/31', manifest: '2026/03/31' },
    ],
    [
      { kind: 'WASTE_KIND', contractValues: ['廃プラスチック類', '汚泥'], manifestValue: '鉄くず' },
      { contract: '廃プラスチック類 / 汚泥', manifest: '鉄くず' },
    ],
    [
      { kind: 'DISPOSAL_SITE', contractValues: [], manifestValue: '川崎センター' },
      { contract: '—', manifest: '川崎センター' },
    ],
    [
      { kind: 'DISPOSAL_SITE', contractValues: ['新木場センター'], manifestValue: null },
      { contract: '新木場センター', manifest: '—' },
    ],
    [
      { kind: 'NO_CONTRACT', contractValues: [], manifestValue: null },
      { contract: '—', manifest: '—' },
    ],
  ])('shows both sides of %j', (difference, expected) =>
    expect(differenceTexts(difference)).toEqual(expected),
  );

  describe('on an English page', () => {
    beforeAll(() => i18next.init({ lng: 'ja', resources: {} }));
    afterEach(() => i18next.changeLanguage('ja'));

    it('joins a period and a waste with its kind in English punctuation', async () => {
      await i18next.changeLanguage('en');
      expect(
        differenceTexts({ kind: 'PERIOD', contractValues: ['2026-04-01', '2027-03-31'], manifestValue: null })
          .contract,
      ).toBe('2026/04/01–2027/03/31');
      expect(wasteChoices(options.projects[0], wastes).other[0]?.label).toBe(
        '発泡スチロール (廃プラスチック類)',
      );
    });
  });
});
