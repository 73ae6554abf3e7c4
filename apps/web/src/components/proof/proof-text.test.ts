import { describe, expect, it } from 'vitest';
import { draftNote, formatBagCounts, mapLink, proofLineParts } from './proof-text';

/** The Japanese texts, interpolated as i18next does. */
const TEXTS: Record<string, string> = {
  'proofs.bags': '{{size}}L × {{count}}袋',
  'proofs.weight': '{{value}} kg',
  'proofs.draftFilled': 'ドライバーの記録から入力（{{count}}件）',
  'proofs.draftFilledBags': 'ドライバーの記録から入力（{{count}}件、{{bags}}）',
  'proofs.draftBagsOnly': 'ドライバーの記録: {{bags}}（重量の記録なし）',
};
const t = (key: string, options: Record<string, unknown> = {}) =>
  (TEXTS[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]));

describe('formatBagCounts', () => {
  it('lists the sizes counted, smallest first, without empty ones', () => {
    expect(formatBagCounts({ '70': 1, '45': 3, '30': 0, '90': null }, t, '、')).toBe('45L × 3袋、70L × 1袋');
    expect(formatBagCounts({}, t, '、')).toBe('');
  });
});

describe('proofLineParts', () => {
  it('gives bags, weight and volume with its unit', () => {
    expect(proofLineParts({ bags: { '45': 3 }, weightKg: 12.5, volume: 1.5, unit: 'm3' }, t, '、')).toEqual([
      '45L × 3袋',
      '12.50 kg',
      '1.50 m³',
    ]);
  });

  it('leaves out what was not recorded', () => {
    expect(proofLineParts({ bags: {}, weightKg: null, volume: 2, unit: null }, t, '、')).toEqual(['2.00']);
    expect(proofLineParts({ bags: { '45': 0 }, weightKg: 0, volume: null, unit: 'kg' }, t, '、')).toEqual([]);
  });
});

describe('mapLink', () => {
  it('searches the position on the map', () => {
    expect(mapLink({ latitude: 35.6712, longitude: 139.7665 })).toBe(
      'https://www.google.com/maps/search/?api=1&query=35.6712%2C139.7665',
    );
  });
});

describe('draftNote', () => {
  it('says how many weighed lines and the bags', () => {
    expect(draftNote({ weightKg: 120, weighed: 4, bags: { '45': 12 } }, t, '、')).toBe(
      'ドライバーの記録から入力（4件、45L × 12袋）',
    );
    expect(draftNote({ weightKg: 120, weighed: 4, bags: {} }, t, '、')).toBe(
      'ドライバーの記録から入力（4件）',
    );
  });

  it('names the bags alone when nothing was weighed, and nothing without a draft', () => {
    expect(draftNote({ weightKg: 0, weighed: 0, bags: { '70': 2 } }, t, '、')).toBe(
      'ドライバーの記録: 70L × 2袋（重量の記録なし）',
    );
    expect(draftNote({ weightKg: 0, weighed: 0, bags: {} }, t, '、')).toBeNull();
    expect(draftNote(null, t, '、')).toBeNull();
  });
});
