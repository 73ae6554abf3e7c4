/**
 * A transport company's bank accounts (振込先), printed on its bank-transfer invoices: the bank and branch from
 * the zengin code list (the server answers them; names and kana are never typed), the account type, the 7-digit
 * number and the holder's name in the characters a bank transfer carries (全銀 half-width kana). Pure rules both
 * sides run.
 */

/** 普通 / 当座 / 貯蓄. */
export const BANK_ACCOUNT_TYPES = ['ORDINARY', 'CURRENT', 'SAVINGS'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

/** How the documents print a type (Japanese, as every bank names them). */
export const BANK_ACCOUNT_TYPE_LABELS_JA: Record<BankAccountType, string> = {
  ORDINARY: '普通',
  CURRENT: '当座',
  SAVINGS: '貯蓄',
};

/** Accounts a company may list; an invoice prints them all. */
export const BANK_ACCOUNTS_MAX = 3;
/** The zengin transfer record's receiver name field holds 30 characters. */
export const BANK_HOLDER_NAME_MAX = 30;
/** Bank and branch look-ups answer at most this many entries; a longer keyword narrows them. */
export const BANK_SEARCH_LIMIT = 50;

export const BANK_CODE_PATTERN = /^\d{4}$/;
export const BRANCH_CODE_PATTERN = /^\d{3}$/;
export const BANK_ACCOUNT_NUMBER_PATTERN = /^\d{7}$/;

/**
 * The characters a zengin transfer carries in a name: digits, upper-case letters, half-width katakana without
 * the small ones (ｧ, ｯ... are written large), the voiced marks, space and ( ) . , - / ｢ ｣.
 */
export const BANK_HOLDER_NAME_PATTERN = /^[0-9A-Zｦｱ-ﾝﾞﾟ ().,\-/｢｣]+$/;

const FULL_KATAKANA =
  'アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲンヰヱ';
const HALF_KATAKANA = 'ｱｲｳｴｵｶｷｸｹｺｻｼｽｾｿﾀﾁﾂﾃﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓﾔﾕﾖﾗﾘﾙﾚﾛﾜｦﾝｲｴ';
const SMALL_TO_LARGE: Record<string, string> = {
  ァ: 'ア',
  ィ: 'イ',
  ゥ: 'ウ',
  ェ: 'エ',
  ォ: 'オ',
  ャ: 'ヤ',
  ュ: 'ユ',
  ョ: 'ヨ',
  ッ: 'ツ',
  ヮ: 'ワ',
  ヵ: 'カ',
  ヶ: 'ケ',
};
const SYMBOLS: Record<string, string> = {
  ー: '-',
  '‐': '-',
  '‑': '-',
  '–': '-',
  '—': '-',
  '−': '-',
  '・': '.',
  '「': '｢',
  '」': '｣',
  '\u3099': 'ﾞ',
  '\u309a': 'ﾟ',
};

/**
 * A name as typed (hiragana, full- or half-width katakana, full-width letters, small kana, ー) in the characters
 * a transfer carries: half-width katakana with the small kana written large, upper-case letters, '-' for the long
 * vowel mark, single spaces. What it cannot convert (kanji, other symbols) stays, for the rule to refuse.
 */
export function toBankKana(input: string): string {
  const wide = input
    .normalize('NFKC')
    .toUpperCase()
    // Hiragana to katakana: the same order, 0x60 apart.
    .replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60))
    .replace(/[ァィゥェォャュョッヮヵヶ]/g, (c) => SMALL_TO_LARGE[c]!)
    // Voiced kana as base kana and a combining mark, each then mapped on its own.
    .normalize('NFD');
  let out = '';
  for (const c of wide) {
    const i = FULL_KATAKANA.indexOf(c);
    out += i >= 0 ? HALF_KATAKANA[i] : (SYMBOLS[c] ?? c);
  }
  return out.replace(/\s+/g, ' ').trim();
}

export type BankHolderNameIssue = 'MSG_00_21' | 'bank_holder_name_invalid' | 'bank_holder_name_too_long';

/** Why a holder name (already through `toBankKana`) cannot be sent with a transfer; null when it can. */
export function bankHolderNameIssue(name: string): BankHolderNameIssue | null {
  if (!name) return 'MSG_00_21';
  if (name.length > BANK_HOLDER_NAME_MAX) return 'bank_holder_name_too_long';
  return BANK_HOLDER_NAME_PATTERN.test(name) ? null : 'bank_holder_name_invalid';
}

/** An account number as typed (full-width digits, spaces, hyphens) as its digits. */
export function normalizeBankAccountNumber(input: string): string {
  return input.normalize('NFKC').replace(/[\s-]/g, '');
}

/** What a bank-transfer invoice prints and shows as one 振込先. */
export interface PayeeAccount {
  bankCode: string;
  bankName: string;
  branchCode: string;
  branchName: string;
  accountType: BankAccountType;
  accountNumber: string;
  holderName: string;
}

/** One line of a 振込先 as the documents print it: みずほ（0001） 東京営業部（001） 普通 1234567 ﾄｳﾄｶﾝｷﾖｳ. */
export function payeeAccountText(a: PayeeAccount): string {
  return `${a.bankName}（${a.bankCode}） ${a.branchName}（${a.branchCode}） ${BANK_ACCOUNT_TYPE_LABELS_JA[a.accountType]} ${a.accountNumber} ${a.holderName}`;
}

/**
 * A search keyword the way the bank list is matched: NFKC, katakana as hiragana with small kana large (the list's
 * `hira` writes きよう for きょう), lower case. Empty when nothing is left.
 */
export function bankSearchKey(input: string): string {
  return input
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60))
    .replace(/[ぁぃぅぇぉゃゅょっゎ]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 1))
    .replace(/\s+/g, '')
    .trim();
}
