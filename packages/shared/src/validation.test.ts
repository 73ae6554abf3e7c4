import { describe, expect, it } from 'vitest';
import { loginRequestSchema, passwordWithConfirmSchema, signupRequestSchema } from './api/auth';
import { accountInfoSchema } from './api/users';
import {
  decimalParam,
  emailSchema,
  formatPhone,
  formatPostalCode,
  hasInvalidCharacters,
  idParam,
  idSchema,
  isoDateSchema,
  isPostalLookupEnabled,
  isValidEmail,
  isValidPassword,
  isValidPhone,
  isValidPostalCode,
  MAX_ID,
  newPasswordSchema,
  normalizePhoneInput,
  phoneSchema,
  postalCodeSchema,
  requiredString,
  textSchema,
  wholeNumber,
} from './validation';

const firstCode = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error?.issues[0]?.message;

describe('email', () => {
  it.each([
    ['user@example.com', true],
    ['first.last+tag@sub.example.co.jp', true],
    ['a_b%c-d@example.info', true],
    ['user@example', false],
    ['user@example.c', false],
    ['user@example.museum', false],
    ['user example@example.com', false],
    ['ユーザー@example.com', false],
    ['', false],
    [`${'a'.repeat(243)}@example.com`, false],
  ])('%s -> %s', (value, ok) => {
    expect(isValidEmail(value)).toBe(ok);
  });

  it('answers MSG_00_21 when empty and MSG_00_22 when malformed', () => {
    expect(firstCode(emailSchema.safeParse(''))).toBe('MSG_00_21');
    expect(firstCode(emailSchema.safeParse(undefined))).toBe('MSG_00_21');
    expect(firstCode(emailSchema.safeParse('nope'))).toBe('MSG_00_22');
  });

  it('answers email_invalid on the login form', () => {
    expect(firstCode(loginRequestSchema.safeParse({ email: 'nope', password: 'x' }))).toBe('email_invalid');
    expect(firstCode(loginRequestSchema.safeParse({ email: '', password: 'x' }))).toBe('MSG_00_21');
  });
});

describe('password (ruling 6)', () => {
  it.each([
    ['Passw0rd', true],
    ['aB3aB3aB3aB3aB3aB3aB3aB3', true],
    ['aB3aB3aB3aB3aB3aB3aB3aB3x', false],
    ['Pass0rd', false],
    ['password1', false],
    ['PASSWORD1', false],
    ['Password', false],
    ['Passw0rd!', false],
    ['Ｐａｓｓｗ0ｒｄ', false],
    ['Pass w0rd', false],
  ])('%s -> %s', (value, ok) => {
    expect(isValidPassword(value)).toBe(ok);
    expect(newPasswordSchema.safeParse(value).success).toBe(ok);
  });

  it('answers MSG_03_1 for a weak password and MSG_03_2 for a different confirmation', () => {
    expect(firstCode(newPasswordSchema.safeParse('weak'))).toBe('MSG_03_1');
    const mismatch = passwordWithConfirmSchema.safeParse({
      password: 'Passw0rd',
      confirmPassword: 'Passw0rx',
    });
    expect(firstCode(mismatch)).toBe('MSG_03_2');
    expect(
      passwordWithConfirmSchema.safeParse({ password: 'Passw0rd', confirmPassword: 'Passw0rd' }).success,
    ).toBe(true);
  });
});

describe('phone', () => {
  it.each([
    ['03-1234-5678', true],
    ['090-1234-5678', true],
    ['0422-12-3456', true],
    ['04992-2-1234', true],
    ['0120-123-456', false],
    ['03-123-5678', false],
    ['3-1234-5678', false],
    ['0312345678', false],
    ['090-12345-678', false],
    ['03-1234-567a', false],
  ])('%s -> %s', (value, ok) => {
    expect(isValidPhone(value)).toBe(ok);
  });

  it('answers MSG_00_24 for a malformed number', () => {
    expect(firstCode(phoneSchema.safeParse('12345'))).toBe('MSG_00_24');
    expect(firstCode(phoneSchema.safeParse(''))).toBe('MSG_00_21');
  });

  it('keeps digits, adds the leading 0 and stops at 11 digits while typing', () => {
    expect(normalizePhoneInput('3-1234-5678')).toBe('0312345678');
    expect(normalizePhoneInput('090１２３４')).toBe('090');
    expect(normalizePhoneInput('0901234567890')).toBe('09012345678');
    expect(normalizePhoneInput('')).toBe('');
  });

  it('formats on blur into a number the validator accepts', () => {
    expect(formatPhone('09012345678')).toBe('090-1234-5678');
    expect(formatPhone('0312345678')).toBe('03-1234-5678');
    expect(formatPhone('0612345678')).toBe('06-1234-5678');
    expect(formatPhone('0451234567')).toBe('045-123-4567');
    expect(formatPhone('12345')).toBe('012345');
    for (const raw of ['09012345678', '0312345678', '0451234567'])
      expect(isValidPhone(formatPhone(raw))).toBe(true);
  });
});

