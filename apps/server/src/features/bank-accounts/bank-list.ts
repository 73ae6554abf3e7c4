/**
 * The zengin code list (`zengin-code`: every Japanese bank and branch with its code, name and kana, updated with
 * the package): loaded on the first look-up and kept, so the web bundle never carries it.
 */
import { createRequire } from 'node:module';
import type { BankEntry, BankSearchResult } from '@junkan/shared/api/bank-accounts';
import { BANK_SEARCH_LIMIT, bankSearchKey } from '@junkan/shared/rules/bank-account';

interface ZenginEntry {
  code: string;
  name: string;
  kana: string;
  hira: string;
  roma: string;
}
interface ZenginBank extends ZenginEntry {
  branches: Record<string, ZenginEntry>;
}

interface Indexed {
  entry: BankEntry;
  /** The name, kana and rōmaji as `bankSearchKey` writes a keyword. */
  keys: string[];
}

interface Bank {
  bank: Indexed;
  /** Indexed on the first look-up of the bank's branches. */
  branches: Map<string, Indexed>;
  raw: ZenginBank;
}

const require = createRequire(import.meta.url);
let banks: Bank[] | null = null;
let byCode: Map<string, Bank> | null = null;

const indexed = (e: ZenginEntry): Indexed => ({
  entry: { code: e.code, name: e.name, kana: e.kana },
  keys: [bankSearchKey(e.name), e.hira, e.roma.toLowerCase()],
});

function load(): { banks: Bank[]; byCode: Map<string, Bank> } {
  if (!banks) {
    const data = require('zengin-code') as Record<string, ZenginBank>;
    banks = Object.values(data)
      .sort((a, b) => a.code.localeCompare(b.code))
      .map((raw) => ({ raw, bank: indexed(raw), branches: new Map<string, Indexed>() }));
    byCode = new Map(banks.map((b) => [b.bank.entry.code, b]));
  }
  return { banks, byCode: byCode! };
}

function branchesOf(bank: Bank): Map<string, Indexed> {
  if (bank.branches.size === 0)
    for (const b of Object.values(bank.raw.branches).sort((x, y) => x.code.localeCompare(y.code)))
      bank.branches.set(b.code, indexed(b));
  return bank.branches;
}

/** A code's first digits, or part of a name (kanji, kana or rōmaji); all entries in code order for none. */
function search(entries: Iterable<Indexed>, keyword: string | undefined): BankSearchResult {
  const key = bankSearchKey(keyword ?? '');
  const isCode = /^\d+$/.test(key);
  const items: BankEntry[] = [];
  let total = 0;
  for (const e of entries) {
    const hit = !key || (isCode ? e.entry.code.startsWith(key) : e.keys.some((k) => k.includes(key)));
    if (!hit) continue;
    total++;
    if (items.length < BANK_SEARCH_LIMIT) items.push(e.entry);
  }
  return { items, total };
}

/** GET /banks?keyword= */
export function searchBanks(keyword?: string): BankSearchResult {
  return search(
    load().banks.map((b) => b.bank),
    keyword,
  );
}

/** GET /banks/{bankCode}/branches?keyword=: null when the list has no such bank. */
export function searchBranches(bankCode: string, keyword?: string): BankSearchResult | null {
  const bank = load().byCode.get(bankCode);
  return bank ? search(branchesOf(bank).values(), keyword) : null;
}

/** The bank and branch of two codes, as the list names them now; null parts are not in the list. */
export function findBankBranch(bankCode: string, branchCode: string) {
  const bank = load().byCode.get(bankCode);
  const branch = bank ? branchesOf(bank).get(branchCode) : undefined;
  return { bank: bank?.bank.entry ?? null, branch: branch?.entry ?? null };
}
