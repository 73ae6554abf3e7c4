import { describe, expect, it } from 'vitest';
import { permitInputSchema } from '../api/permits';
import { addDays, daysBetween } from '../contract-rules';
import {
  isPermitDistrictCode,
  PERMIT_DISTRICTS,
  permitDistrictName,
  permitDistrictOf,
} from './permit-districts';
import {
  contractPermitIssue,
  isPermitUsable,
  latestPermitDate,
  PERMIT_EARLIEST_DATE,
  permitDateIssues,
  permitExpiryStep,
  permitExpiryStepRank,
  permitStatus,
} from './permit-rules';

describe('PERMIT_DISTRICTS', () => {
  it('holds the 47 prefectures and the 20 designated cities, each code once', () => {
    expect(PERMIT_DISTRICTS.filter((d) => d.code.length === 2)).toHaveLength(47);
    expect(PERMIT_DISTRICTS.filter((d) => d.code.length === 5)).toHaveLength(20);
    expect(new Set(PERMIT_DISTRICTS.map((d) => d.code)).size).toBe(67);
    expect(PERMIT_DISTRICTS.every((d) => d.ja && d.en)).toBe(true);
  });
  it('places each city after its prefecture', () => {
    const codes = PERMIT_DISTRICTS.map((d) => d.code);
    expect(codes.indexOf('14100')).toBe(codes.indexOf('14') + 1);
    expect(permitDistrictOf('27140')).toMatchObject({ ja: '堺市', prefectureCode: '27' });
    expect(PERMIT_DISTRICTS.every((d) => d.code.startsWith(d.prefectureCode))).toBe(true);
  });
  it.each([
    ['13', true, '東京都', 'Tokyo'],
    ['40130', true, '福岡市', 'Fukuoka City'],
    ['48', false, '48', '48'],
    ['', false, '', ''],
  ])('%s is a district: %s', (code, known, ja, en) => {
    expect(isPermitDistrictCode(code)).toBe(known);
    expect(permitDistrictName(code)).toBe(ja);
    expect(permitDistrictName(code, 'en')).toBe(en);
  });
});

describe('permitExpiryStep', () => {
  it.each([
    ['2027-03-01', '2026-11-25', null],
    ['2026-02-24', '2025-11-25', null], // 91 days
    ['2026-02-23', '2025-11-25', 'DAYS_90'], // 90 days
    ['2025-12-26', '2025-11-25', 'DAYS_90'], // 31 days
    ['2025-12-25', '2025-11-25', 'DAYS_30'], // 30 days
    ['2025-11-25', '2025-11-25', 'DAYS_30'], // the expiry day itself is still valid
    ['2025-11-24', '2025-11-25', 'EXPIRED'],
    ['2024-02-29', '2024-03-01', 'EXPIRED'],
  ] as const)('expiry %s on %s -> %s', (expiry, today, step) => {
    expect(permitExpiryStep(expiry, today)).toBe(step);
  });
  it('counts days across leap years and month ends', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2025-02-28', '2025-03-01')).toBe(1);
    expect(daysBetween('2026-01-01', '2025-12-31')).toBe(-1);
    expect(addDays('2025-12-31', 90)).toBe('2026-03-31');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });
  it('ranks steps in the order they are reached', () => {
    expect([null, 'DAYS_90', 'DAYS_30', 'EXPIRED'].map((s) => permitExpiryStepRank(s as never))).toEqual([
      0, 1, 2, 3,
    ]);
  });
});

describe('isPermitUsable and permitStatus', () => {
  const permit = { issueDate: '2024-04-01', expiryDate: '2029-03-31', retiredAt: null };
  it.each([
    ['2024-03-31', false],
    ['2024-04-01', true],
    ['2029-03-31', true],
    ['2029-04-01', false],
  ])('on %s usable: %s', (on, usable) => {
    expect(isPermitUsable(permit, on)).toBe(usable);
  });
  it('a retired permit is never usable', () => {
    expect(isPermitUsable({ ...permit, retiredAt: '2025-01-01T00:00:00Z' }, '2026-01-01')).toBe(false);
    expect(permitStatus({ ...permit, retiredAt: new Date() }, '2026-01-01')).toBe('RETIRED');
  });
  it('status follows the step', () => {
    expect(permitStatus(permit, '2026-01-01')).toBe('VALID');
    expect(permitStatus(permit, '2029-01-01')).toBe('DAYS_90');
    expect(permitStatus(permit, '2029-03-15')).toBe('DAYS_30');
    expect(permitStatus(permit, '2029-04-01')).toBe('EXPIRED');
  });
});

