import type { ContractPeriod } from '@junkan/shared/contract-rules';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contracts } from '../../db/schema';

/** The project's contract period, which a report's day or month must fall in; undefined without a contract. */
export async function contractPeriodOf(db: DbOrTx, projectId: number): Promise<ContractPeriod | undefined> {
  const [period] = await db
    .select({ startDate: contracts.startDate, endDate: contracts.endDate })
    .from(contracts)
    .where(eq(contracts.projectId, projectId));
  return period;
}
