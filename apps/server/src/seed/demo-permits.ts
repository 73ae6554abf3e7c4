import { addDays, permitDistrictName } from '@junkan/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { attachments, companies, permits, wastes } from '../db/schema';
import { storeGeneratedFile } from '../features/project-core/project-file-store';
import { PDF_FONT_FAMILY, renderPdf } from '../lib/pdf';
import { tokyoDate } from '../lib/time';
import type { FileStorage } from '../plugins/file-storage';

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
 * file storage (API tests) none are made, as a permit always has its PDF.
 */
export async function seedDemoPermits(db: Database, files: FileStorage | null): Promise<void> {
  if (!files) return;
  const [toto] = await db.select().from(companies).where(eq(companies.name, '東都環境サービス株式会社'));
  if (!toto) return;
  const today = tokyoDate();
  const demo: DemoPermit[] = [
    {
      districtCode: '13',
      licenseNumber: '01300123456',
      kind: 'COLLECTION_TRANSPORT',
      issueOffset: -700,
      expiryOffset: 1125,
      transshipment: true,
      storageSite: '東京都江東区新木場1-2-3 積替保管施設',
      wastes: ['廃プラスチック類', '汚泥', '燃え殻'],
    },
    {
      districtCode: '27',
      licenseNumber: '02700098765',
      kind: 'COLLECTION_TRANSPORT',
      issueOffset: -1800,
      expiryOffset: 20,
      transshipment: false,
      storageSite: '',
      wastes: ['廃プラスチック類'],
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
    const stored = await storeGeneratedFile(files, { content: pdf, mimeType: 'application/pdf' });
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
      await tx.insert(attachments).values({
        ownerType: 'PERMIT',
        ownerId: row!.id,
        fileName: `許可証_${permitDistrictName(d.districtCode)}_${d.licenseNumber}.pdf`,
        mimeType: 'application/pdf',
        ...stored,
      });
    });
  }
}