describe('contractPermitIssue', () => {
  const permit = {
    kind: 'COLLECTION_TRANSPORT' as const,
    issueDate: '2024-04-01',
    expiryDate: '2029-03-31',
    retiredAt: null,
  };
  it.each([
    ['the issue date', {}, '2024-04-01', null],
    ['the expiry date', {}, '2029-03-31', null],
    ['before the issue date', {}, '2024-03-31', 'contract_permit_not_yet_valid'],
    ['after the expiry date', {}, '2029-04-01', 'contract_permit_expired'],
    ['a disposal permit', { kind: 'DISPOSAL' as const }, '2026-01-01', 'contract_permit_not_collection'],
    ['a retired permit', { retiredAt: '2025-01-01T00:00:00Z' }, '2026-01-01', 'contract_permit_retired'],
    [
      'a retired, expired disposal permit (retired first)',
      { kind: 'DISPOSAL' as const, retiredAt: new Date() },
      '2030-01-01',
      'contract_permit_retired',
    ],
    [
      'an expired disposal permit (the kind first)',
      { kind: 'DISPOSAL' as const },
      '2030-01-01',
      'contract_permit_not_collection',
    ],
  ])('a contract starting on %s: %j on %s -> %s', (_, over, start, code) => {
    expect(contractPermitIssue({ ...permit, ...over }, start)).toBe(code);
  });
});

describe('permitDateIssues', () => {
  const today = '2026-11-25';
  it('bounds dates from the Act (1970) to ten years after today, the last day of February held', () => {
    expect(PERMIT_EARLIEST_DATE).toBe('1970-01-01');
    expect(latestPermitDate(today)).toBe('2036-11-25');
    expect(latestPermitDate('2028-02-29')).toBe('2038-02-28');
  });
  it.each([
    [{ issueDate: '2024-04-01', expiryDate: '2029-03-31' }, []],
    [{ issueDate: '1970-01-01', expiryDate: '2036-11-25' }, []],
    [{ issueDate: '1969-12-31', expiryDate: '2029-03-31' }, [['issueDate', 'permit_date_too_early']]],
    [{ issueDate: '2024-04-01', expiryDate: '2036-11-26' }, [['expiryDate', 'permit_date_too_late']]],
    [
      { issueDate: '1900-01-01', expiryDate: '9999-12-31' },
      [
        ['issueDate', 'permit_date_too_early'],
        ['expiryDate', 'permit_date_too_late'],
      ],
    ],
    // Not dates: the schema answers for them.
    [{ issueDate: '', expiryDate: '2026-02-30' }, []],
  ])('%j -> %j', (dates, issues) => {
    expect(permitDateIssues(dates, today).map((i) => [i.path, i.code])).toEqual(issues);
  });
});

describe('permitInputSchema', () => {
  const valid = {
    districtCode: '13',
    licenseNumber: '01320012345',
    kind: 'COLLECTION_TRANSPORT',
    issueDate: '2024-04-01',
    expiryDate: '2029-03-31',
    transshipment: false,
    storageSite: 'ignored',
    wasteKindIds: [1, 2],
  };
  const codes = (input: object) => {
    const r = permitInputSchema.safeParse(input);
    const out: Record<string, string> = {};
    if (!r.success) for (const i of r.error.issues) out[i.path.join('.')] ??= i.message;
    return out;
  };
  it('accepts a valid permit and clears the storage site without transshipment', () => {
    const r = permitInputSchema.parse(valid);
    expect(r.storageSite).toBe('');
  });
  it.each([
    [{ districtCode: '' }, 'districtCode', 'MSG_00_21'],
    [{ districtCode: '99' }, 'districtCode', 'invalid_format'],
    [{ licenseNumber: ' ' }, 'licenseNumber', 'MSG_00_21'],
    [{ licenseNumber: '０１３' }, 'licenseNumber', 'invalid_format'],
    [{ licenseNumber: '1'.repeat(33) }, 'licenseNumber', 'max_length_exceeded'],
    [{ kind: 'BOTH' }, 'kind', 'invalid_format'],
    [{ issueDate: '2026-02-30' }, 'issueDate', 'invalid_format'],
    [{ expiryDate: '2024-04-01' }, 'expiryDate', 'expiry_before_issue'],
    [{ expiryDate: '2023-01-01' }, 'expiryDate', 'expiry_before_issue'],
    [{ transshipment: true, storageSite: '' }, 'storageSite', 'MSG_00_21'],
    [{ transshipment: true, storageSite: 'a\u0000b' }, 'storageSite', 'invalid_characters'],
    [{ wasteKindIds: [] }, 'wasteKindIds', 'MSG_00_21'],
    [{ wasteKindIds: [1, 1] }, 'wasteKindIds', 'same_waste_twice'],
    [{ wasteKindIds: [2 ** 40] }, 'wasteKindIds.0', 'invalid_format'],
  ])('%j -> %s %s', (patch, field, code) => {
    expect(codes({ ...valid, ...patch })[field]).toBe(code);
  });
});
