import type { BankAccount } from '@junkan/shared/api/bank-accounts';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companyBankAccounts } from '../../db/schema';

/**
 * A company's bank accounts (振込先) in their printed order: what the account screen edits and what a
 * bank-transfer invoice prints (the invoices feature copies them onto each version it makes).
 */
export async function companyBankAccountsOf(db: DbOrTx, companyId: number): Promise<BankAccount[]> {
  return db
    .select({
      bankCode: companyBankAccounts.bankCode,
      bankName: companyBankAccounts.bankName,
      bankKana: companyBankAccounts.bankKana,
      branchCode: companyBankAccounts.branchCode,
      branchName: companyBankAccounts.branchName,
      branchKana: companyBankAccounts.branchKana,
      accountType: companyBankAccounts.accountType,
      accountNumber: companyBankAccounts.accountNumber,
      holderName: companyBankAccounts.holderName,
    })
    .from(companyBankAccounts)
    .where(eq(companyBankAccounts.companyId, companyId))
    .orderBy(asc(companyBankAccounts.position));
}
