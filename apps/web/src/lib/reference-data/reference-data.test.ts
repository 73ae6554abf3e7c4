import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  codeMasterQueryKey,
  DISPOSAL_METHOD_KIND,
  PACKING_STYLE_KIND,
  UNIT_MEASURE_KIND,
} from '../../features/code-masters/code-master-kinds';
import { disposalMethodsQueryOptions } from './disposal-methods';
import { DISPOSAL_SITES_KEY, disposalSitesQueryOptions } from './disposal-sites';
import { packingStylesQueryOptions } from './packing-styles';
import { unitMeasuresQueryOptions } from './unit-measures';
import { WASTES_KEY, wastesQueryOptions } from './wastes';

const isInvalidated = (client: QueryClient, queryKey: readonly unknown[]) =>
  client.getQueryState(queryKey)?.isInvalidated === true;

describe('reference data keys', () => {
  it.each([
    ['unit', UNIT_MEASURE_KIND, unitMeasuresQueryOptions().queryKey],
    ['packing', PACKING_STYLE_KIND, packingStylesQueryOptions().queryKey],
    ['disposal method', DISPOSAL_METHOD_KIND, disposalMethodsQueryOptions().queryKey],
  ])('a %s master write refreshes the selectors of every other screen', (_name, kind, readerKey) => {
    const client = new QueryClient();
    const lastCode = [...codeMasterQueryKey(kind), 'last-code'];
    const others = [UNIT_MEASURE_KIND, PACKING_STYLE_KIND, DISPOSAL_METHOD_KIND]
      .filter((other) => other !== kind)
      .map((other) => other.listQueryOptions().queryKey);
    for (const key of [readerKey, lastCode, ...others]) client.setQueryData(key, []);
    // What the code-master screen's create, update and delete do on success.
    void client.invalidateQueries({ queryKey: codeMasterQueryKey(kind) });
    expect(isInvalidated(client, readerKey)).toBe(true);
    expect(isInvalidated(client, lastCode)).toBe(true);
    for (const key of others) expect(isInvalidated(client, key)).toBe(false);
  });

  it('a waste master write refreshes the waste lists of every category', () => {
    const client = new QueryClient();
    const keys = [
      wastesQueryOptions().queryKey,
      wastesQueryOptions('INDUSTRIAL').queryKey,
      wastesQueryOptions('REGULAR').queryKey,
    ];
    for (const key of keys) client.setQueryData(key, []);
    void client.invalidateQueries({ queryKey: WASTES_KEY });
    for (const key of keys) expect(isInvalidated(client, key)).toBe(true);
    expect(new Set(keys.map((key) => JSON.stringify(key))).size).toBe(3);
  });

  it('a disposal-site write refreshes the master list and the transport operator selector alike', () => {
    const client = new QueryClient();
    const selector = disposalSitesQueryOptions({
      query: 'x',
      page: 1,
      size: 50,
      sort: 'code',
      order: 'asc',
    }).queryKey;
    client.setQueryData(selector, { items: [], total: 0, page: 1, size: 50 });
    void client.invalidateQueries({ queryKey: DISPOSAL_SITES_KEY });
    expect(isInvalidated(client, selector)).toBe(true);
  });
});
