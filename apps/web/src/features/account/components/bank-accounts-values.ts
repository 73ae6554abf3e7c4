import {
  type BankAccount,
  type BankEntry,
  type SaveBankAccountsInput,
  saveBankAccountsSchema,
} from '@junkan/shared/api/bank-accounts';
import { type BankAccountType, toBankKana } from '@junkan/shared/rules/bank-account';
import { fieldNamePath, firstPerField, type NamePath } from '../../../lib/form-issues';

/** One account of the form: the codes the selects hold, with the labels they show for them. */
export interface BankAccountRow {
  bankCode?: string | null;
  bankLabel?: string;
  branchCode?: string | null;
  branchLabel?: string;
  accountType?: BankAccountType | null;
  accountNumber?: string;
  holderName?: string;
}

export interface BankAccountsFormValues {
  accounts: BankAccountRow[];
}

/** `0001 みずほ`: how a select names a bank or a branch. */
export const bankEntryLabel = (entry: Pick<BankEntry, 'code' | 'name'>) => `${entry.code} ${entry.name}`;

/** The form's values from the stored accounts. */
export function bankAccountsFormValues(accounts: readonly BankAccount[]): BankAccountsFormValues {
  return {
    accounts: accounts.map((a) => ({
      bankCode: a.bankCode,
      bankLabel: bankEntryLabel({ code: a.bankCode, name: a.bankName }),
      branchCode: a.branchCode,
      branchLabel: bankEntryLabel({ code: a.branchCode, name: a.branchName }),
      accountType: a.accountType,
      accountNumber: a.accountNumber,
      holderName: a.holderName,
    })),
  };
}

/** A new account row: 普通, the usual type, chosen; the rest empty. */
export const NEW_BANK_ACCOUNT: BankAccountRow = {
  accountType: 'ORDINARY',
  accountNumber: '',
  holderName: '',
};

/**
 * The holder's name as it is sent and stored, shown when the field is left: full-width kana, hiragana and small
 * kana as the half-width kana a bank transfer carries (the shared rule the server applies too).
 */
export const holderNameAsSent = (typed: string | undefined) => toBankKana(typed ?? '');

/** The body of PUT /trans/bank-accounts, or the issues (by form path) the shared schema finds. */
export function bankAccountsRequest(
  values: BankAccountsFormValues,
):
  | { ok: true; input: SaveBankAccountsInput }
  | { ok: false; issues: { name: NamePath | null; code: string }[] } {
  const input: SaveBankAccountsInput = {
    accounts: (values.accounts ?? []).map((a) => ({
      bankCode: a.bankCode ?? '',
      branchCode: a.branchCode ?? '',
      accountType: a.accountType ?? ('' as BankAccountType),
      accountNumber: a.accountNumber ?? '',
      holderName: a.holderName ?? '',
    })),
  };
  const result = saveBankAccountsSchema.safeParse(input);
  if (result.success) return { ok: true, input: result.data };
  const issues = result.error.issues.map((i) => ({
    name: i.path.length ? fieldNamePath(i.path.map(String).join('.')) : null,
    code: i.message,
  }));
  return { ok: false, issues: firstPerField(issues, (i) => i.name?.join('.') ?? '') };
}
