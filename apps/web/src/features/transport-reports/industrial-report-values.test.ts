import type { IndustrialReportOptions } from '@junkan/shared/api/transport-reports';
import { describe, expect, it } from 'vitest';
import { firstIssues } from '../../lib/form-issues';
import {
  buildIndustrialReport,
  fieldsToClearOnProjectChange,
  type IndustrialReportFormValues,
  industrialFieldOf,
  isCountUnitId,
  manifestDefaults,
  presetFields,
  valuablesWithoutTransshipment,
} from './industrial-report-values';

const options: IndustrialReportOptions = {
  today: '2026-11-20',
  projects: [
    {
      id: 7,
      title: '工場廃油の回収',
      dischargerId: 3,
      dischargerName: '港南製作所',
      wastes: [
        // 廃油 may be stored on the way until the end of 2026; 汚泥 never.
        { wasteId: 11, wasteName: '廃油', transshipmentPeriods: [{ from: '2024-01-01', to: '2026-12-31' }] },
        { wasteId: 12, wasteName: '汚泥', transshipmentPeriods: [] },
      ],
      manifests: [
        { manifestNumber: '12345678901', wasteName: '汚泥', deliveryDate: '2026-11-17' },
        { manifestNumber: '12345678902', wasteName: '木くず', deliveryDate: null },
      ],
    },
    {
      id: 8,
      title: '倉庫の廃プラ',
      dischargerId: 4,
      dischargerName: '東都物流',
      wastes: [{ wasteId: 21, wasteName: '廃プラスチック類', transshipmentPeriods: [] }],
      manifests: [],
    },
  ],
  units: [
    { id: 1, code: '01', unit: 't', isCount: false },
    { id: 2, code: '02', unit: 'm3', isCount: false },
    { id: 3, code: '03', unit: '台', isCount: true },
  ],
  disposalMethods: [{ id: 5, method: '焼却' }],
};

const filled = (over: Partial<IndustrialReportFormValues> = {}): IndustrialReportFormValues => ({
  projectId: 7,
  collectTime: '2026-11-18',
  wasteId: 11,
  transportEndDate: '2026-11-19',
  manifestId: '12345678901',
  vehicleNumber: ' 品川 100 あ 12-34 ',
  transportVolume: '1,234.50',
  transportVolumeUnit: 1,
  valuablesCollected: '0.00',
  valuablesCollectedUnit: null,
  reporter: '',
  transporter: '山田 太郎',
  disposalMethodId: 5,
  ...over,
});

describe('buildIndustrialReport', () => {
  it('builds the POST body: the discharger from the project, volumes as numbers, blanks as null', () => {
    const built = buildIndustrialReport(filled(), options);
    expect(built).toEqual({
      ok: true,
      input: {
        dischargerId: 3,
        projectId: 7,
        collectTime: '2026-11-18',
        wasteId: 11,
        transportEndDate: '2026-11-19',
        manifestId: '12345678901',
        vehicleNumber: '品川 100 あ 12-34',
        transportVolume: 1234.5,
        transportVolumeUnit: 1,
        valuablesCollected: 0,
        valuablesCollectedUnit: null,
        reporter: null,
        transporter: '山田 太郎',
        disposalMethodId: 5,
      },
    });
  });

  it('sends no manifest when none is chosen or typed', () => {
    const built = buildIndustrialReport(filled({ manifestId: '' }), options);
    expect(built.ok && built.input.manifestId).toBeNull();
  });

  it('sends valuables as 0 without a unit when the transport unit counts pieces', () => {
    const built = buildIndustrialReport(
      filled({ transportVolumeUnit: 3, valuablesCollected: '12.00', valuablesCollectedUnit: 1 }),
      options,
    );
    expect(built.ok && [built.input.valuablesCollected, built.input.valuablesCollectedUnit]).toEqual([
      0,
      null,
    ]);
  });

  it('keeps valuables in a weight unit', () => {
    const built = buildIndustrialReport(
      filled({ valuablesCollected: '12.5', valuablesCollectedUnit: 2 }),
      options,
    );
    expect(built.ok && [built.input.valuablesCollected, built.input.valuablesCollectedUnit]).toEqual([
      12.5, 2,
    ]);
  });

  it('puts the required-field codes next to the fields, the discharger on the project', () => {
    const built = buildIndustrialReport({ transportVolume: '', transporter: '  ' }, options);
    expect(built.ok).toBe(false);
    const byField = Object.fromEntries(built.ok ? [] : built.issues.map((i) => [i.name, i.code]));
    expect(byField).toEqual({
      projectId: 'MSG_00_21',
      collectTime: 'MSG_00_21',
      wasteId: 'MSG_00_21',
      transportEndDate: 'MSG_00_21',
      transportVolume: 'MSG_00_21',
      transportVolumeUnit: 'MSG_00_21',
      transporter: 'MSG_00_21',
    });
  });

  it.each([
    ['a bad volume', { transportVolume: '123456.7' }, 'transportVolume', 'MSG_00_27'],
    ['a manifest number that is not 11 digits', { manifestId: '1234' }, 'manifestId', 'invalid_format'],
    [
      'an end date before the collection date',
      { transportEndDate: '2026-11-17' },
      'transportEndDate',
      'end_date_before_collection',
    ],
    [
      "an end date after the server's today",
      { transportEndDate: '2026-11-21' },
      'transportEndDate',
      'end_date_in_future',
    ],
    [
      'valuables without a unit',
      { valuablesCollected: '3.00', valuablesCollectedUnit: null },
      'valuablesCollectedUnit',
      'MSG_00_21',
    ],
    ['a too long vehicle number', { vehicleNumber: 'x'.repeat(31) }, 'vehicleNumber', 'max_length_exceeded'],
  ] as const)('refuses %s', (_name, over, field, code) => {
    const built = buildIndustrialReport(filled(over), options);
    expect(built.ok ? [] : built.issues).toEqual([{ name: field, code }]);
  });

  it("refuses a collection date after the server's today on its own field", () => {
    const built = buildIndustrialReport(filled({ collectTime: '2026-11-21' }), options);
    expect(built.ok ? [] : built.issues).toContainEqual({
      name: 'collectTime',
      code: 'collect_time_in_future',
    });
  });

  it('accepts an end date equal to the collection date and to today', () => {
    expect(
      buildIndustrialReport(filled({ collectTime: '2026-11-20', transportEndDate: '2026-11-20' }), options)
        .ok,
    ).toBe(true);
  });
});

