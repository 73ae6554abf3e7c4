import { describe, expect, it } from 'vitest';
import { contractInputSchema } from './api/contracts';
import {
  addDays,
  addMonths,
  CONTRACT_STATUSES,
  type ContractAction,
  type ContractStatus,
  contractActions,
  contractDateIssues,
  contractFileKinds,
  daysBetween,
  isDayOutsidePeriod,
  isMonthOutsidePeriod,
  nextDay,
  previousDay,
  renewedPeriod,
  statusOnApproval,
} from './contract-rules';
import { PROJECT_STATUSES, type ProjectStatus } from './enums';

describe('contractFileKinds', () => {
  it('gives municipal waste its template and industrial waste one or two contracts', () => {
    expect(contractFileKinds('REGULAR', 'COMBINED')).toEqual(['regular']);
    expect(contractFileKinds('REGULAR', 'SEPARATE')).toEqual(['regular']);
    expect(contractFileKinds('INDUSTRIAL', 'COMBINED')).toEqual(['combine']);
    expect(contractFileKinds('INDUSTRIAL', 'SEPARATE')).toEqual(['collection', 'disposal']);
  });
});

describe('contractActions', () => {
  /** Every combination that allows something, written out; all others allow nothing. */
  const ALLOWED: [ProjectStatus, ContractStatus | null, 'WASTE' | 'TRANSPORT', ContractAction[]][] = [
    ['CREATING_CONTRACT', null, 'TRANSPORT', ['EDIT']],
    ['CREATING_CONTRACT', 'DRAFT', 'TRANSPORT', ['EDIT', 'SEND']],
    ['CREATING_CONTRACT', 'RETURNED', 'TRANSPORT', ['EDIT', 'SEND']],
    ['REQUEST_CONTRACT', 'REQUESTED', 'WASTE', ['RETURN', 'APPROVE']],
    ['COMPLETE_CONTRACT', 'APPROVED', 'WASTE', ['DECIDE_RENEWAL']],
    ['COMPLETE_CONTRACT', 'APPROVED', 'TRANSPORT', ['DECIDE_RENEWAL']],
    ['IN_PROGRESS', 'APPROVED', 'WASTE', ['DECIDE_RENEWAL']],
    ['IN_PROGRESS', 'APPROVED', 'TRANSPORT', ['DECIDE_RENEWAL']],
  ];
  for (const projectStatus of PROJECT_STATUSES)
    for (const contractStatus of [null, ...CONTRACT_STATUSES])
      for (const role of ['WASTE', 'TRANSPORT'] as const) {
        const expected =
          ALLOWED.find(([p, c, r]) => p === projectStatus && c === contractStatus && r === role)?.[3] ?? [];
        it(`${projectStatus} / ${contractStatus} / ${role} -> ${expected.join(',') || 'nothing'}`, () => {
          expect(
            contractActions({ projectStatus, contractStatus, contractType: 'AUTO_UPDATE' }, role),
          ).toEqual(expected);
        });
      }

  it('offers the renewal decision only for auto-renewing contracts', () => {
    for (const contractType of ['NO_AUTO_UPDATE', 'SPOT'])
      expect(
        contractActions({ projectStatus: 'IN_PROGRESS', contractStatus: 'APPROVED', contractType }, 'WASTE'),
      ).toEqual([]);
  });
});

describe('statusOnApproval', () => {
  it('is in progress from the start date, contract complete before it', () => {
    expect(statusOnApproval('2026-12-01', '2026-11-30')).toBe('COMPLETE_CONTRACT');
    expect(statusOnApproval('2026-12-01', '2026-12-01')).toBe('IN_PROGRESS');
    expect(statusOnApproval('2026-11-01', '2026-12-01')).toBe('IN_PROGRESS');
  });
});

describe('contractDateIssues', () => {
  const ok = { startDate: '2026-12-01', endDate: '2027-11-30', licenseExpireDate: '2028-03-31' };
  it('accepts a period from today on with a valid license', () => {
    expect(contractDateIssues(ok, '2026-11-21')).toEqual([]);
    expect(contractDateIssues({ ...ok, startDate: '2026-11-21' }, '2026-11-21')).toEqual([]);
    expect(contractDateIssues({ ...ok, endDate: ok.startDate }, '2026-11-21')).toEqual([]);
  });
  it('refuses a start in the past, an end before the start and an expired license', () => {
    expect(contractDateIssues({ ...ok, startDate: '2026-11-20' }, '2026-11-21')).toEqual([
      { path: 'startDate', code: 'date_in_past' },
    ]);
    expect(contractDateIssues({ ...ok, endDate: '2026-11-30' }, '2026-11-21')).toEqual([
      { path: 'endDate', code: 'invalid_period' },
    ]);
    expect(contractDateIssues({ ...ok, licenseExpireDate: '2026-11-30' }, '2026-11-21')).toEqual([
      { path: 'licenseExpireDate', code: 'license_expired' },
    ]);
  });
  it('leaves malformed dates to the format check', () => {
    expect(contractDateIssues({ ...ok, startDate: '2026-13-01' }, '2026-11-21')).toEqual([]);
  });
  it('checks no license expiry where there is none (a form chooses a permit)', () => {
    expect(contractDateIssues({ startDate: '2026-12-01', endDate: '2027-11-30' }, '2026-11-21')).toEqual([]);
  });
});

