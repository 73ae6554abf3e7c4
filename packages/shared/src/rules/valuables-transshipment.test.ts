import { describe, expect, it } from 'vitest';
import type { CoveragePermit } from './permit-coverage';
import {
  isValuablesWithoutTransshipment,
  prefectureOfAddress,
  transshipmentWindows,
} from './valuables-transshipment';

const permit = (over: Partial<CoveragePermit> = {}): CoveragePermit => ({
  district: '13',
  kind: 'COLLECTION_TRANSPORT',
  wasteKindIds: [6],
  issueDate: '2025-01-01',
  expiryDate: '2029-12-31',
  retired: false,
  transshipment: true,
  ...over,
});
const WINDOW = { from: '2025-01-01', to: '2029-12-31' };

describe('transshipmentWindows', () => {
  it.each<[string, CoveragePermit[], string[], number | null, unknown[]]>([
    ['a transshipment permit of a prefecture on the route', [permit()], ['東京都', '埼玉県'], 6, [WINDOW]],
    ['by district code too', [permit()], ['13'], 6, [WINDOW]],
    [
      "a designated city's permit counts for its prefecture",
      [permit({ district: '14100' })],
      ['神奈川県'],
      6,
      [WINDOW],
    ],
    ['no transshipment allowed', [permit({ transshipment: false })], ['東京都'], 6, []],
    ['a prefecture off the route', [permit({ district: '27' })], ['東京都', '埼玉県'], 6, []],
    ['another waste kind', [permit({ wasteKindIds: [12] })], ['東京都'], 6, []],
    ['any kind when the kind is unknown', [permit({ wasteKindIds: [12] })], ['東京都'], null, [WINDOW]],
    ['a retired permit', [permit({ retired: true })], ['東京都'], 6, []],
    ['a disposal permit', [permit({ kind: 'DISPOSAL' })], ['東京都'], 6, []],
    ['route unknown: any permit of the transporter', [permit({ district: '27' })], [], 6, [WINDOW]],
    ['unreadable districts are no route', [permit({ district: '27' })], ['Tokyo'], 6, [WINDOW]],
  ])('%s', (_, permits, route, kind, expected) =>
    expect(transshipmentWindows(permits, route, kind)).toEqual(expected),
  );
});

describe('isValuablesWithoutTransshipment', () => {
  it.each<[string, number | null, { from: string; to: string }[], string, boolean]>([
    ['valuables with no storage', 1.5, [], '2026-05-01', true],
    ['valuables with storage on the day', 1.5, [WINDOW], '2026-05-01', false],
    ['storage on the first day', 1.5, [WINDOW], '2025-01-01', false],
    ['storage on the last day', 1.5, [WINDOW], '2029-12-31', false],
    ['storage ended the day before', 1.5, [WINDOW], '2030-01-01', true],
    ['storage not yet valid', 1.5, [WINDOW], '2024-12-31', true],
    ['no valuables', 0, [], '2026-05-01', false],
    ['valuables left empty', null, [], '2026-05-01', false],
  ])('%s', (_, valuables, windows, day, expected) =>
    expect(isValuablesWithoutTransshipment(valuables, windows, day)).toBe(expected),
  );
});

describe('prefectureOfAddress', () => {
  it.each([
    ['東京都中央区銀座1-2-3', '東京都'],
    ['京都府京都市下京区', '京都府'],
    [' 大阪府大阪市北区', '大阪府'],
    ['中央区銀座', null],
    ['', null],
  ])('%s', (address, expected) => expect(prefectureOfAddress(address)).toBe(expected));
});
