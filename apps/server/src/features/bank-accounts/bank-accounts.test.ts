import type { BankAccounts, BankSearchResult } from '@junkan/shared/api/bank-accounts';
import { BANK_SEARCH_LIMIT } from '@junkan/shared/rules/bank-account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIS, PLATFORM, TRANS } from '../../../test/fixtures/demo-data';
import { createTestApp, type TestContext } from '../../../test/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const banks = async (keyword: string) => {
  const res = await t.as(TRANS).get(`/banks?keyword=${encodeURIComponent(keyword)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BankSearchResult>();
};

describe('GET /banks and /banks/{bankCode}/branches', () => {
  it('finds a bank by code, kanji, hiragana, katakana (either width) and rōmaji', async () => {
    for (const keyword of ['0001', 'みずほ', 'ミズホ', 'ﾐｽﾞﾎ', 'MIZUHO']) {
      const found = await banks(keyword);
      expect(found.items, keyword).toContainEqual({ code: '0001', name: 'みずほ', kana: 'ミズホ' });
    }
    // ゆうちょ is written ゆうちよ in the list: a keyword's small kana match.
    expect((await banks('ゆうちょ')).items.map((b) => b.code)).toContain('9900');
  });

  it('answers at most BANK_SEARCH_LIMIT entries in code order, with the count of all', async () => {
    const all = await banks('');
    expect(all.items).toHaveLength(BANK_SEARCH_LIMIT);
    expect(all.total).toBeGreaterThan(1000);
    const codes = all.items.map((b) => b.code);
    expect(codes).toEqual([...codes].sort());
    expect(codes[0]).toBe('0001');
  });

  it("lists a bank's branches by name or code, and 404 for a bank the list has not", async () => {
    const res = await t.as(TRANS).get(`/banks/0001/branches?keyword=${encodeURIComponent('東京営業')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<BankSearchResult>().items).toContainEqual({
      code: '001',
      name: '東京営業部',
      kana: 'トウキヨウ',
    });
    const byCode = (await t.as(TRANS).get('/banks/0001/branches?keyword=00')).json<BankSearchResult>();
    expect(byCode.items.every((b) => b.code.startsWith('00'))).toBe(true);
    expect((await t.as(TRANS).get('/banks/0002/branches')).statusCode).toBe(404);
    const bad = await t.as(TRANS).get('/banks/12a4/branches');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ bankCode: 'invalid_format' });
    expect((await t.as(TRANS).get(`/banks?keyword=${'a'.repeat(41)}`)).statusCode).toBe(400);
  });

  it('is for transporters: a discharger is 403, no session 401', async () => {
    expect((await t.as(DIS).get('/banks?keyword=0001')).statusCode).toBe(403);
    expect((await t.anonymous.get('/banks?keyword=0001')).statusCode).toBe(401);
    expect((await t.as(DIS).get('/trans/bank-accounts')).statusCode).toBe(403);
  });
});

describe('PUT /trans/bank-accounts', () => {
  const account = (over: object = {}) => ({
    bankCode: '0001',
    branchCode: '001',
    accountType: 'CURRENT',
    accountNumber: '７６５４３２１',
    holderName: 'じゅんかん しゅうしゅううんぱん（かぶ',
    ...over,
  });

  it('stores codes with the list names and kana, the number and the holder in half-width kana', async () => {
    const res = await t.as(PLATFORM).put('/trans/bank-accounts', { accounts: [account()] });
    expect(res.statusCode, res.body).toBe(200);
    const saved = {
      bankCode: '0001',
      bankName: 'みずほ',
      bankKana: 'ミズホ',
      branchCode: '001',
      branchName: '東京営業部',
      branchKana: 'トウキヨウ',
      accountType: 'CURRENT',
      accountNumber: '7654321',
      holderName: 'ｼﾞﾕﾝｶﾝ ｼﾕｳｼﾕｳｳﾝﾊﾟﾝ(ｶﾌﾞ',
    };
    expect(res.json<BankAccounts>()).toEqual({ accounts: [saved] });
    expect((await t.as(PLATFORM).get('/trans/bank-accounts')).json()).toEqual({ accounts: [saved] });
    // Names sent with the codes are not read: the list's are stored.
    await t.as(PLATFORM).put('/trans/bank-accounts', { accounts: [{ ...account(), bankName: '偽銀行' }] });
    expect((await t.as(PLATFORM).get('/trans/bank-accounts')).json().accounts[0].bankName).toBe('みずほ');
    // Another company's accounts are its own.
    const toto = (await t.as(TRANS).get('/trans/bank-accounts')).json<BankAccounts>();
    expect(toto.accounts.map((a) => a.accountNumber)).toEqual(['1234567']);
  });

  it.each([
    ['an unknown bank', { bankCode: '0002' }, 'accounts.0.bankCode', 'bank_not_found'],
    ['an unknown branch', { branchCode: '999' }, 'accounts.0.branchCode', 'bank_branch_not_found'],
    [
      'a 6-digit number',
      { accountNumber: '123456' },
      'accounts.0.accountNumber',
      'bank_account_number_invalid',
    ],
    ['no number', { accountNumber: '' }, 'accounts.0.accountNumber', 'MSG_00_21'],
    [
      'a holder in kanji',
      { holderName: '順環株式会社' },
      'accounts.0.holderName',
      'bank_holder_name_invalid',
    ],
    [
      'a holder too long',
      { holderName: 'ア'.repeat(31) },
      'accounts.0.holderName',
      'bank_holder_name_too_long',
    ],
    ['no holder', { holderName: '  ' }, 'accounts.0.holderName', 'MSG_00_21'],
    ['another type', { accountType: 'CHECKING' }, 'accounts.0.accountType', 'MSG_00_21'],
  ])('refuses %s next to the field, and keeps what was stored', async (_what, over, field, code) => {
    const before = (await t.as(PLATFORM).get('/trans/bank-accounts')).json();
    const res = await t.as(PLATFORM).put('/trans/bank-accounts', { accounts: [account(over)] });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toMatchObject({ [field]: code });
    expect((await t.as(PLATFORM).get('/trans/bank-accounts')).json()).toEqual(before);
  });

  it('keeps at most three accounts, and an empty list clears them', async () => {
    const four = await t.as(PLATFORM).put('/trans/bank-accounts', { accounts: Array(4).fill(account()) });
    expect(four.json().fields).toEqual({ accounts: 'bank_accounts_max' });
    const cleared = await t.as(PLATFORM).put('/trans/bank-accounts', { accounts: [] });
    expect(cleared.json()).toEqual({ accounts: [] });
  });
});
