import { describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE, pageQuery, pageQuerySchema, sortQuerySchema } from './common';

const issue = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`);

describe('pageQuery', () => {
  it('defaults to the first page and the list’s own size', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, size: 20 });
    expect(pageQuery(50).parse({})).toEqual({ page: 1, size: 50 });
  });

  it.each([
    [
      { page: '3', size: '100' },
      { page: 3, size: MAX_PAGE_SIZE },
    ],
    [
      { page: '1', size: '1' },
      { page: 1, size: 1 },
    ],
  ])('reads %o', (query, parsed) => {
    expect(pageQuery(50).parse(query)).toEqual(parsed);
  });

  it.each([
    [{ page: '0' }, 'page:invalid_format'],
    [{ page: '-1' }, 'page:invalid_format'],
    [{ page: '1.5' }, 'page:invalid_format'],
    [{ page: '0x2' }, 'page:invalid_format'],
    [{ size: '0' }, 'size:invalid_format'],
    [{ size: '101' }, 'size:invalid_format'],
    [{ size: '100000' }, 'size:invalid_format'],
    [{ page: ['1', '2'] }, 'page:MSG_00_21'],
  ])('refuses %o with a message code', (query, code) => {
    expect(issue(pageQuery(50).safeParse(query))).toEqual([code]);
  });
});

describe('sortQuerySchema', () => {
  const schema = sortQuerySchema(['createdDate', 'id'] as const, 'createdDate', 'desc');

  it('defaults to the list’s key and order', () => {
    expect(schema.parse({})).toEqual({ sort: 'createdDate', order: 'desc' });
    expect(schema.parse({ sort: 'id', order: 'asc' })).toEqual({ sort: 'id', order: 'asc' });
  });

  it('refuses a key the list does not sort on, and an unknown order', () => {
    expect(schema.safeParse({ sort: 'password' }).success).toBe(false);
    expect(schema.safeParse({ order: 'sideways' }).success).toBe(false);
    expect(schema.safeParse({ sort: 'id; drop table' }).success).toBe(false);
  });
});
