import type { Contract } from '@junkan/shared/api/contracts';
import type { ProjectQuote } from '@junkan/shared/api/projects';
import { describe, expect, it } from 'vitest';
import { compareWithAcceptedQuote } from './contract-quote-comparison';

const quote = (status: ProjectQuote['status'], unit: string | null): ProjectQuote => ({
  id: 1,
  status,
  transportCompany: { id: 2, name: '運搬' },
  contractForm: null,
  lines: [
    {
      id: 10,
      wasteLineId: 5,
      wasteName: '可燃ごみ',
      kind: 'REGULAR',
      pricingBasis: 'QUANTITY',
      bagSize: null,
      unitPrice: 1500,
      transportUnitPrice: null,
      disposalUnitPrice: null,
      quantity: 100,
      unitMeasure: unit === null ? null : { id: 1, unit },
      amount: 150000,
    },
  ],
  totalAmount: 150000,
  totalWithTax: 165000,
  validUntil: null,
  isExpired: false,
  note: null,
  document: null,
  createdDate: '2026-11-01T00:00:00.000Z',
});
const contract = (unitPrice: number): Pick<Contract, 'unitPrices'> => ({
  unitPrices: [
    {
      wasteLineId: 5,
      wasteName: '可燃ごみ',
      unitPrice,
      transportUnitPrice: null,
      disposalUnitPrice: null,
      unit: 'kg',
    },
  ],
});

describe('compareWithAcceptedQuote', () => {
  it.each<[string, ProjectQuote | null, number, number | null]>([
    ['the same price', quote('ACCEPTED', 'kg'), 1500, 0],
    ['another price', quote('ACCEPTED', 'kg'), 1400, 1],
    // The contract names the waste line's own unit where the quote stated none.
    ['a quote without a unit', quote('ACCEPTED', null), 1400, 1],
    ['a quote not accepted', quote('SUBMITTED', 'kg'), 1400, null],
    ['no quote', null, 1400, null],
  ])('%s', (_name, q, unitPrice, differences) => {
    expect(compareWithAcceptedQuote(contract(unitPrice), q)?.differenceCount ?? null).toBe(differences);
  });
});

describe('compareWithAcceptedQuote on a line priced per bag', () => {
  const perBag = quote('ACCEPTED', null);
  const line = perBag?.lines[0];
  if (line) Object.assign(line, { pricingBasis: 'BAG', bagSize: 45, unitPrice: 300 });
  const contractPerBag = (unit: string): Pick<Contract, 'unitPrices'> => ({
    unitPrices: [{ ...contract(300).unitPrices[0], unit } as Contract['unitPrices'][number]],
  });

  it('matches the contract line in bags of the same size', () => {
    expect(compareWithAcceptedQuote(contractPerBag('袋(45L)'), perBag)?.differenceCount).toBe(0);
  });

  it('does not match a contract line in kg', () => {
    expect(compareWithAcceptedQuote(contractPerBag('kg'), perBag)?.differenceCount).toBeGreaterThan(0);
  });
});
