import { describe, expect, it } from 'vitest';
import { MESSAGE_CODES } from '../messages';
import {
  type AgreementContract,
  type AgreementManifest,
  confirmsDifferences,
  MANIFEST_DIFFERENCE_KINDS,
  MANIFEST_DIFFERENCE_MESSAGES,
  type ManifestDifference,
  manifestContractDifferences,
  wasteKindIdOf,
} from './manifest-agreement';

const PLASTICS = { id: 6, name: '廃プラスチック類' };
const METAL = { id: 12, name: '金属くず' };
const TOTO = { id: 3, name: '東都環境サービス株式会社' };
const OTHER = { id: 4, name: 'junkan収集運搬' };
const SHINKIBA = { id: 1, name: '新木場リサイクルセンター' };
const KAWASAKI = { id: 2, name: '川崎処理センター' };

const contract = (over: Partial<AgreementContract> = {}): AgreementContract => ({
  startDate: '2026-04-01',
  endDate: '2027-03-31',
  transporter: TOTO,
  disposalSite: SHINKIBA,
  wasteLines: [{ id: 100, name: '廃プラスチック類', kind: PLASTICS }],
  ...over,
});

const manifest = (over: Partial<AgreementManifest> = {}): AgreementManifest => ({
  deliveryDate: '2026-10-01',
  transporter: TOTO,
  disposalSite: SHINKIBA,
  waste: { lineId: 100, name: '廃プラスチック類', kind: PLASTICS },
  ...over,
});

describe('manifestContractDifferences', () => {
  it.each<[string, Partial<AgreementContract> | null, Partial<AgreementManifest>, ManifestDifference[]]>([
    ['a manifest as contracted', {}, {}, []],
    ['the first day of the period', {}, { deliveryDate: '2026-04-01' }, []],
    ['the last day of the period', {}, { deliveryDate: '2027-03-31' }, []],
    [
      'the day before the period',
      {},
      { deliveryDate: '2026-03-31' },
      [{ kind: 'PERIOD', contractValues: ['2026-04-01', '2027-03-31'], manifestValue: '2026-03-31' }],
    ],
    [
      'the day after the period',
      {},
      { deliveryDate: '2027-04-01' },
      [{ kind: 'PERIOD', contractValues: ['2026-04-01', '2027-03-31'], manifestValue: '2027-04-01' }],
    ],
    [
      'a minor class of a contracted kind (the same kind to the Act)',
      {},
      { waste: { lineId: null, name: '発泡スチロール', kind: PLASTICS } },
      [],
    ],
    [
      'a waste of another kind',
      {},
      { waste: { lineId: null, name: '鉄スクラップ', kind: METAL } },
      [{ kind: 'WASTE_KIND', contractValues: ['廃プラスチック類'], manifestValue: '鉄スクラップ' }],
    ],
    [
      'a waste with no known class, not a contract line',
      {},
      { waste: { lineId: null, name: '雑品', kind: null } },
      [{ kind: 'WASTE_KIND', contractValues: ['廃プラスチック類'], manifestValue: '雑品' }],
    ],
    [
      'a contract line without a class is named by itself',
      { wasteLines: [{ id: 100, name: '混合廃棄物', kind: null }] },
      { waste: { lineId: 100, name: '混合廃棄物', kind: null } },
      [],
    ],
    [
      'the kinds of the contract listed once each, unclassified lines by name',
      {
        wasteLines: [
          { id: 100, name: '廃プラスチック類', kind: PLASTICS },
          { id: 101, name: '発泡スチロール', kind: PLASTICS },
          { id: 102, name: '混合廃棄物', kind: null },
        ],
      },
      { waste: { lineId: null, name: '金属くず', kind: METAL } },
      [
        {
          kind: 'WASTE_KIND',
          contractValues: ['廃プラスチック類', '混合廃棄物'],
          manifestValue: '金属くず',
        },
      ],
    ],
    [
      'another transporter',
      {},
      { transporter: OTHER },
      [{ kind: 'TRANSPORTER', contractValues: [TOTO.name], manifestValue: OTHER.name }],
    ],
    [
      'another disposal site',
      {},
      { disposalSite: KAWASAKI },
      [{ kind: 'DISPOSAL_SITE', contractValues: [SHINKIBA.name], manifestValue: KAWASAKI.name }],
    ],
    [
      'no disposal site on the manifest where the route has one',
      {},
      { disposalSite: null },
      [{ kind: 'DISPOSAL_SITE', contractValues: [SHINKIBA.name], manifestValue: null }],
    ],
    [
      'a disposal site where the route records none',
      { disposalSite: null },
      {},
      [{ kind: 'DISPOSAL_SITE', contractValues: [], manifestValue: SHINKIBA.name }],
    ],
    ['no disposal site on either side', { disposalSite: null }, { disposalSite: null }, []],
    [
      'everything at once, in the order of the kinds',
      {},
      {
        deliveryDate: '2026-01-10',
        transporter: OTHER,
        disposalSite: KAWASAKI,
        waste: { lineId: null, name: '金属くず', kind: METAL },
      },
      [
        { kind: 'PERIOD', contractValues: ['2026-04-01', '2027-03-31'], manifestValue: '2026-01-10' },
        { kind: 'WASTE_KIND', contractValues: ['廃プラスチック類'], manifestValue: '金属くず' },
        { kind: 'TRANSPORTER', contractValues: [TOTO.name], manifestValue: OTHER.name },
        { kind: 'DISPOSAL_SITE', contractValues: [SHINKIBA.name], manifestValue: KAWASAKI.name },
      ],
    ],
    [
      'no contract: nothing else compared',
      null,
      { deliveryDate: '2020-01-01', transporter: OTHER },
      [{ kind: 'NO_CONTRACT', contractValues: [], manifestValue: null }],
    ],
  ])('%s', (_, c, m, expected) => {
    expect(manifestContractDifferences(c === null ? null : contract(c), manifest(m))).toEqual(expected);
  });
});

describe('confirmsDifferences', () => {
  const period: ManifestDifference = { kind: 'PERIOD', contractValues: [], manifestValue: null };
  const transporter: ManifestDifference = { kind: 'TRANSPORTER', contractValues: [], manifestValue: null };
  it.each<[string, ManifestDifference[], Parameters<typeof confirmsDifferences>[1], boolean]>([
    ['nothing to confirm', [], undefined, true],
    ['nothing to confirm, a stale confirmation given', [], ['PERIOD'], true],
    ['not confirmed', [period], undefined, false],
    ['confirmed exactly', [period, transporter], ['TRANSPORTER', 'PERIOD'], true],
    ['confirmed in part', [period, transporter], ['PERIOD'], false],
    ['confirmed for other differences', [period], ['TRANSPORTER'], false],
    ['confirmed with one more than now', [period], ['PERIOD', 'TRANSPORTER'], false],
    ['a repeated kind does not stand for another', [period, transporter], ['PERIOD', 'PERIOD'], false],
  ])('%s', (_, differences, confirmed, expected) =>
    expect(confirmsDifferences(differences, confirmed)).toBe(expected),
  );
});

describe('wasteKindIdOf', () => {
  it.each([
    [{ id: 6, parentPath: '' }, 6],
    [{ id: 61, parentPath: '/6/' }, 6],
    [{ id: 611, parentPath: '/6/61/' }, 6],
  ])('%j', (waste, expected) => expect(wasteKindIdOf(waste)).toBe(expected));
});

it('has a message for every difference', () => {
  for (const kind of MANIFEST_DIFFERENCE_KINDS)
    expect(MESSAGE_CODES).toContain(MANIFEST_DIFFERENCE_MESSAGES[kind]);
});
