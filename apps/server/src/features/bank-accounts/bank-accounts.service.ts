import type { BankAccount, BankAccounts, saveBankAccountsSchema } from '@junkan/shared/api/bank-accounts';
import type { MessageCode } from '@junkan/shared/messages';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { companies, companyBankAccounts } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { Caller } from '../../plugins/auth';
import { companyBankAccountsOf } from '../account-core/company-bank-accounts';
import { findBankBranch } from './bank-list';

type SaveInput = z.infer<typeof saveBankAccountsSchema>;

/** GET /trans/bank-accounts. */
export async function listBankAccounts(app: FastifyInstance, caller: Caller): Promise<BankAccounts> {
  return { accounts: await companyBankAccountsOf(app.db, caller.companyId) };
}

/**
 * PUT /trans/bank-accounts: replaces the company's accounts. Codes only come in: each bank and branch must be in
 * the zengin list, whose names and kana are stored with them. Invoices already made keep the accounts they
 * printed; the next ones print these.
 */
export async function saveBankAccounts(
  app: FastifyInstance,
  caller: Caller,
  input: SaveInput,
): Promise<BankAccounts> {
  const { companyId } = caller;
  const fields: Record<string, MessageCode> = {};
  const accounts: BankAccount[] = input.accounts.map((a, i) => {
    const { bank, branch } = findBankBranch(a.bankCode, a.branchCode);
    if (!bank) fields[`accounts.${i}.bankCode`] = 'bank_not_found';
    else if (!branch) fields[`accounts.${i}.branchCode`] = 'bank_branch_not_found';
    return {
      ...a,
      bankName: bank?.name ?? '',
      bankKana: bank?.kana ?? '',
      branchName: branch?.name ?? '',
      branchKana: branch?.kana ?? '',
    };
  });
  const first = Object.values(fields)[0];
  if (first) throw new AppError(first, first, fields);
  await app.db.transaction(async (tx) => {
    // The company row is the lock: two saves at once write one list after the other.
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
    await tx.delete(companyBankAccounts).where(eq(companyBankAccounts.companyId, companyId));
    if (accounts.length)
      await tx
        .insert(companyBankAccounts)
        .values(accounts.map((a, position) => ({ ...a, companyId, position })));
    await recordAudit(tx, caller, {
      action: 'update',
      entity: 'bank_accounts',
      entityId: companyId,
      detail: { accounts: accounts.map((a) => `${a.bankCode}-${a.branchCode}-${a.accountNumber}`) },
    });
  });
  return listBankAccounts(app, caller);
}