describe('postal code', () => {
  it.each([
    ['104-0061', true],
    ['1040061', false],
    ['104-006', false],
    ['１０４-００６１', false],
  ])('%s -> %s', (value, ok) => {
    expect(isValidPostalCode(value)).toBe(ok);
  });

  it('answers MSG_00_23 when malformed', () => {
    expect(firstCode(postalCodeSchema.safeParse('1040061'))).toBe('MSG_00_23');
  });

  it('hyphenates as typed and enables the lookup only for a full code', () => {
    expect(formatPostalCode('1040061')).toBe('104-0061');
    expect(formatPostalCode('104')).toBe('104');
    expect(formatPostalCode('1040')).toBe('104-0');
    expect(formatPostalCode('104-00619')).toBe('104-0061');
    expect(isPostalLookupEnabled('104-0061')).toBe(true);
    expect(isPostalLookupEnabled('104-006')).toBe(false);
    expect(isPostalLookupEnabled(undefined)).toBe(false);
  });
});

describe('sign-up and account information', () => {
  it('defaults the sign-up role to WASTE and refuses ADMIN', () => {
    const parsed = signupRequestSchema.parse({ email: 'a@example.com', password: 'Passw0rd' });
    expect(parsed.role).toBe('WASTE');
    expect(
      signupRequestSchema.safeParse({ email: 'a@example.com', password: 'Passw0rd', role: 'ADMIN' }).success,
    ).toBe(false);
  });

  const account = {
    accountName: '山田',
    companyName: '株式会社テスト',
    companyPostalCode: '104-0061',
    companyAddress: '東京都中央区銀座',
    companyTelephone: '03-1234-5678',
    companyEmail: 'info@example.com',
    contractPic: '山田',
  };

  it('accepts blank registrant number and EDI key, and checks them when given', () => {
    expect(
      accountInfoSchema.safeParse({ ...account, registrantNumber: '', ediConfirmationKey: null }).success,
    ).toBe(true);
    expect(firstCode(accountInfoSchema.safeParse({ ...account, registrantNumber: 'AB12' }))).toBe('MSG_05_2');
    expect(firstCode(accountInfoSchema.safeParse({ ...account, ediConfirmationKey: '1234567' }))).toBe(
      'MSG_05_3',
    );
    expect(
      accountInfoSchema.safeParse({ ...account, registrantNumber: 'AB12345', ediConfirmationKey: '12345678' })
        .success,
    ).toBe(true);
  });

  it('enforces the section-5 lengths', () => {
    expect(firstCode(accountInfoSchema.safeParse({ ...account, accountName: 'あ'.repeat(17) }))).toBe(
      'max_length_exceeded',
    );
    expect(accountInfoSchema.safeParse({ ...account, accountName: 'あ'.repeat(16) }).success).toBe(true);
    expect(firstCode(accountInfoSchema.safeParse({ ...account, companyName: 'あ'.repeat(33) }))).toBe(
      'max_length_exceeded',
    );
    expect(firstCode(accountInfoSchema.safeParse({ ...account, contractPic: '  ' }))).toBe('MSG_00_21');
  });
});

describe('text every call refuses', () => {
  it.each([
    ['plain', 'abc', false],
    ['Japanese and a surrogate pair', '𠮷野家', false],
    ['NUL', 'a\u0000b', true],
    ['lone high surrogate', '\ud800x', true],
    ['lone low surrogate at the end', 'x\udc00', true],
    ['reversed pair', '\udc00\ud800', true],
  ])('%s', (_name, value, invalid) => {
    expect(hasInvalidCharacters(value)).toBe(invalid);
    expect(firstCode(textSchema().safeParse(value))).toBe(invalid ? 'invalid_characters' : null);
  });

  it('requiredString refuses them too', () => {
    expect(firstCode(requiredString(10).safeParse('a\u0000'))).toBe('invalid_characters');
  });
});

describe('ids', () => {
  it.each([
    [1, true],
    [MAX_ID, true],
    [MAX_ID + 1, false],
    [2 ** 53, false],
    [0, false],
    [-1, false],
    [1.5, false],
    ['1', false],
  ])('body id %s', (value, ok) => {
    expect(idSchema.safeParse(value).success).toBe(ok);
  });

  it.each([
    ['7', 7],
    ['2147483647', MAX_ID],
    ['0x7', null],
    [' 7', null],
    ['7 ', null],
    ['7.0', null],
    ['7e0', null],
    ['+7', null],
    ['-7', null],
    ['07', 7],
    ['0', null],
    ['', null],
    ['2147483648', null],
    ['99999999999999999999', null],
  ])('path id %j', (value, expected) => {
    const r = idParam().safeParse(value);
    expect(r.success ? r.data : null).toBe(expected);
  });

  it('decimalParam keeps its range; wholeNumber also takes a JSON number', () => {
    expect(decimalParam(0, 12).safeParse('0').data).toBe(0);
    expect(decimalParam(1, 12).safeParse('13').success).toBe(false);
    expect(wholeNumber(0, 999).safeParse(45).data).toBe(45);
    expect(wholeNumber(0, 999).safeParse('45').data).toBe(45);
    expect(wholeNumber(0, 999).safeParse('4.5e1').success).toBe(false);
    expect(wholeNumber(0, 999).safeParse(1000).success).toBe(false);
  });
});

describe('calendar dates', () => {
  it.each([
    ['2026-01-31', true],
    ['2024-02-29', true],
    ['2000-02-29', true],
    ['2026-02-29', false],
    ['1900-02-29', false],
    ['2026-02-30', false],
    ['2026-04-31', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-1-01', false],
    ['20260101', false],
  ])('%s', (value, ok) => {
    expect(isoDateSchema().safeParse(value).success).toBe(ok);
  });
});
