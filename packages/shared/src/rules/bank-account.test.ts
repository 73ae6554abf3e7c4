import { describe, expect, it } from 'vitest';
import { bankHolderNameIssue, bankSearchKey, normalizeBankAccountNumber, toBankKana } from './bank-account';

describe('toBankKana', () => {
  it.each([
    ['トウトカンキョウサービス（カ', 'ﾄｳﾄｶﾝｷﾖｳｻ-ﾋﾞｽ(ｶ'],
    ['かぶしきがいしゃ　ぱぴぷ', 'ｶﾌﾞｼｷｶﾞｲｼﾔ ﾊﾟﾋﾟﾌﾟ'],
    ['ヴィクトリー', 'ｳﾞｲｸﾄﾘ-'],
    ['ｼｬｯﾀｰ', 'ｼﾔﾂﾀ-'],
    ['ｶﾞ', 'ｶﾞ'],
    ['ａｂｃ－１', 'ABC-1'],
    ['「ヲ」・ヰヱ', '｢ｦ｣.ｲｴ'],
    ['  ア   イ  ', 'ｱ ｲ'],
    ['山田', '山田'],
  ])('%s -> %s', (typed, sent) => expect(toBankKana(typed)).toBe(sent));
});

describe('bankHolderNameIssue', () => {
  it.each([
    ['ﾄｳﾄｶﾝｷﾖｳｻ-ﾋﾞｽ(ｶ', null],
    ['ABC ｼﾖｳｼﾞ.,/-()', null],
    ['', 'MSG_00_21'],
    ['ｼｬ', 'bank_holder_name_invalid'],
    ['山田', 'bank_holder_name_invalid'],
    ['ﾄｳﾄｰ', 'bank_holder_name_invalid'],
    ['abc', 'bank_holder_name_invalid'],
    ['ｱ'.repeat(30), null],
    ['ｱ'.repeat(31), 'bank_holder_name_too_long'],
  ])('%s: %s', (name, issue) => expect(bankHolderNameIssue(name)).toBe(issue));
});

describe('normalizeBankAccountNumber and bankSearchKey', () => {
  it('reads full-width digits and drops spaces and hyphens', () => {
    expect(normalizeBankAccountNumber('１２３ ４５-６７')).toBe('1234567');
  });
  it.each([
    ['ミズホ', 'みずほ'],
    ['ﾐｽﾞﾎ', 'みずほ'],
    ['ゆうちょ', 'ゆうちよ'],
    ['MIZUHO', 'mizuho'],
    ['三菱ＵＦＪ', '三菱ufj'],
    ['０００１', '0001'],
  ])('%s is searched as %s', (typed, key) => expect(bankSearchKey(typed)).toBe(key));
});
