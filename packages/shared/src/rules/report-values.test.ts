import { describe, expect, it } from 'vitest';
import {
  applyLastValues,
  changedFields,
  clearLastValues,
  hasLastValues,
  isCountUnit,
  type LastReportValues,
  REPORT_VALUE_FIELDS,
  type ReportValues,
  startEditing,
} from './report-values';
import { CORRECTION, NO_CORRECTION, ORIGINAL } from './report-values.fixtures';

const values = (over: Partial<ReportValues & LastReportValues> = {}) => ({
  ...ORIGINAL,
  ...NO_CORRECTION,
  ...over,
});

describe('editing values', () => {
  it('startEditing copies every current value to its last-value', () => {
    const edited = startEditing(values({ ...CORRECTION, vehicleNumber: null }));
    expect(edited).toEqual(
      expect.objectContaining({
        lastEndDateTransport: '2026-11-18',
        lastTransportVolume: 1.5,
        lastTransportVolumeUnit: 1,
        lastValuablesCollected: 0,
        lastValuablesCollectedUnit: 1,
        lastVehicleNumber: null,
        lastReporter: '山田',
        lastTransporter: '東都環境サービス',
        lastDisposalMethodId: 2,
      }),
    );
    expect(edited.transportVolume).toBe(1.5);
    expect(hasLastValues(edited)).toBe(true);
    expect(changedFields(edited)).toEqual([]);
  });

  it('covers every value field', () => {
    const edited = startEditing({ ...ORIGINAL, ...NO_CORRECTION }) as Record<string, unknown>;
    for (const f of REPORT_VALUE_FIELDS)
      expect(edited[`last${f[0]?.toUpperCase()}${f.slice(1)}`]).toBe(ORIGINAL[f]);
  });

  it('applyLastValues writes the correction onto the originals and clears it', () => {
    const applied = applyLastValues(values(CORRECTION));
    expect(applied).toEqual(expect.objectContaining({ endDateTransport: '2026-11-19', transportVolume: 2 }));
    expect(hasLastValues(applied)).toBe(false);
  });

  it('clearLastValues empties the correction only', () => {
    const cleared = clearLastValues(values(CORRECTION));
    expect(hasLastValues(cleared)).toBe(false);
    expect(cleared.transportVolume).toBe(1.5);
  });

  const changes: [string, Partial<ReportValues & LastReportValues>, string[]][] = [
    ['no correction', NO_CORRECTION, []],
    ['volume and end date', CORRECTION, ['endDateTransport', 'transportVolume']],
    [
      'same volume written differently',
      { ...CORRECTION, lastTransportVolume: '1.50', lastEndDateTransport: '2026-11-18' },
      [],
    ],
    [
      'thousands separator',
      {
        ...CORRECTION,
        transportVolume: 1234.5,
        lastTransportVolume: '1,234.50',
        lastEndDateTransport: '2026-11-18',
      },
      [],
    ],
    [
      'cleared vehicle number',
      { ...CORRECTION, lastVehicleNumber: '', lastEndDateTransport: '2026-11-18', lastTransportVolume: 1.5 },
      ['vehicleNumber'],
    ],
    [
      'empty and null are the same',
      {
        ...CORRECTION,
        vehicleNumber: null,
        lastVehicleNumber: '',
        lastEndDateTransport: '2026-11-18',
        lastTransportVolume: 1.5,
      },
      [],
    ],
    [
      'other unit and method',
      { ...CORRECTION, lastTransportVolumeUnit: 3, lastDisposalMethodId: 4 },
      ['endDateTransport', 'transportVolume', 'transportVolumeUnit', 'disposalMethodId'],
    ],
  ];
  it.each(changes)('changedFields: %s', (_name, over, expected) => {
    expect(changedFields(values(over))).toEqual(expected);
  });
});

describe('isCountUnit', () => {
  const cases: [Parameters<typeof isCountUnit>[0], boolean][] = [
    ['個', true],
    ['台', true],
    ['本', true],
    [' pcs ', true],
    ['Pieces', true],
    ['t', false],
    ['kg', false],
    ['m3', false],
    ['L', false],
    [null, false],
    [undefined, false],
    [{ unit: '台', isCount: true }, true],
    [{ unit: 'kg', isCount: false }, false],
    // The master's flag wins over the name.
    [{ unit: '個', isCount: false }, false],
    [{ unit: 'ケース', isCount: true }, true],
    [{ unit: '個' }, true],
  ];
  it.each(cases)('%j -> %s', (unit, expected) => expect(isCountUnit(unit)).toBe(expected));
});
