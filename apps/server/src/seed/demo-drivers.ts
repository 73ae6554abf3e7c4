import { OPEN_COLLECTION_STATUSES } from '@junkan/shared/collection-rules';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { collections, companies, users, vehicles } from '../db/schema';

/** The demo driver: signs in with the demo password and sees its company's round on a phone. */
export const DEMO_DRIVER = 'driver@example.com';

/**
 * 東都環境サービス's vehicle 「2t パッカー 1号車」 and its driver 運転 太郎 (enabled, the vehicle as its usual one),
 * after the collections: every open collection of the company is given the vehicle, so today's stops (when today
 * is a collection day) and the next days' are the driver's, whatever day the demo starts.
 */
export async function seedDemoDrivers(db: Database, passwordHash: string): Promise<void> {
  const [toto] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, '東都環境サービス株式会社'));
  if (!toto) return;
  await db.transaction(async (tx) => {
    const [vehicle] = await tx
      .insert(vehicles)
      .values({
        companyId: toto.id,
        name: '2t パッカー 1号車',
        plateNumber: '品川 400 あ 12-34',
        vehicleClass: 'T2',
      })
      .returning({ id: vehicles.id });
    await tx.insert(users).values({
      email: DEMO_DRIVER,
      userName: '運転 太郎',
      passwordHash,
      role: 'DRIVER',
      enabled: true,
      companyId: toto.id,
      vehicleId: vehicle!.id,
    });
    await tx
      .update(collections)
      .set({ vehicleId: vehicle!.id })
      .where(
        and(
          eq(collections.transportCompanyId, toto.id),
          inArray(collections.status, [...OPEN_COLLECTION_STATUSES]),
        ),
      );
  });
}
