import { describe, expect, it } from 'vitest';
import { bankAccountsFormValues, bankAccountsRequest, holderNameAsSent } from './bank-accounts-values';

const stored = {
  bankCode: '0001',
  bankName: 'みずほ',
  bankKana: 'ミズホ',
  branchCode: '001',
  branchName: '東京営業部',
  branchKana: 'トウキヨウ',
  accountType: 'ORDINARY' as const,
  accountNumber: '1234567',
  holderName: 'ﾄｳﾄｶﾝｷﾖｳｻ-ﾋﾞｽ(ｶ',
};

describe('bank account form values', () => {
  it('shows stored accounts with their select labels and sends their codes back', () => {
    const values = bankAccountsFormValues([stored]);
    expect(values.accounts[0]).toMatchObject({ bankLabel: '0001 みずほ', branchLabel: '001 東京営業部' });
    expect(bankAccountsRequest(values)).toEqual({
      ok: true,
      input: {
        accounts: [
          {
            bankCode: '0001',
            branchCode: '001',
            accountType: 'ORDINARY',
            accountNumber: '1234567',
            holderName: 'ﾄｳﾄｶﾝｷﾖｳｻ-ﾋﾞｽ(ｶ',
          },
        ],
      },
    });
  });

  it.each([
    ['とうと　かんきょう（かぶ', 'ﾄｳﾄ ｶﾝｷﾖｳ(ｶﾌﾞ'],
    ['ジュンカン・サービス', 'ｼﾞﾕﾝｶﾝ.ｻ-ﾋﾞｽ'],
    ['ｶﾞｯｺｳ', 'ｶﾞﾂｺｳ'],
    ['ａｂｃ１２３', 'ABC123'],
  ])('writes the holder %s as %s', (typed, sent) => expect(holderNameAsSent(typed)).toBe(sent));

  it('puts each issue of the shared rule next to its field of the row', () => {
    const result = bankAccountsRequest({
      accounts: [
        { ...bankAccountsFormValues([stored]).accounts[0] },
        {
          bankCode: null,
          branchCode: null,
          accountType: 'ORDINARY',
          accountNumber: '12',
          holderName: '山田',
        },
      ],
    });
    expect(result).toEqual({
      ok: false,
      issues: [
        { name: ['accounts', 1, 'bankCode'], code: 'MSG_00_21' },
        { name: ['accounts', 1, 'branchCode'], code: 'MSG_00_21' },
        { name: ['accounts', 1, 'accountNumber'], code: 'bank_account_number_invalid' },
        { name: ['accounts', 1, 'holderName'], code: 'bank_holder_name_invalid' },
      ],
    });
  });
});
