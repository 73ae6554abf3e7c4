import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { FILE_REFERENCES } from './orphan-sweep';

describe('orphan file sweep', () => {
  it('knows every table that names stored files (else the sweep would delete their files)', () => {
    const naming = (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => value instanceof PgTable)
      .filter((table) => getTableConfig(table).columns.some((c) => c.name === 'storage_key'))
      .map((table) => getTableConfig(table).name);
    expect(naming.length).toBeGreaterThan(0);
    expect(naming.sort()).toEqual(FILE_REFERENCES.map((r) => getTableConfig(r.table).name).sort());
  });
});
