import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { firstIssues, firstPerField, namePath, setZodIssues } from './form-issues';

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
    ];
    const fieldOf = (p: string) => (p === 'title' || p === 'lines.0.volume' ? p : null);
    expect(firstIssues(issues, fieldOf)).toEqual([
      { name: 'title', code: 'MSG_00_21' },
      { name: 'lines.0.volume', code: 'MSG_00_27' },
      { name: null, code: 'A' },
    ]);
  });
});

describe('setZodIssues', () => {
  beforeAll(async () => {
    await i18next.init({
      lng: 'ja',
      resources: { ja: { translation: { MSG_00_21: '必須', MSG_00_27: '形式', unknown_error: '?' } } },
    });
  });

  it('sets each field its first issue text, with array paths', () => {
    const set: unknown[] = [];
    const form = { setFields: (fields: unknown[]) => set.push(...fields) };
    setZodIssues(
      form as never,
      [
        { path: ['offices', 0, 'officeName'], message: 'MSG_00_21' },
        { path: ['offices', 0, 'officeName'], message: 'MSG_00_27' },
        { path: ['email', Symbol('x')], message: 'MSG_00_27' },
      ],
      i18next.t.bind(i18next) as TFunction,
    );
    expect(set).toEqual([
      { name: ['offices', 0, 'officeName'], errors: ['必須'] },
      { name: ['email'], errors: ['形式'] },
    ]);
  });

  it('drops symbols from paths', () => {
    expect(namePath(['a', 1, Symbol('s')])).toEqual(['a', 1]);
  });
});
