import { paths } from '@junkan/shared/paths';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_MANIFEST_FILTERS,
  formatManifestDate,
  manifestFiltersToParams,
  manifestListQuery,
  parseManifestFilters,
  parseManifestNumberParam,
  parseManifestStatus,
} from './manifest-filters';

const params = (query: string) => new URLSearchParams(query);

describe('parseManifestFilters', () => {
  it.each([
    ['', EMPTY_MANIFEST_FILTERS],
    [
      'manifestNumber=%2012345678901%20&status=TEMP_TRANSPORT&deliveryFrom=2026-04-01&deliveryTo=2026-04-30',
      {
        manifestNumber: '12345678901',
        status: 'TEMP_TRANSPORT',
        deliveryFrom: '2026-04-01',
        deliveryTo: '2026-04-30',
      },
    ],
    // Unknown status and impossible dates are dropped; the number is cut to 11 characters.
    [
      'manifestNumber=123456789012345&status=DONE&deliveryFrom=2026-02-30&deliveryTo=yesterday',
      { manifestNumber: '12345678901', status: null, deliveryFrom: null, deliveryTo: null },
    ],
    // A reversed range is put in order.
    [
      'deliveryFrom=2026-05-10&deliveryTo=2026-05-01',
      { manifestNumber: '', status: null, deliveryFrom: '2026-05-01', deliveryTo: '2026-05-10' },
    ],
    [
      'deliveryTo=2026-05-01',
      { manifestNumber: '', status: null, deliveryFrom: null, deliveryTo: '2026-05-01' },
    ],
  ])('%s', (query, expected) => {
    expect(parseManifestFilters(params(query))).toEqual(expected);
  });
});

describe('manifestFiltersToParams', () => {
  it('leaves empty filters out', () => {
    expect(manifestFiltersToParams(EMPTY_MANIFEST_FILTERS).toString()).toBe('');
    expect(manifestFiltersToParams({ ...EMPTY_MANIFEST_FILTERS, manifestNumber: '  ' }).toString()).toBe('');
  });

  it('round-trips through the address', () => {
    const filters = {
      manifestNumber: '1234',
      status: 'REGISTERED' as const,
      deliveryFrom: '2026-01-05',
      deliveryTo: '2026-03-31',
    };
    const address = manifestFiltersToParams(filters);
    expect(address.toString()).toBe(
      'manifestNumber=1234&status=REGISTERED&deliveryFrom=2026-01-05&deliveryTo=2026-03-31',
    );
    expect(parseManifestFilters(address)).toEqual(filters);
  });
});

describe('manifestListQuery', () => {
  const filters = { ...EMPTY_MANIFEST_FILTERS, status: 'RESERVED' as const, deliveryFrom: '2026-04-01' };

  it('sends the filters without a company for a discharger', () => {
    expect(manifestListQuery(filters, null)).toEqual({ status: 'RESERVED', deliveryFrom: '2026-04-01' });
  });

  it.each([['ALL' as const], [42]])('adds the header company %s for a transporter', (companyId) => {
    expect(manifestListQuery(filters, companyId)).toEqual({
      status: 'RESERVED',
      deliveryFrom: '2026-04-01',
      companyId,
    });
  });
});

describe('detail address', () => {
  it('builds and reads the manifest number', () => {
    const path = paths.manifestDetail.to('12345678901');
    expect(path).toBe('/manifest-detail?manifestNumber=12345678901');
    expect(parseManifestNumberParam(new URL(path, 'http://x').searchParams)).toBe('12345678901');
  });

  it.each([[''], ['manifestNumber='], ['manifestNumber=%20%20']])('%s has no number to open', (query) => {
    expect(parseManifestNumberParam(params(query))).toBeNull();
  });
});

describe('small parsers', () => {
  it('accepts only known statuses', () => {
    expect(parseManifestStatus('FINAL_DISPOSAL_END')).toBe('FINAL_DISPOSAL_END');
    expect(parseManifestStatus('ALL')).toBeNull();
    expect(parseManifestStatus(null)).toBeNull();
  });

  it('shows Japan dates as text', () => {
    expect(formatManifestDate('2026-04-30')).toBe('2026/04/30');
    expect(formatManifestDate(null)).toBe('');
  });
});
