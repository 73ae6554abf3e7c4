import { toBankKana } from '@junkan/shared/rules/bank-account';
import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  collectionAreaPostalCodes,
  collectionAreaPrices,
  collectionAreas,
  companies,
  companyBankAccounts,
  dischargeSites,
  offices,
  unitMeasures,
  userPermissionGrants,
  users,
  wastes,
} from '../db/schema';
import { findBankBranch } from '../features/bank-accounts/bank-list';
import { type Clock, machineClock } from '../lib/clock';
import { hashPassword } from '../lib/password';
import { tokyoDate } from '../lib/time';
import { FileStorage } from '../plugins/file-storage';
import { DatabaseStorage } from '../plugins/file-storage/database-storage';
import { seedDemoAchievements } from './demo-achievements';
import { seedDemoCollections } from './demo-collections';
import { DEMO_DRIVER, seedDemoDrivers } from './demo-drivers';
import { seedDemoInquiries } from './demo-inquiries';
import { seedDemoInvoices } from './demo-invoices';
import { seedDemoPermits } from './demo-permits';
import { DEMO_INDUSTRIAL_PRICES, seedDemoCombinedPrices } from './demo-prices';
import { DEMO_COMBUSTIBLE_PRICE_PER_KG, seedDemoProjects } from './demo-projects';
import { seedDemoSupport } from './demo-support';

export const DEMO_PASSWORD = 'Demo1234';
export const PLATFORM_TRANSPORTER_ID = 20000;

export const DEMO_ACCOUNTS = [
  { email: 'admin@example.com', role: 'ADMIN', note: '管理者 / administrator' },
  { email: 'discharger@example.com', role: 'WASTE', note: '排出事業者 (EDI registered) / discharger' },
  { email: 'discharger2@example.com', role: 'WASTE', note: '排出事業者 (2nd company) / second discharger' },
  {
    email: 'umeda@example.com',
    role: 'WASTE',
    note: '排出事業者 (2nd company, EDI registered) / second discharger, 梅田事業所',
  },
  { email: 'transporter@example.com', role: 'TRANSPORT', note: '収集運搬業者 / transporter' },
  {
    email: 'platform@example.com',
    role: 'TRANSPORT',
    note: 'プラットフォーム運搬業者 (user 20000) / platform transporter',
  },
  {
    email: DEMO_DRIVER,
    role: 'DRIVER',
    note: 'ドライバー (東都環境サービス, 2t パッカー 1号車) / driver of the transporter, on a phone',
  },
] as const;

/**
 * Loads the demo data into an empty database; does nothing when any user exists. Returns whether it loaded.
 * The demo contracts' PDFs are stored in `files` (the database storage when not given); `contractDocuments:
 * false` skips rendering them.
 */
