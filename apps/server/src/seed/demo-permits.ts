import { addDays } from '@junkan/shared/contract-rules';
import { permitDistrictName } from '@junkan/shared/rules/permit-districts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  attachments,
  companies,
  disposalMethods,
  disposalSites,
  permits,
  transportOperatorProfiles,
  wastes,
} from '../db/schema';
import { PDF_FONT_FAMILY, renderPdf } from '../lib/pdf';
import { tokyoDate } from '../lib/time';
import { type FileStorage, storeGeneratedFile } from '../plugins/file-storage';

interface DemoPermit {
  districtCode: string;
  licenseNumber: string;
  kind: 'COLLECTION_TRANSPORT' | 'DISPOSAL';
  issueOffset: number;
  expiryOffset: number;
  transshipment: boolean;
  storageSite: string;
  wastes: string[];
}

const KIND_JA = { COLLECTION_TRANSPORT: '産業廃棄物収集運搬業', DISPOSAL: '産業廃棄物処分業' } as const;

/**
 * Permits of the demo transporter (東都環境サービス), dated from today: a valid 東京都 collection-and-transport
 * permit, a 大阪府 one expiring within 30 days, and a 横浜市 disposal permit. Each has a one-page PDF; without a
 * file storage (API tests) none are made, as a permit always has its PDF. With them goes the disposal site it
 * delivers to (in 東京都), so that its permits cover the demo's industrial projects (issue 15): loading in 東京都
 * (銀座店, 𠮷祥寺倉庫) and 大阪府 (梅田事業所), unloading in 東京都, 廃プラスチック類 and 金属くず. One gap is deliberate: the contract of
 * 梅田事業所 (大阪府, awaiting the discharger's confirmation) runs past the 大阪府 permit's expiry, so both sides
 * see it flagged.
 */
export async function seedDemoPermits(db: Database, files: FileStorage | null, now: Date): Promise<void> {
  if (!files) return;
  const [toto] = await db.select().from(companies).where(eq(companies.name, '東都環境サービス株式会社'));
  if (!toto) return;
  const today = tokyoDate(now);
  const demo: DemoPermit[] = [
    {
      districtCode: '13',
      licenseNumber: '01300123456',
      kind: 'COLLECTION_TRANSPORT',
      issueOffset: -700,
      expiryOffset: 1125,
      transshipment: true,
      storageSite: '東京都江東区新木場1-2-3 積替保管施設',
      wastes: ['廃プラスチック類', '汚泥', '燃え殻', '金属くず'],
    },
    {
      districtCode: '27',
      licenseNumber: '02700098765',
      kind: 'COLLECTION_TRANSPORT',
      issueOffset: -1800,
      expiryOffset: 20,
      transshipment: false,
      storageSite: '',
      wastes: ['廃プラスチック類', '金属くず'],
    },
    {
      districtCode: '14100',
      licenseNumber: '05420012345',
      kind: 'DISPOSAL',
      issueOffset: -400,
      expiryOffset: 1400,
      transshipment: false,
      storageSite: '',
      wastes: ['廃プラスチック類', '汚泥'],
    },
  ];
  const names = [...new Set(demo.flatMap((d) => d.wastes))];
  const kinds = await db
    .select({ id: wastes.id, name: wastes.name })
    .from(wastes)
    .where(and(inArray(wastes.name, names), eq(wastes.level, 1)));
  const idOf = new Map(kinds.map((k) => [k.name, k.id]));
  for (const d of demo) {
    const issueDate = addDays(today, d.issueOffset);
    const expiryDate = addDays(today, d.expiryOffset);
    const pdf = await renderPdf({
      defaultStyle: { font: PDF_FONT_FAMILY, fontSize: 11 },
      content: [
        {
          text: `${KIND_JA[d.kind]}許可証`,
          fontSize: 20,
          bold: true,
          alignment: 'center',
          margin: [0, 0, 0, 20],
        },
        `許可番号: 第${d.licenseNumber}号`,
        `氏名又は名称: ${toto.name}`,
        `許可年月日: ${issueDate}`,
        `許可の有効年月日: ${expiryDate}`,
        `事業の範囲: ${d.wastes.join('、')}${d.transshipment ? '（積替え保管を含む）' : '（積替え保管を除く）'}`,
        {
          text: `${permitDistrictName(d.districtCode)}知事（市長）`,
          alignment: 'right',
          margin: [0, 24, 0, 0],
        },
      ],
    });
    const stored = await storeGeneratedFile(files, {
      fileName: `許可証_${permitDistrictName(d.districtCode)}_${d.licenseNumber}.pdf`,
      content: pdf,
      mimeType: 'application/pdf',
    });
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(permits)
        .values({
          companyId: toto.id,
          districtCode: d.districtCode,
          licenseNumber: d.licenseNumber,
          kind: d.kind,
          issueDate,
          expiryDate,
          transshipment: d.transshipment,
          storageSite: d.storageSite,
          wasteKindIds: d.wastes.map((w) => idOf.get(w)).filter((id): id is number => id !== undefined),
        })
        .returning({ id: permits.id });
      await tx.insert(attachments).values({ ownerType: 'PERMIT', ownerId: row!.id, ...stored });
    });
  }
  await seedDemoDestination(db, toto.id, today);
}

/** The demo transporter's destination: a disposal site in 東京都江東区 with a license valid for years. */
async function seedDemoDestination(db: Database, transporterId: number, today: string) {
  const [method] = await db.select({ id: disposalMethods.id }).from(disposalMethods).limit(1);
  const [site] = await db
    .insert(disposalSites)
    .values({
      code: '00001',
      name: '東京湾岸リサイクルセンター',
      city: '江東区',
      address1: '東京都',
      address2: '江東区若洲',
      address3: '2-1-1',
      licenseNumber: '01320098765',
      expireDate: addDays(today, 1500),
      disposalMethodId: method?.id ?? null,
      capacity: '120t/日',
    })
    .onConflictDoNothing()
    .returning({ id: disposalSites.id });
  if (!site) return;
  await db
    .insert(transportOperatorProfiles)
    .values({
      companyId: transporterId,
      contractManager: '佐藤 次郎',
      compatibleAreas: ['東京都', '大阪府'],
      destinationDisposalSiteId: site.id,
    })
    .onConflictDoNothing();
}
