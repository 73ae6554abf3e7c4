import { describe, expect, it } from 'vitest';
import { wasteKindIssue, wasteKindOptions } from './permit-form-values';

describe('the waste kinds of a permit', () => {
  const wastes = [
    { id: 1, name: '燃え殻', level: 1 },
    { id: 2, name: '廃プラスチック類', level: 1 },
    { id: 21, name: '発泡スチロール', level: 2 },
  ];

  it('offers the industrial major classes', () => {
    expect(wasteKindOptions(wastes, null)).toEqual([
      { value: 1, label: '燃え殻' },
      { value: 2, label: '廃プラスチック類' },
    ]);
    expect(wasteKindOptions(undefined, null)).toEqual([]);
  });

  it('keeps a kind an older permit holds under its name, so it never shows as a bare id', () => {
    const editing = {
      wasteKinds: [
        { id: 2, name: '廃プラスチック類' },
        { id: 90, name: '可燃ごみ' },
      ],
    };
    expect(wasteKindOptions(wastes, editing).map((o) => o.label)).toEqual([
      '燃え殻',
      '廃プラスチック類',
      '可燃ごみ',
    ]);
  });

  it('refuses a kind that is no industrial major class, once the master is loaded', () => {
    expect(wasteKindIssue([1, 2], wastes)).toBeNull();
    expect(wasteKindIssue([2, 90], wastes)).toBe('waste_kind_not_industrial');
    expect(wasteKindIssue([21], wastes)).toBe('waste_kind_not_industrial');
    expect(wasteKindIssue([90], undefined)).toBeNull();
  });
});
