import { CODE_MASTER_CODE_WIDTH } from '@junkan/shared/api/code-masters';
import { childParentPath, type WasteCategory } from '@junkan/shared/waste-tree';
import { count } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { disposalMethods, packingStyles, unitMeasures, wastes } from '../db/schema';

interface WasteNode {
  code: string;
  name: string;
  /** Tonnes per cubic metre (approximate reference values for volume-to-weight conversion). */
  tPerM3?: number;
  /** Tonnes per piece, where waste is counted in pieces. */
  tPerPiece?: number;
  children?: WasteNode[];
}

/**
 * Industrial waste: the 20 kinds of the Waste Management Act as major classes, then the specially
 * controlled kinds. Major codes follow the electronic manifest network's kind codes (two-digit kind,
 * then middle and minor digits, then three detail digits: 0600000, 0610000, 0611000); the middle and
 * minor classes below them are the platform's own, numbered in the same scheme.
 */
const INDUSTRIAL_WASTES: WasteNode[] = [
  { code: '0100000', name: '燃え殻', tPerM3: 1.14 },
  {
    code: '0200000',
    name: '汚泥',
    tPerM3: 1.1,
    children: [
      {
        code: '0210000',
        name: '有機性汚泥',
        tPerM3: 1.1,
        children: [
          { code: '0211000', name: 'ビルピット汚泥', tPerM3: 1.1 },
          { code: '0212000', name: '排水処理汚泥', tPerM3: 1.1 },
        ],
      },
      {
        code: '0220000',
        name: '無機性汚泥',
        tPerM3: 1.1,
        children: [
          { code: '0221000', name: '建設汚泥', tPerM3: 1.5 },
          { code: '0222000', name: 'めっき汚泥', tPerM3: 1.1 },
        ],
      },
    ],
  },
  {
    code: '0300000',
    name: '廃油',
    tPerM3: 0.9,
    children: [
      {
        code: '0310000',
        name: '鉱物性油',
        tPerM3: 0.9,
        children: [
          { code: '0311000', name: '廃潤滑油', tPerM3: 0.9 },
          { code: '0312000', name: '廃切削油', tPerM3: 0.9 },
        ],
      },
      {
        code: '0320000',
        name: '動植物性油',
        tPerM3: 0.9,
        children: [{ code: '0321000', name: '廃食用油', tPerM3: 0.9 }],
      },
    ],
  },
  { code: '0400000', name: '廃酸', tPerM3: 1.25 },
  { code: '0500000', name: '廃アルカリ', tPerM3: 1.13 },
  {
    code: '0600000',
    name: '廃プラスチック類',
    tPerM3: 0.35,
    children: [
      {
        code: '0610000',
        name: '廃プラスチック類(廃タイヤを除く)',
        tPerM3: 0.35,
        children: [
          { code: '0611000', name: '発泡スチロール', tPerM3: 0.02 },
          { code: '0612000', name: 'ビニール・ポリ袋類', tPerM3: 0.1 },
          { code: '0613000', name: 'プラスチック製容器包装', tPerM3: 0.05 },
        ],
      },
      { code: '0620000', name: '廃タイヤ', tPerM3: 0.35, tPerPiece: 0.008 },
    ],
  },
  {
    code: '0700000',
    name: '紙くず',
    tPerM3: 0.3,
    children: [{ code: '0710000', name: '建設系紙くず', tPerM3: 0.3 }],
  },
  {
    code: '0800000',
    name: '木くず',
    tPerM3: 0.55,
    children: [
      { code: '0810000', name: '建設系木くず', tPerM3: 0.55 },
      { code: '0820000', name: '木製パレット', tPerM3: 0.55, tPerPiece: 0.02 },
    ],
  },
  { code: '0900000', name: '繊維くず', tPerM3: 0.12 },
  { code: '1000000', name: '動植物性残さ', tPerM3: 1.0 },
  { code: '3000000', name: '動物系固形不要物', tPerM3: 1.0 },
  { code: '1100000', name: 'ゴムくず', tPerM3: 0.52 },
  {
    code: '1200000',
    name: '金属くず',
    tPerM3: 1.13,
    children: [
      {
        code: '1210000',
        name: '鉄くず',
        tPerM3: 1.13,
        children: [
          { code: '1211000', name: '鉄スクラップ', tPerM3: 1.13 },
          { code: '1212000', name: 'スチール缶', tPerM3: 0.05 },
        ],
      },
      {
        code: '1220000',
        name: '非鉄金属くず',
        tPerM3: 1.13,
        children: [
          { code: '1221000', name: 'アルミくず', tPerM3: 0.5 },
          { code: '1222000', name: '銅くず', tPerM3: 1.13 },
        ],
      },
    ],
  },
  {
    code: '1300000',
    name: 'ガラスくず・コンクリートくず及び陶磁器くず',
    tPerM3: 1.0,
    children: [
      { code: '1310000', name: 'ガラスくず', tPerM3: 1.0 },
      { code: '1320000', name: 'コンクリートくず(がれき類を除く)', tPerM3: 1.48 },
      { code: '1330000', name: '陶磁器くず', tPerM3: 1.0 },
      { code: '1340000', name: '廃石膏ボード', tPerM3: 0.8 },
    ],
  },
  { code: '1400000', name: '鉱さい', tPerM3: 1.93 },
  {
    code: '1500000',
    name: 'がれき類',
    tPerM3: 1.48,
    children: [
      { code: '1510000', name: 'コンクリート破片', tPerM3: 1.48 },
      { code: '1520000', name: 'アスファルト破片', tPerM3: 1.48 },
    ],
  },
  { code: '1600000', name: '動物のふん尿', tPerM3: 1.0 },
  { code: '1700000', name: '動物の死体', tPerM3: 1.0 },
  { code: '1800000', name: 'ばいじん', tPerM3: 1.26 },
  { code: '1900000', name: '13号廃棄物(処分するために処理したもの)' },
  // Specially controlled industrial waste (特別管理産業廃棄物), in the network's 7xxxxxx range.
  { code: '7000000', name: '廃油(引火性)', tPerM3: 0.9 },
  { code: '7100000', name: '廃酸(pH2.0以下)', tPerM3: 1.25 },
  { code: '7200000', name: '廃アルカリ(pH12.5以上)', tPerM3: 1.13 },
  { code: '7300000', name: '感染性産業廃棄物', tPerM3: 0.3 },
  {
    code: '7400000',
    name: '特定有害産業廃棄物',
    children: [
      {
        code: '7410000',
        name: 'PCB廃棄物',
        children: [
          { code: '7411000', name: '廃PCB等' },
          { code: '7412000', name: 'PCB汚染物' },
        ],
      },
      { code: '7420000', name: '廃石綿等', tPerM3: 0.3 },
    ],
  },
];

