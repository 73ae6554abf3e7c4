import { describe, expect, it } from 'vitest';
import {
  childParentPath,
  isValidConversionFactor,
  isValidWasteCode,
  majorClassIdOf,
  parseParentPath,
  placeWaste,
  type WasteParent,
} from './waste-tree';

describe('parseParentPath', () => {
  it.each([
    ['', []],
    ['/', []],
    ['/1/', [1]],
    ['/1/12/', [1, 12]],
    ['/1/12/305/', [1, 12, 305]],
    ['1/', null],
    ['/1', null],
    ['/0/', null],
    ['/01/', null],
    ['//', null],
    ['/a/', null],
    ['/1//2/', null],
    ['/-1/', null],
  ])('%j -> %j', (path, expected) => {
    expect(parseParentPath(path)).toEqual(expected);
  });
});

describe('childParentPath', () => {
  it.each([
    [{ id: 1, parentPath: '' }, '/1/'],
    [{ id: 12, parentPath: '/1/' }, '/1/12/'],
    [{ id: 305, parentPath: '/1/12/' }, '/1/12/305/'],
  ])('%j -> %j', (node, expected) => {
    expect(childParentPath(node)).toBe(expected);
    expect(parseParentPath(expected)).toEqual([...(parseParentPath(node.parentPath) ?? []), node.id]);
  });
});

describe('majorClassIdOf', () => {
  it.each([
    [{ id: 1, parentPath: '' }, 1],
    [{ id: 1, parentPath: '/' }, 1],
    [{ id: 12, parentPath: '/1/' }, 1],
    [{ id: 305, parentPath: '/1/12/' }, 1],
    [{ id: 7, parentPath: 'broken' }, null],
  ])('%j -> %j', (node, expected) => {
    expect(majorClassIdOf(node)).toBe(expected);
  });
});

describe('isValidWasteCode', () => {
  it.each([
    ['0100000', true],
    ['R000001', true],
    ['abcDEF1', true],
    ['010000', false],
    ['01000000', false],
    ['0100-00', false],
    ['０１００００００', false],
    ['', false],
  ])('%j -> %j', (code, expected) => {
    expect(isValidWasteCode(code)).toBe(expected);
  });
});

describe('isValidConversionFactor', () => {
  it.each([
    [0, true],
    [1.1, true],
    [0.0001, true],
    ['1.4800', true],
    [999999.9999, true],
    [-1, false],
    [0.00001, false],
    [1234567, false],
    ['1.', false],
    ['abc', false],
    [Number.NaN, false],
  ])('%j -> %j', (value, expected) => {
    expect(isValidConversionFactor(value)).toBe(expected);
  });
});

describe('placeWaste', () => {
  const major: WasteParent = { id: 1, parentPath: '', level: 1, category: 'INDUSTRIAL' };
  const middle: WasteParent = { id: 12, parentPath: '/1/', level: 2, category: 'INDUSTRIAL' };
  const minor: WasteParent = { id: 305, parentPath: '/1/12/', level: 3, category: 'INDUSTRIAL' };
  it.each([
    ['a major class', { parentPath: '', level: 1 }, null, { ok: true, parentId: null, level: 1 }],
    ['a major class with /', { parentPath: '/', level: 1 }, null, { ok: true, parentPath: '', level: 1 }],
    ['a major class at level 2', { parentPath: '', level: 2 }, null, { ok: false, field: 'level' }],
    [
      'a middle class',
      { parentPath: '/1/', level: 2 },
      major,
      { ok: true, parentId: 1, parentPath: '/1/', level: 2, category: 'INDUSTRIAL' },
    ],
    ['a minor class', { parentPath: '/1/12/', level: 3 }, middle, { ok: true, parentId: 12, level: 3 }],
    ['a level not the depth', { parentPath: '/1/', level: 3 }, major, { ok: false, field: 'level' }],
    [
      'a missing parent',
      { parentPath: '/1/', level: 2 },
      null,
      { ok: false, field: 'parentPath', code: 'parent_not_found' },
    ],
    [
      'a path not the parent’s',
      { parentPath: '/7/12/', level: 3 },
      middle,
      { ok: false, code: 'parent_not_found' },
    ],
    [
      'below a minor class',
      { parentPath: '/1/12/305/', level: 4 },
      minor,
      { ok: false, field: 'parentPath', code: 'waste_level_exceeded' },
    ],
    [
      'a malformed path',
      { parentPath: '1/2', level: 2 },
      null,
      { ok: false, field: 'parentPath', code: 'invalid_format' },
    ],
  ] as const)('%s', (_label, input, parent, expected) => {
    expect(placeWaste(input, parent)).toMatchObject(expected);
  });

  it('gives a child its parent’s category', () => {
    const regular: WasteParent = { id: 9, parentPath: '', level: 1, category: 'REGULAR' };
    expect(placeWaste({ parentPath: '/9/', level: 2 }, regular)).toMatchObject({ category: 'REGULAR' });
  });
});