export async function seedDemoData(
  db: Database,
  options: { contractDocuments?: boolean; files?: FileStorage; now?: Clock } = {},
): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction(async (tx) => {
    const [green, takahashi, toto, platform] = await tx
      .insert(companies)
      .values([
        {
          type: 'WASTE',
          name: '株式会社グリーン商事',
          postalCode: '104-0061',
          address: '東京都中央区銀座1-2-3 銀座グリーンビル5F',
          tel: '03-1234-5678',
          email: 'info@green-shoji.example.com',
          contractPic: '山田 太郎',
        },
        {
          type: 'WASTE',
          name: '髙橋工業株式会社',
          postalCode: '530-0001',
          address: '大阪府大阪市北区梅田2-4-9',
          tel: '06-2345-6789',
          email: 'soumu@takahashi-kogyo.example.com',
          contractPic: '髙橋 花子',
        },
        {
          type: 'TRANSPORT',
          name: '東都環境サービス株式会社',
          postalCode: '135-0016',
          address: '東京都江東区東陽3-7-1',
          tel: '03-5678-1234',
          email: 'haisha@toto-kankyo.example.com',
          contractPic: '佐藤 次郎',
          // A made-up number with a valid check digit: the demo's qualified invoices carry it.
          invoiceRegistrationNumber: 'T8010401098765',
        },
        {
          type: 'TRANSPORT',
          name: 'junkan収集運搬',
          postalCode: '100-0005',
          address: '東京都千代田区丸の内1-1-1',
          tel: '03-0000-2000',
          email: 'platform@junkan.example.com',
          contractPic: '運営 担当',
        },
      ])
      .returning({ id: companies.id });

    // The demo transporter's 振込先, printed on its bank-transfer invoices (names and kana from the zengin list).
    const { bank, branch } = findBankBranch('0001', '001');
    if (bank && branch)
      await tx.insert(companyBankAccounts).values({
        companyId: toto!.id,
        position: 0,
        bankCode: bank.code,
        bankName: bank.name,
        bankKana: bank.kana,
        branchCode: branch.code,
        branchName: branch.name,
        branchKana: branch.kana,
        accountType: 'ORDINARY',
        accountNumber: '1234567',
        holderName: toBankKana('トウトカンキョウサービス（カ'),
      });

    await tx.insert(offices).values([
      {
        companyId: green!.id,
        name: '銀座本社',
        postalCode: '104-0061',
        address: '東京都中央区銀座1-2-3',
        tel: '03-1234-5678',
        email: 'honsha@green-shoji.example.com',
      },
      {
        companyId: takahashi!.id,
        name: '梅田事業所',
        postalCode: '530-0001',
        address: '大阪府大阪市北区梅田2-4-9',
        tel: '06-2345-6789',
        email: 'umeda@takahashi-kogyo.example.com',
      },
    ]);

    await tx.insert(dischargeSites).values([
      {
        companyId: green!.id,
        name: '銀座店',
        postalCode: '104-0061',
        address1: '東京都中央区',
        address2: '銀座',
        address3: '1-2-3 銀座グリーンビル1F',
        tel: '03-1234-5679',
        email: 'ginza@green-shoji.example.com',
        pic: '鈴木 一郎',
        subscriberNumber: 'G000001',
        ediKey: '11112222',
      },
      {
        companyId: green!.id,
        name: '𠮷祥寺倉庫',
        postalCode: '180-0004',
        address1: '東京都武蔵野市',
        address2: '吉祥寺本町',
        address3: '2-10-5',
        tel: '0422-12-3456',
        email: 'kichijoji@green-shoji.example.com',
        pic: '山﨑 誠',
      },
      {
        companyId: takahashi!.id,
        name: '梅田事業所',
        postalCode: '530-0001',
        address1: '大阪府大阪市北区',
        address2: '梅田',
        address3: '2-4-9',
        tel: '06-2345-6789',
        email: 'umeda@takahashi-kogyo.example.com',
        pic: '髙橋 花子',
      },
    ]);

    await tx.insert(users).values([
      { email: 'admin@example.com', userName: '運営管理者', passwordHash, role: 'ADMIN', enabled: true },
      {
        email: 'discharger@example.com',
        userName: '山田 太郎',
        passwordHash,
        role: 'WASTE',
        enabled: true,
        companyId: green!.id,
        registrantNumber: 'A123456',
        ediKey: '12345678',
        collectionRequestEnabled: true,
      },
      {
        email: 'discharger2@example.com',
        userName: '髙橋 花子',
        passwordHash,
        role: 'WASTE',
        enabled: true,
        companyId: takahashi!.id,
      },
      {
        // 髙橋工業's 梅田事業所 staff, registered with the manifest network: the company's industrial requests
        // are theirs (an industrial request needs the sender's EDI registration).
        email: 'umeda@example.com',
        userName: '梅田 誠',
        passwordHash,
        role: 'WASTE',
        enabled: true,
        companyId: takahashi!.id,
        registrantNumber: 'B234567',
        ediKey: '23456789',
      },
      {
        email: 'transporter@example.com',
        userName: '佐藤 次郎',
        passwordHash,
        role: 'TRANSPORT',
        enabled: true,
        companyId: toto!.id,
      },
      {
        id: PLATFORM_TRANSPORTER_ID,
        email: 'platform@example.com',
        userName: 'junkan運営',
        passwordHash,
        role: 'TRANSPORT',
        enabled: true,
        companyId: platform!.id,
      },
    ]);
    // Ruling 11: the platform transporter's extra right is data, not code.
    await tx
      .insert(userPermissionGrants)
      .values({ userId: PLATFORM_TRANSPORTER_ID, permission: 'HANDLING_WASTE_UNIT_PRICE' });

    // 東都 collects regular garbage around 銀座 (the demo discharger's 銀座店), with a price for 可燃ごみ per kg,
    // and industrial waste there, with a transport price for 廃プラスチック類 per t (its disposal prices are in
    // demo-prices.ts, under its disposal permit).
    const [kg] = await tx
      .select({ id: unitMeasures.id })
      .from(unitMeasures)
      .where(eq(unitMeasures.unit, 'kg'));
    const [ton] = await tx
      .select({ id: unitMeasures.id })
      .from(unitMeasures)
      .where(eq(unitMeasures.unit, 't'));
    const wasteIdOf = async (category: 'REGULAR' | 'INDUSTRIAL', name: string) =>
      (
        await tx
          .select({ id: wastes.id })
          .from(wastes)
          .where(and(eq(wastes.category, category), eq(wastes.name, name), eq(wastes.level, 1)))
      )[0]?.id;
    const [regularArea, industrialArea] = await tx
      .insert(collectionAreas)
      .values([
        { transportCompanyId: toto!.id, type: 'REGULAR', areaName: '銀座・京橋' },
        { transportCompanyId: toto!.id, type: 'INDUSTRIAL', areaName: '銀座・京橋（産業廃棄物）' },
      ])
      .returning({ id: collectionAreas.id });
    await tx.insert(collectionAreaPostalCodes).values([
      { areaId: regularArea!.id, transportCompanyId: toto!.id, type: 'REGULAR', posCode: '104-0061' },
      { areaId: industrialArea!.id, transportCompanyId: toto!.id, type: 'INDUSTRIAL', posCode: '104-0061' },
    ]);
    const combustible = await wasteIdOf('REGULAR', '可燃ごみ');
    const plastics = await wasteIdOf('INDUSTRIAL', '廃プラスチック類');
    if (combustible && kg)
      await tx.insert(collectionAreaPrices).values({
        areaId: regularArea!.id,
        wasteId: combustible,
        unitMeasureId: kg.id,
        unitPrice: DEMO_COMBUSTIBLE_PRICE_PER_KG,
        validFrom: '2020-01-01',
      });
    if (plastics && ton)
      await tx.insert(collectionAreaPrices).values({
        areaId: industrialArea!.id,
        wasteId: plastics,
        unitMeasureId: ton.id,
        unitPrice: DEMO_INDUSTRIAL_PRICES.transport,
        validFrom: '2020-01-01',
      });
  });
  const documents =
    options.contractDocuments === false ? null : (options.files ?? new FileStorage(new DatabaseStorage(db)));
  // Permits first: the demo contracts name the transporter's permit as their license.
  // Dated from the business clock's today, the one the product then runs on.
  const now = (options.now ?? machineClock)();
  const today = tokyoDate(now);
  await seedDemoPermits(db, documents, now);
  await seedDemoProjects(db, documents, now);
  await seedDemoAchievements(db, today);
  await seedDemoCollections(db, today);
  await seedDemoDrivers(db, passwordHash);
  await seedDemoInvoices(db, documents, now);
  await seedDemoCombinedPrices(db);
  await seedDemoInquiries(db, now);
  await seedDemoSupport(db, now);
  return true;
}