/** Regular (business general) waste: the categories of section 3. */
const REGULAR_WASTES: WasteNode[] = [
  { code: 'R000001', name: '可燃ごみ' },
  { code: 'R000002', name: 'びん・缶・ペットボトル' },
  { code: 'R000003', name: 'その他' },
  { code: 'R000004', name: '段ボール' },
];

const UNITS = [
  { unit: 't', isCount: false },
  { unit: 'm3', isCount: false },
  { unit: 'kg', isCount: false },
  { unit: '個', isCount: true },
  { unit: '台', isCount: true },
  { unit: 'L', isCount: false },
];
const PACKING_STYLES = [
  'バラ',
  'フレコンバッグ',
  'ドラム缶',
  'ペール缶',
  '段ボール箱',
  'コンテナ',
  'パレット',
];
const DISPOSAL_METHODS = ['焼却', '破砕', '圧縮', '中和', '脱水', '溶融', '埋立', '選別', '再生'];

/** Codes of the seeded code-master rows: 001, 002... (the server numbers later rows after them). */
const seqCode = (index: number) => String(index + 1).padStart(CODE_MASTER_CODE_WIDTH, '0');
const factor = (value: number | undefined) => (value === undefined ? null : value.toFixed(4));

async function isEmpty(
  db: Database,
  table: typeof wastes | typeof unitMeasures | typeof packingStyles | typeof disposalMethods,
) {
  const [row] = await db.select({ n: count() }).from(table);
  return (row?.n ?? 0) === 0;
}

async function insertWasteTree(
  tx: Tx,
  nodes: WasteNode[],
  category: WasteCategory,
  parent: { id: number; parentPath: string; level: number } | null,
): Promise<void> {
  for (const node of nodes) {
    const [row] = await tx
      .insert(wastes)
      .values({
        category,
        name: node.name,
        wasteCode: node.code,
        parentId: parent?.id ?? null,
        parentPath: parent ? childParentPath(parent) : '',
        level: (parent?.level ?? 0) + 1,
        tPerM3: factor(node.tPerM3),
        tPerPiece: factor(node.tPerPiece),
      })
      .returning({ id: wastes.id, parentPath: wastes.parentPath, level: wastes.level });
    if (node.children?.length) await insertWasteTree(tx, node.children, category, row!);
  }
}

/**
 * Reference data every database needs (waste classifications, units, packing styles, disposal methods),
 * loaded into each empty table at start. Unlike the demo data it is not optional. A table that already
 * holds rows is left as it is, so running it again changes nothing.
 */
export async function seedReferenceData(db: Database): Promise<void> {
  if (await isEmpty(db, wastes)) {
    await db.transaction(async (tx) => {
      await insertWasteTree(tx, INDUSTRIAL_WASTES, 'INDUSTRIAL', null);
      await insertWasteTree(tx, REGULAR_WASTES, 'REGULAR', null);
    });
  }
  if (await isEmpty(db, unitMeasures)) {
    await db.insert(unitMeasures).values(UNITS.map((u, i) => ({ ...u, code: seqCode(i) })));
  }
  if (await isEmpty(db, packingStyles)) {
    await db.insert(packingStyles).values(PACKING_STYLES.map((style, i) => ({ style, code: seqCode(i) })));
  }
  if (await isEmpty(db, disposalMethods)) {
    await db
      .insert(disposalMethods)
      .values(DISPOSAL_METHODS.map((method, i) => ({ method, code: seqCode(i) })));
  }
}
