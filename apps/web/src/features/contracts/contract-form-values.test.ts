import type { ContractDraft } from '@junkan/shared/api/contracts';
import { describe, expect, it } from 'vitest';
import {
  buildContractInput,
  type ContractFormValues,
  contractDateCode,
  contractDraftKey,
  contractPermitCode,
  formValuesFromDraft,
  lineAmount,
  restoreFormValues,
} from './contract-form-values';

const draft: ContractDraft = {
  contractName: '一般廃棄物収集運搬契約',
  startDate: '2026-12-01',
  endDate: '2027-11-30',
  contractType: 'AUTO_UPDATE',
  contractForm: 'SEPARATE',
  paymentMethod: 'PAYMENT_INVOICE',
  unitPrices: [
    {
      wasteLineId: 11,
      wasteName: '可燃ごみ',
      kind: 'REGULAR',
      unitPrice: 40,
      transportUnitPrice: null,
      disposalUnitPrice: null,
      unit: 'kg',
      quantity: 120,
    },
    {
      wasteLineId: 12,
      wasteName: '廃プラスチック類',
      kind: 'INDUSTRIAL',
      unitPrice: 1500,
      transportUnitPrice: 600,
      disposalUnitPrice: null,
      unit: 'm3',
      quantity: 2.5,
    },
  ],
  manifestFee: 300,
  preparationFee: 5000,
  contactPerson: '山田 太郎',
  licenseNumber: '13-00-123456',
  licenseDistrict: '東京都',
  licenseExpireDate: '2028-03-31',
  permitId: 7,
  returnReason: null,
  status: null,
};

const values = (patch: Partial<ContractFormValues> = {}): ContractFormValues => ({
  ...formValuesFromDraft(draft),
  ...patch,
});

const codes = (result: ReturnType<typeof buildContractInput>) =>
  result.ok ? [] : result.issues.map((i) => `${i.name.join('.')}=${i.code}`);

describe('buildContractInput', () => {
  it('maps an industrial form to the PUT body with its form choice and manifest fee', () => {
    const result = buildContractInput(values(), 'INDUSTRIAL');
    expect(result).toEqual({
      ok: true,
      input: {
        contractName: '一般廃棄物収集運搬契約',
        startDate: '2026-12-01',
        endDate: '2027-11-30',
        contractType: 'AUTO_UPDATE',
        contractForm: 'SEPARATE',
        paymentMethod: 'PAYMENT_INVOICE',
        unitPrices: [
          { wasteLineId: 11, unitPrice: 40 },
          { wasteLineId: 12, unitPrice: 1500 },
        ],
        manifestFee: 300,
        preparationFee: 5000,
        contactPerson: '山田 太郎',
        permitId: 7,
      },
    });
  });

  it('sends a regular-waste contract as one combined document without a manifest fee', () => {
    const result = buildContractInput(values(), 'REGULAR');
    expect(result.ok && result.input.contractForm).toBe('COMBINED');
    expect(result.ok && result.input.manifestFee).toBe(0);
  });

  it.each([
    [{ contractName: '  ' }, 'contractName=MSG_00_21'],
    [
      {
        unitPrices: [
          { wasteLineId: 11, unitPrice: null, transportUnitPrice: null, disposalUnitPrice: null },
          { wasteLineId: 12, unitPrice: 1, transportUnitPrice: null, disposalUnitPrice: null },
        ],
      },
      'unitPrices.0.unitPrice=MSG_00_21',
    ],
    [{ preparationFee: null }, 'preparationFee=MSG_00_21'],
    [{ endDate: '2026-11-30' }, 'endDate=invalid_period'],
    [{ permitId: null }, 'permitId=MSG_00_21'],
    [{ startDate: '' }, 'startDate=MSG_00_21'],
  ] as [Partial<ContractFormValues>, string][])('puts %j on its field', (patch, expected) => {
    expect(codes(buildContractInput(values(patch), 'INDUSTRIAL'))).toContain(expected);
  });

  it('allows a past start date in a draft but not when sending', () => {
    const past = values({ startDate: '2026-11-01' });
    expect(buildContractInput(past, 'INDUSTRIAL').ok).toBe(true);
    expect(codes(buildContractInput(past, 'INDUSTRIAL', '2026-11-20'))).toEqual(['startDate=date_in_past']);
    expect(buildContractInput(past, 'INDUSTRIAL', '2026-11-01').ok).toBe(true);
  });

  it('sends both parts and their sum for an industrial line of a COMBINED contract', () => {
    const combined = values({ contractForm: 'COMBINED' });
    combined.unitPrices[1] = {
      wasteLineId: 12,
      unitPrice: 1,
      transportUnitPrice: 600,
      disposalUnitPrice: 800,
    };
    const withParts = { ...draft.unitPrices[1]!, disposalUnitPrice: 800 };
    const result = buildContractInput(combined, 'INDUSTRIAL', undefined, [draft.unitPrices[0]!, withParts]);
    expect(result.ok && result.input.unitPrices).toEqual([
      { wasteLineId: 11, unitPrice: 40 },
      { wasteLineId: 12, unitPrice: 1400, transportUnitPrice: 600, disposalUnitPrice: 800 },
    ]);
  });

  it('refuses a part the draft could not confirm, and an emptied part, at the part', () => {
    const combined = values({ contractForm: 'COMBINED' });
    combined.unitPrices[1] = {
      wasteLineId: 12,
      unitPrice: 1,
      transportUnitPrice: null,
      disposalUnitPrice: 800,
    };
    expect(codes(buildContractInput(combined, 'INDUSTRIAL', undefined, draft.unitPrices))).toEqual([
      'unitPrices.1.transportUnitPrice=MSG_00_21',
      'unitPrices.1.disposalUnitPrice=unit_price_cannot_be_confirmed',
    ]);
    // SEPARATE keeps the one unit price.
    expect(buildContractInput(values(), 'INDUSTRIAL', undefined, draft.unitPrices).ok).toBe(true);
  });

  it('reports a date issue once when the schema already found it', () => {
    const result = buildContractInput(values({ endDate: '2026-11-01' }), 'INDUSTRIAL', '2026-11-20');
    expect(codes(result).filter((c) => c.startsWith('endDate'))).toEqual(['endDate=invalid_period']);
  });
});