describe('manifestDefaults', () => {
  const project = options.projects[0]!;
  it("fills an empty collection date with the manifest's delivery date and the waste of the same name", () => {
    expect(manifestDefaults(project.manifests[0]!, project, {})).toEqual({
      collectTime: '2026-11-17',
      wasteId: 12,
    });
  });

  it('leaves what is already chosen, and a waste the project does not have', () => {
    expect(
      manifestDefaults(project.manifests[0]!, project, { collectTime: '2026-11-10', wasteId: 11 }),
    ).toEqual({});
    expect(manifestDefaults(project.manifests[1]!, project, {})).toEqual({});
  });
});

describe('fieldsToClearOnProjectChange', () => {
  it("clears the waste and manifest that are not the new project's", () => {
    expect(
      fieldsToClearOnProjectChange(options.projects[1], { wasteId: 11, manifestId: '12345678901' }),
    ).toEqual(['wasteId', 'manifestId']);
  });

  it("keeps those of the project, and a typed manifest number that is the project's", () => {
    expect(
      fieldsToClearOnProjectChange(options.projects[0], { wasteId: 12, manifestId: '12345678902' }),
    ).toEqual([]);
  });
});

describe('presetFields', () => {
  const preset = { projectId: 8, collectTime: '2026-11-16' };

  it('fills the project and collection date of a collection whose project can be reported', () => {
    expect(presetFields(preset, options)).toEqual(preset);
  });

  it('fills nothing before the options load, without a preset, or for a project no longer reportable', () => {
    expect(presetFields(preset, undefined)).toBeNull();
    expect(presetFields(null, options)).toBeNull();
    expect(presetFields(undefined, options)).toBeNull();
    expect(presetFields({ ...preset, projectId: 99 }, options)).toBeNull();
  });

  it('keeps the project chosen by itself when it is the same, and never replaces another choice or a date', () => {
    expect(presetFields(preset, options, { projectId: 8, collectTime: null })).toEqual(preset);
    expect(presetFields(preset, options, { projectId: 7 })).toBeNull();
    expect(presetFields(preset, options, { collectTime: '2026-11-10' })).toBeNull();
  });
});

describe('helpers', () => {
  it('tells a count unit by the unit master', () => {
    expect(isCountUnitId(options.units, 3)).toBe(true);
    expect(isCountUnitId(options.units, 1)).toBe(false);
    expect(isCountUnitId(options.units, null)).toBe(false);
  });

  it('maps schema paths to form fields', () => {
    expect(industrialFieldOf('dischargerId')).toBe('projectId');
    expect(industrialFieldOf('transporter')).toBe('transporter');
    expect(industrialFieldOf('somethingElse')).toBeNull();
  });

  it('keeps the first issue of each field', () => {
    expect(
      firstIssues(
        [
          { path: ['a'], message: 'one' },
          { path: ['a'], message: 'two' },
          { path: ['b'], message: 'three' },
        ],
        (p) => p as 'a' | 'b',
      ),
    ).toEqual([
      { name: 'a', code: 'one' },
      { name: 'b', code: 'three' },
    ]);
  });
});

describe('valuablesWithoutTransshipment', () => {
  const input = (over: Partial<IndustrialReportFormValues>) => {
    const built = buildIndustrialReport(filled(over), options);
    if (!built.ok) throw new Error(JSON.stringify(built.issues));
    return built.input;
  };
  it.each<[string, Partial<IndustrialReportFormValues>, boolean]>([
    [
      'valuables of a waste stored on the way',
      { valuablesCollected: '0.50', valuablesCollectedUnit: 1 },
      false,
    ],
    [
      'valuables of a waste with no transshipment storage',
      { wasteId: 12, valuablesCollected: '0.50', valuablesCollectedUnit: 1 },
      true,
    ],
    ['no valuables', { wasteId: 12, valuablesCollected: '0.00' }, false],
    [
      'valuables cleared by a count unit',
      { wasteId: 12, valuablesCollected: '0.50', transportVolumeUnit: 3 },
      false,
    ],
  ])('%s', (_, over, expected) => {
    expect(valuablesWithoutTransshipment(input(over), options)).toBe(expected);
  });
});