describe('dates', () => {
  it('adds months, clamping to the month end', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-12-01', 12)).toBe('2027-12-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(previousDay('2027-01-01')).toBe('2026-12-31');
    expect(previousDay('2028-03-01')).toBe('2028-02-29');
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(daysBetween('2027-01-02', '2026-12-30')).toBe(-3);
    expect(daysBetween('2026-03-01', '2026-03-31')).toBe(30);
  });
  it('renews whole-month periods by months and other periods by days', () => {
    expect(renewedPeriod('2026-04-01', '2027-03-31')).toEqual({
      startDate: '2027-04-01',
      endDate: '2028-03-31',
    });
    expect(renewedPeriod('2026-12-01', '2027-11-30')).toEqual({
      startDate: '2027-12-01',
      endDate: '2028-11-30',
    });
    expect(renewedPeriod('2027-03-01', '2027-05-31')).toEqual({
      startDate: '2027-06-01',
      endDate: '2027-08-31',
    });
    expect(renewedPeriod('2026-12-10', '2026-12-19')).toEqual({
      startDate: '2026-12-20',
      endDate: '2026-12-29',
    });
  });
});

describe('contractInputSchema', () => {
  const valid = {
    contractName: '定期回収契約',
    startDate: '2026-12-01',
    endDate: '2027-11-30',
    unitPrices: [{ wasteLineId: 1, unitPrice: 1200 }],
    contactPerson: '佐藤',
    permitId: 7,
  };
  const codes = (input: unknown) => {
    const r = contractInputSchema.safeParse(input);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };
  it('takes no typed license: the permit stands for it', () => {
    const parsed = contractInputSchema.parse({ ...valid, licenseNumber: 'typed', licenseDistrict: 'typed' });
    expect(parsed).toMatchObject({ permitId: 7 });
    expect(parsed).not.toHaveProperty('licenseNumber');
  });
  it('fills the defaults of the spec', () => {
    const parsed = contractInputSchema.parse(valid);
    expect(parsed).toMatchObject({
      contractType: 'AUTO_UPDATE',
      paymentMethod: 'PAYMENT_INVOICE',
      contractForm: 'COMBINED',
      manifestFee: 0,
      preparationFee: 0,
    });
  });
  it('answers each bad field with its code', () => {
    expect(codes({ ...valid, contractName: ' ' })).toEqual({ contractName: 'MSG_00_21' });
    expect(codes({ ...valid, contactPerson: 'あ'.repeat(17) })).toEqual({
      contactPerson: 'max_length_exceeded',
    });
    expect(codes({ ...valid, startDate: '2026-02-30' })).toEqual({ startDate: 'invalid_format' });
    expect(codes({ ...valid, endDate: '2026-11-30' })).toEqual({ endDate: 'invalid_period' });
    expect(codes({ ...valid, permitId: undefined })).toEqual({ permitId: 'MSG_00_21' });
    expect(codes({ ...valid, permitId: 0 })).toEqual({ permitId: 'MSG_00_21' });
    expect(codes({ ...valid, permitId: '7' })).toEqual({ permitId: 'invalid_format' });
    expect(codes({ ...valid, unitPrices: [{ wasteLineId: 1, unitPrice: -1 }] })).toEqual({
      'unitPrices.0.unitPrice': 'invalid_format',
    });
    expect(codes({ ...valid, unitPrices: [] })).toEqual({ unitPrices: 'MSG_00_21' });
    expect(codes({ ...valid, manifestFee: 1.5 })).toEqual({ manifestFee: 'invalid_format' });
    expect(codes({ ...valid, contractType: 'FOREVER' })).toEqual({ contractType: 'MSG_00_21' });
  });
});

describe('isDayOutsidePeriod', () => {
  it('takes the first and the last day in, and the days around them out', () => {
    const period = { startDate: '2026-05-15', endDate: '2027-02-10' };
    expect(isDayOutsidePeriod('2026-05-14', period)).toBe(true);
    expect(isDayOutsidePeriod('2026-05-15', period)).toBe(false);
    expect(isDayOutsidePeriod('2027-02-10', period)).toBe(false);
    expect(isDayOutsidePeriod('2027-02-11', period)).toBe(true);
  });
});

describe('isMonthOutsidePeriod', () => {
  const period = { startDate: '2026-05-15', endDate: '2027-02-10' };
  it.each([
    ['2026-04', true],
    ['2026-05', false],
    ['2026-11', false],
    ['2027-02', false],
    ['2027-03', true],
  ])('%s: outside %s', (month, outside) => {
    expect(isMonthOutsidePeriod(month, period)).toBe(outside);
  });
  it('reads the month to its last day (February of a leap year, a 31-day month)', () => {
    expect(isMonthOutsidePeriod('2028-02', { startDate: '2028-02-29', endDate: '2028-12-31' })).toBe(false);
    expect(isMonthOutsidePeriod('2026-01', { startDate: '2026-01-31', endDate: '2026-12-31' })).toBe(false);
    expect(isMonthOutsidePeriod('2026-01', { startDate: '2026-02-01', endDate: '2026-12-31' })).toBe(true);
  });
});
