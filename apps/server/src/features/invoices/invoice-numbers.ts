import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies } from '../../db/schema';

/**
 * Takes the issuer's next `count` invoice numbers (請求書番号): one UPDATE of the company's counter, so two
 * registrations at once wait for each other's row and never share a number, and a number once taken is never
 * handed out again. Inside a registration's transaction a rollback gives the numbers back unused; taken on its
 * own (a generated invoice needs its number before its PDF is rendered) a failed registration leaves a gap.
 */
export async function takeInvoiceNumbers(db: DbOrTx, companyId: number, count = 1): Promise<number[]> {
  const [row] = await db
    .update(companies)
    .set({ lastInvoiceNumber: sql`${companies.lastInvoiceNumber} + ${count}` })
    .where(eq(companies.id, companyId))
    .returning({ last: companies.lastInvoiceNumber });
  if (!row) throw new Error(`company ${companyId} not found`);
  return Array.from({ length: count }, (_, i) => row.last - count + 1 + i);
}
