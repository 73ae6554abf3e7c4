import { describe, expect, it } from 'vitest';
import { MESSAGE_CODES } from '../messages';
import {
  type AgreementContract,
  type AgreementLine,
  type AgreementManifest,
  type AgreementUnit,
  confirmsDifferences,
  contractLineOf,
  convertQuantity,
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

const TONNE: AgreementUnit = { id: 1, unit: 't' };
const CUBIC: AgreementUnit = { id: 2, unit: 'm3' };
const KG: AgreementUnit = { id: 3, unit: 'kg' };
const PIECE: AgreementUnit = { id: 4, unit: '個' };
const LITRE: AgreementUnit = { id: 6, unit: 'L' };

/** A contract line with no unit or quantity stated, unless given. */
const line = (over: Partial<AgreementLine> & Pick<AgreementLine, 'id' | 'name' | 'kind'>): AgreementLine => ({
  units: [],
  perCollection: null,
  collectionsPerMonth: null,
  ...over,
});

const contract = (over: Partial<AgreementContract> = {}): AgreementContract => ({
  startDate: '2026-04-01',
  endDate: '2027-03-31',
  transporter: TOTO,
  disposalSite: SHINKIBA,
  wasteLines: [line({ id: 100, name: '廃プラスチック類', kind: PLASTICS })],
  ...over,
});

const manifest = (over: Partial<AgreementManifest> = {}): AgreementManifest => ({
  deliveryDate: '2026-10-01',
  transporter: TOTO,
  disposalSite: SHINKIBA,
  waste: { lineId: 100, name: '廃プラスチック類', kind: PLASTICS },
  quantity: { value: 1.5, unit: TONNE },
  sameLineThisMonth: [],
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
      { wasteLines: [line({ id: 100, name: '混合廃棄物', kind: null })] },
      { waste: { lineId: 100, name: '混合廃棄物', kind: null } },
      [],
    ],
    [
      'the kinds of the contract listed once each, unclassified lines by name',
      {
        wasteLines: [
          line({ id: 100, name: '廃プラスチック類', kind: PLASTICS }),
          line({ id: 101, name: '発泡スチロール', kind: PLASTICS }),
          line({ id: 102, name: '混合廃棄物', kind: null }),
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

describe('manifestContractDifferences: the kind and quantity (種類及び数量)', () => {
  /** The contract's plastics line: 2 t a collection, priced per t, collected `perMonth` times a month. */
  const plastics = (over: Partial<AgreementLine> = {}, perMonth: number | null = null) =>
    contract({
      wasteLines: [
        line({
          id: 100,
          name: '廃プラスチック類',
          kind: PLASTICS,
          units: [TONNE],
          perCollection: { value: 2, unit: TONNE },
          collectionsPerMonth: perMonth,
          ...over,
        }),
      ],
    });
  const q = (value: number, unit = TONNE) => ({ value, unit });

  it.each<[string, AgreementContract, Partial<AgreementManifest>, ManifestDifference[]]>([
    ['the contract’s quantity exactly', plastics(), { quantity: q(2) }, []],
    ['less than the contract’s quantity', plastics(), { quantity: q(0.5) }, []],
    [
      'more than a collection’s quantity',
      plastics(),
      { quantity: q(200) },
      [{ kind: 'QUANTITY_PER_COLLECTION', contractValues: ['2 t'], manifestValue: '200 t' }],
    ],
    [
      'a count unit for a line stated in t: a unit difference, the quantity cannot be compared',
      plastics(),
      { quantity: q(3, PIECE) },
      [{ kind: 'UNIT', contractValues: ['t'], manifestValue: '個' }],
    ],
    [
      'a volume for a line stated by weight: no conversion without a factor',
      plastics(),
      { quantity: q(5, CUBIC) },
      [{ kind: 'UNIT', contractValues: ['t'], manifestValue: 'm3' }],
    ],
    ['kg for a line stated in t: converted, 2,000 kg is 2 t', plastics(), { quantity: q(2000, KG) }, []],
    [
      'kg for a line stated in t, above it',
      plastics(),
      { quantity: q(2500, KG) },
      [{ kind: 'QUANTITY_PER_COLLECTION', contractValues: ['2 t'], manifestValue: '2,500 kg' }],
    ],
    [
      't for a line stated in kg, above it',
      plastics({ units: [KG], perCollection: q(500, KG) }),
      { quantity: q(0.6) },
      [{ kind: 'QUANTITY_PER_COLLECTION', contractValues: ['500 kg'], manifestValue: '0.6 t' }],
    ],
    [
      'L for a line stated in m3: converted exactly',
      plastics({ units: [CUBIC], perCollection: q(1, CUBIC) }),
      { quantity: q(1000, LITRE) },
      [],
    ],
    [
      'the price’s unit is a unit the contract states too, though its quantity is in another',
      plastics({ units: [TONNE, CUBIC] }),
      { quantity: q(8, CUBIC) },
      [],
    ],
    [
      'a line stating no quantity (実績による): only the unit is compared',
      plastics({ perCollection: null }),
      { quantity: q(200) },
      [],
    ],
    [
      'a line stating no unit either: nothing to compare',
      plastics({ units: [], perCollection: null }),
      { quantity: q(3, PIECE) },
      [],
    ],
    [
      'a month of collections within 月3回 × 2 t',
      plastics({}, 3),
      { quantity: q(2), sameLineThisMonth: [q(2), q(1500, KG)] },
      [],
    ],
    [
      'a month of collections above 月3回 × 2 t, the others in kg converted',
      plastics({}, 3),
      { quantity: q(2), sameLineThisMonth: [q(2), q(2), q(500, KG)] },
      [{ kind: 'QUANTITY_PER_MONTH', contractValues: ['6 t'], manifestValue: '6.5 t' }],
    ],
    [
      'another manifest of the month in a unit that does not convert is not added',
      plastics({}, 3),
      { quantity: q(2), sameLineThisMonth: [q(2), q(40, PIECE)] },
      [],
    ],
    [
      'a line collected weekly has no monthly quantity',
      plastics({}, null),
      { quantity: q(2), sameLineThisMonth: [q(2), q(2), q(2), q(2)] },
      [],
    ],
    [
      'one collection above both',
      plastics({}, 1),
      { quantity: q(3) },
      [
        { kind: 'QUANTITY_PER_COLLECTION', contractValues: ['2 t'], manifestValue: '3 t' },
        { kind: 'QUANTITY_PER_MONTH', contractValues: ['2 t'], manifestValue: '3 t' },
      ],
    ],
    [
      'a finer class of the kind is counted against the kind’s line',
      plastics(),
      { waste: { lineId: null, name: '発泡スチロール', kind: PLASTICS }, quantity: q(3) },
      [{ kind: 'QUANTITY_PER_COLLECTION', contractValues: ['2 t'], manifestValue: '3 t' }],
    ],
    [
      'a waste of another kind: no line to count against, its quantity is not compared',
      plastics(),
      { waste: { lineId: null, name: '鉄スクラップ', kind: METAL }, quantity: q(3, PIECE) },
      [{ kind: 'WASTE_KIND', contractValues: ['廃プラスチック類'], manifestValue: '鉄スクラップ' }],
    ],
    [
      'after the kind, before the transporter, in the order of the kinds',
      plastics(),
      { quantity: q(9, PIECE), deliveryDate: '2026-01-10', transporter: OTHER },
      [
        { kind: 'PERIOD', contractValues: ['2026-04-01', '2027-03-31'], manifestValue: '2026-01-10' },
        { kind: 'UNIT', contractValues: ['t'], manifestValue: '個' },
        { kind: 'TRANSPORTER', contractValues: [TOTO.name], manifestValue: OTHER.name },
      ],
    ],
  ])('%s', (_, c, m, expected) => {
    expect(manifestContractDifferences(c, manifest(m))).toEqual(expected);
  });
});

describe('contractLineOf', () => {
  const inTonnes = line({ id: 100, name: '廃プラスチック類', kind: PLASTICS, units: [TONNE] });
  const inPieces = line({ id: 101, name: '廃プラスチック類（容器）', kind: PLASTICS, units: [PIECE] });
  const metal = line({ id: 102, name: '金属くず', kind: METAL, units: [TONNE] });
  const lines = [inTonnes, inPieces, metal];
  it.each<[string, AgreementManifest['waste'], AgreementUnit, AgreementLine | null]>([
    ['the line named', { lineId: 101, name: '', kind: PLASTICS }, TONNE, inPieces],
    [
      'a waste of a class: the line of the class in its unit',
      { lineId: null, name: '', kind: PLASTICS },
      PIECE,
      inPieces,
    ],
    ['a unit converting to the line’s', { lineId: null, name: '', kind: PLASTICS }, KG, inTonnes],
    [
      'no line of the class in its unit: the first',
      { lineId: null, name: '', kind: PLASTICS },
      CUBIC,
      inTonnes,
    ],
    ['no line of the class', { lineId: null, name: '', kind: { id: 99, name: '' } }, TONNE, null],
    ['no class', { lineId: null, name: '', kind: null }, TONNE, null],
  ])('%s', (_, waste, unit, expected) => expect(contractLineOf(lines, waste, unit)).toEqual(expected));
});

describe('convertQuantity', () => {
  it.each<[number, AgreementUnit, AgreementUnit, number | null]>([
    [2, TONNE, TONNE, 2],
    [2, TONNE, KG, 2000],
    [2500, KG, TONNE, 2.5],
    [1, CUBIC, LITRE, 1000],
    [1, TONNE, CUBIC, null],
    [1, PIECE, TONNE, null],
    [3, PIECE, PIECE, 3],
    // Another row of the master spelled alike is still another unit: no conversion is assumed.
    [3, PIECE, { id: 40, unit: '個' }, null],
  ])('%d %j -> %j', (value, from, to, expected) =>
    expect(convertQuantity({ value, unit: from }, to)).toBe(expected),
  );
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