describe('restoreFormValues', () => {
  it('lays kept input over the draft', () => {
    const kept = {
      ...values(),
      contractName: '変更後',
      unitPrices: [
        { wasteLineId: 11, unitPrice: 45, transportUnitPrice: null, disposalUnitPrice: null },
        { wasteLineId: 12, unitPrice: null, transportUnitPrice: 650, disposalUnitPrice: 900 },
      ],
    };
    const restored = restoreFormValues(JSON.parse(JSON.stringify({ ...kept, permitId: 9 })), draft);
    expect(restored?.contractName).toBe('変更後');
    expect(restored?.permitId).toBe(9);
    expect(restored?.unitPrices).toEqual([
      { wasteLineId: 11, unitPrice: 45, transportUnitPrice: null, disposalUnitPrice: null },
      { wasteLineId: 12, unitPrice: null, transportUnitPrice: 650, disposalUnitPrice: 900 },
    ]);
  });

  it('falls back to the draft for missing or malformed fields', () => {
    const restored = restoreFormValues(
      {
        contractType: 'WEEKLY',
        startDate: 5,
        permitId: '9',
        unitPrices: [{ wasteLineId: 11 }, { wasteLineId: 12 }],
      },
      draft,
    );
    expect(restored).toEqual(formValuesFromDraft(draft));
  });

  it.each([
    ['nothing kept', null],
    ['not an object', 'x'],
    ['other waste lines', { unitPrices: [{ wasteLineId: 11, unitPrice: 1 }] }],
    ['lines in another order', { unitPrices: [{ wasteLineId: 12 }, { wasteLineId: 11 }] }],
  ])('drops kept input with %s', (_label, stored) => {
    expect(restoreFormValues(stored, draft)).toBeNull();
  });
});

describe('lineAmount', () => {
  it.each([
    [40, 120, 4800],
    [1500, 2.5, 3750],
    [333, 0.01, 3],
  ])('%d yen x %d = %d', (price, quantity, amount) => {
    expect(lineAmount(price, quantity)).toBe(amount);
  });

  it('is empty without a price or a quoted quantity', () => {
    expect(lineAmount(null, 1)).toBeNull();
    expect(lineAmount(100, null)).toBeNull();
  });
});

describe('contract draft key and date checks', () => {
  it('keeps unsaved input per user and project', () => {
    expect(contractDraftKey(3, 40)).toBe('junkan.kept.3.contractDraft.40');
    expect(contractDraftKey(undefined, 40)).toBe('junkan.kept.anon.contractDraft.40');
  });

  it('answers the date check of one field from the current values', () => {
    const values: Record<string, unknown> = { startDate: '2026-12-01', endDate: '2026-11-30' };
    const fieldValue = (f: string) => values[f];
    expect(contractDateCode(fieldValue, 'startDate', '2026-11-20')).toBeNull();
    expect(contractDateCode(fieldValue, 'startDate', '2026-12-02')).toBe('date_in_past');
    expect(contractDateCode(fieldValue, 'endDate', '2026-11-20')).toBe('invalid_period');
    expect(contractDateCode(() => undefined, 'endDate', '2026-11-20')).toBeNull();
  });
});

describe('contractPermitCode', () => {
  const permit = {
    kind: 'COLLECTION_TRANSPORT' as const,
    issueDate: '2024-04-01',
    expiryDate: '2026-11-30',
    retiredAt: null,
  };
  it.each([
    [permit, '2026-11-30', null],
    [permit, '2026-12-01', 'contract_permit_expired'],
    [permit, '2024-03-31', 'contract_permit_not_yet_valid'],
    [{ ...permit, kind: 'DISPOSAL' as const }, '2026-01-01', 'contract_permit_not_collection'],
    [{ ...permit, retiredAt: '2026-01-01T00:00:00Z' }, '2026-01-01', 'contract_permit_retired'],
    [null, '2026-01-01', null],
    [permit, '', null],
    [permit, '2026-02-30', null],
  ])('%j from %j: %j', (p, start, code) => {
    expect(contractPermitCode(p, start)).toBe(code);
  });
});
