import { describe, expect, it } from 'vitest';
import { type AddressFilters, changedFilterParams, listParty } from './list-page';

interface Filters {
  keyword: string;
  page: number;
}

const codec: AddressFilters<Filters> = {
  parse: (params) => ({ keyword: params.get('keyword') ?? '', page: Number(params.get('page') ?? 1) }),
  toParams: (f) => new URLSearchParams({ keyword: f.keyword, page: String(f.page) }),
};

describe('listParty', () => {
  it("follows the header's company selector for a transporter", () => {
    expect(listParty(['TRANSPORT'], 7)).toEqual({ isTransport: true, isDischarger: false, companyFilter: 7 });
    expect(listParty(['TRANSPORT'], 'ALL')).toEqual({
      isTransport: true,
      isDischarger: false,
      companyFilter: 'ALL',
    });
  });

  it('shows a discharger its own list, whatever the selector holds', () => {
    expect(listParty(['WASTE'], 7)).toEqual({ isTransport: false, isDischarger: true, companyFilter: null });
  });
});

describe('changedFilterParams', () => {
  it('makes the change to the filters the address holds, keeping the others', () => {
    expect(changedFilterParams('?keyword=iron&page=3', codec, { page: 4 }).toString()).toBe(
      'keyword=iron&page=4',
    );
  });

  it('starts from the parsed defaults when the address holds none', () => {
    expect(changedFilterParams('', codec, { keyword: 'wood' }).toString()).toBe('keyword=wood&page=1');
  });
});
