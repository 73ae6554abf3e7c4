import { describe, expect, it } from 'vitest';
import { fieldNamePath, firstIssues, firstPerField, namePath } from './form-issues';

describe('firstPerField', () => {
  it('keeps the first item of each key, in order', () => {
    const items = [
      { k: 'a', n: 1 },
      { k: 'b', n: 2 },
      { k: 'a', n: 3 },
      { k: 'c', n: 4 },
      { k: 'b', n: 5 },
    ];
    expect(firstPerField(items, (i) => i.k).map((i) => i.n)).toEqual([1, 2, 4]);
  });
});

describe('firstIssues', () => {
  it('maps paths to fields, one issue per field, unmapped paths under one null field', () => {
    const issues = [
      { path: ['title'], message: 'MSG_00_21' },
      { path: ['title'], message: 'MSG_00_27' },
      { path: ['lines', 0, 'volume'], message: 'MSG_00_27' },
      { path: ['other'], message: 'A' },
      { path: ['elsewhere'], message: 'B' },
      // Text over its maximum without a code of its own.
      {
        path: ['memo'],
        message: 'Too big: expected string to have <=512 characters',
        code: 'too_big',
        origin: 'string',
      },
    ];
    const fieldOf = (p: string) => (['title', 'lines.0.volume', 'memo'].includes(p) ? p : null);
    expect(firstIssues(issues, fieldOf)).toEqual([
      { name: 'title', code: 'MSG_00_21' },
      { name: 'lines.0.volume', code: 'MSG_00_27' },
      { name: null, code: 'A' },
      { name: 'memo', code: 'max_length_exceeded' },
    ]);
  });
});

describe('name paths', () => {
  it('drops symbols from schema paths', () => {
    expect(namePath(['a', 1, Symbol('s')])).toEqual(['a', 1]);
  });

  it('reads digit parts of a server field name as list indexes', () => {
    expect(fieldNamePath('offices.0.officeName')).toEqual(['offices', 0, 'officeName']);
    expect(fieldNamePath('email')).toEqual(['email']);
    expect(fieldNamePath('lines.10a.volume')).toEqual(['lines', '10a', 'volume']);
  });
});
