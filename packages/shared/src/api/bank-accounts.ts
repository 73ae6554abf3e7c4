import { z } from 'zod';
import {
  BANK_ACCOUNT_NUMBER_PATTERN,
  BANK_ACCOUNT_TYPES,
  BANK_ACCOUNTS_MAX,
  BANK_CODE_PATTERN,
  BRANCH_CODE_PATTERN,
  bankHolderNameIssue,
  normalizeBankAccountNumber,
  toBankKana,
} from '../rules/bank-account';

/**
 * The zengin bank and branch look-ups (GET /banks, GET /banks/{bankCode}/branches) and a transport company's
 * accounts (GET and PUT /trans/bank-accounts).
 */

/** `keyword`: a code's first digits, or part of the name in kanji, kana or rōmaji. Empty lists from the start. */
export const bankSearchQuerySchema = z.object({
  keyword: z.string({ error: 'invalid_format' }).max(40, 'max_length_exceeded').optional(),
});

export const bankCodeParamSchema = z.object({
  bankCode: z.string({ error: 'MSG_00_21' }).regex(BANK_CODE_PATTERN, 'invalid_format'),
});

/** A bank or a branch of the list: its code, its name (みずほ, 東京営業部) and its name in kana. */
export const bankEntrySchema = z.object({ code: z.string(), name: z.string(), kana: z.string() });
export type BankEntry = z.infer<typeof bankEntrySchema>;

/** The matches in code order, at most BANK_SEARCH_LIMIT; `total` counts them all. */
export const bankSearchResultSchema = z.object({ items: z.array(bankEntrySchema), total: z.number() });
export type BankSearchResult = z.infer<typeof bankSearchResultSchema>;

/** One account as the form sends it: codes only (the server takes names and kana from the list). */
export const bankAccountInputSchema = z.object({
  bankCode: z.string({ error: 'MSG_00_21' }).regex(BANK_CODE_PATTERN, 'MSG_00_21'),
  branchCode: z.string({ error: 'MSG_00_21' }).regex(BRANCH_CODE_PATTERN, 'MSG_00_21'),
  accountType: z.enum(BANK_ACCOUNT_TYPES, { error: 'MSG_00_21' }),
  accountNumber: z
    .string({ error: 'MSG_00_21' })
    .max(20, 'max_length_exceeded')
    .transform(normalizeBankAccountNumber)
    .refine((v) => v !== '', 'MSG_00_21')
    .refine((v) => v === '' || BANK_ACCOUNT_NUMBER_PATTERN.test(v), 'bank_account_number_invalid'),
  holderName: z
    .string({ error: 'MSG_00_21' })
    .max(100, 'max_length_exceeded')
    .transform(toBankKana)
    .superRefine((v, ctx) => {
      const issue = bankHolderNameIssue(v);
      if (issue) ctx.addIssue({ code: 'custom', message: issue });
    }),
});

/** PUT /trans/bank-accounts: the company's accounts, in the order invoices print them (replaces the list). */
export const saveBankAccountsSchema = z.object({
  accounts: z
    .array(bankAccountInputSchema, { error: 'invalid_format' })
    .max(BANK_ACCOUNTS_MAX, 'bank_accounts_max'),
});
export type SaveBankAccountsInput = z.input<typeof saveBankAccountsSchema>;

/** An account as stored and printed: the codes with the list's names and kana. */
export const bankAccountSchema = z.object({
  bankCode: z.string(),
  bankName: z.string(),
  bankKana: z.string(),
  branchCode: z.string(),
  branchName: z.string(),
  branchKana: z.string(),
  accountType: z.enum(BANK_ACCOUNT_TYPES),
  accountNumber: z.string(),
  holderName: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const bankAccountsSchema = z.object({ accounts: z.array(bankAccountSchema) });
export type BankAccounts = z.infer<typeof bankAccountsSchema>;
