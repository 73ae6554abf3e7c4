import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { companies, disposalUnitPrices, permits, unitMeasures, wastes } from '../db/schema';

/** The demo's industrial prices per t: transport plus disposal makes the demo contracts' 28,000 円. */
export const DEMO_INDUSTRIAL_PRICES = { transport: 12_000, disposal: 16_000 } as const;

/**
 * The disposal prices behind the demo's industrial quotes and contracts for transport and disposal together: 東都
 * disposes of industrial waste under its disposal permit (廃プラスチック類 16,000 円/t, 汚泥 25,000 円/t, from the
 * permit's issue date); its transport price around 銀座 (廃プラスチック類 12,000 円/t) is seeded with its areas
 * (demo.ts). The open industrial request collects at 銀座店, so its quote finds both prices. Run after the demo
 * permits, which exist only with their PDFs (API tests build prices of their own).
 */
export async function seedDemoCombinedPrices(db: Database): Promise<void> {
  const [toto] = await db.select().from(companies).where(eq(companies.name, '東都環境サービス株式会社'));
  const [permit] = toto
    ? await db
        .select()
        .from(permits)
        .where(and(eq(permits.companyId, toto.id), eq(permits.kind, 'DISPOSAL')))
    : [];
  const [ton] = await db.select().from(unitMeasures).where(eq(unitMeasures.unit, 't'));
  if (!toto || !permit || !ton) return;
  const kinds = await db
    .select({ id: wastes.id, name: wastes.name })
    .from(wastes)
    .where(
      and(
        eq(wastes.category, 'INDUSTRIAL'),
        eq(wastes.level, 1),
        inArray(wastes.name, ['廃プラスチック類', '汚泥']),
      ),
    );
  const idOf = new Map(kinds.map((k) => [k.name, k.id]));
  const plastics = idOf.get('廃プラスチック類');
  const sludge = idOf.get('汚泥');
  if (!plastics || !sludge) return;
  await db.insert(disposalUnitPrices).values([
    {
      transportCompanyId: toto.id,
      wasteId: plastics,
      unitMeasureId: ton.id,
      unitPrice: DEMO_INDUSTRIAL_PRICES.disposal,
      validFrom: permit.issueDate,
    },
    {
      transportCompanyId: toto.id,
      wasteId: sludge,
      unitMeasureId: ton.id,
      unitPrice: 25_000,
      validFrom: permit.issueDate,
    },
  ]);
}
