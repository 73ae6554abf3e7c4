// The field rules screens read without the schemas (validation.ts) and zod.

/** Section 5 limits. */
export const MAX_LENGTH = {
  email: 254,
  /** users.user_name: sign-up sends the e-mail address there. */
  userName: 254,
  password: 24,
  accountName: 16,
  companyName: 32,
  contractPic: 16,
  officeName: 32,
  dischargeSiteName: 32,
  address: 254,
  wasteAddress3: 80,
  telephone: 13,
  postalCode: 8,
  vehicleNumber: 30,
  reporter: 24,
  transporter: 24,
  wasteNameSearch: 32,
} as const;

export const REGISTRANT_NUMBER_LENGTH = 7;
export const EDI_KEY_LENGTH = 8;

export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,4}$/;
/** Ruling 6: half-width letters and digits, one lowercase, one uppercase, one digit, 8 to 24. */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z\d]{8,24}$/;
export const POSTAL_CODE_PATTERN = /^\d{3}-\d{4}$/;
/** Leading 0, groups of 1-4, 1-4 and 4 digits; the first two groups hold 6 or 7 digits. */
export const PHONE_PATTERN = /^0\d{1,4}-\d{1,4}-\d{4}$/;
export const REGISTRANT_NUMBER_PATTERN = /^[A-Za-z0-9]{7}$/;
export const EDI_KEY_PATTERN = /^\d{8}$/;

export function isValidEmail(value: string): boolean {
  return value.length <= MAX_LENGTH.email && EMAIL_PATTERN.test(value);
}

export function isValidPassword(value: string): boolean {
  return PASSWORD_PATTERN.test(value);
}

export function isValidPostalCode(value: string): boolean {
  return POSTAL_CODE_PATTERN.test(value);
}

export function isValidPhone(value: string): boolean {
  if (value.length < 10 || value.length > 13 || !PHONE_PATTERN.test(value)) return false;
  const [first = '', second = ''] = value.split('-');
  const headDigits = first.length + second.length;
  return headDigits === 6 || headDigits === 7;
}

/** Keeps digits only, prefixes 0 when missing and stops at 11 digits (typing rule). */
export function normalizePhoneInput(value: string): string {
  let digits = value.replace(/\D/g, '');
  if (digits.length > 0 && !digits.startsWith('0')) digits = `0${digits}`;
  return digits.slice(0, 11);
}

/**
 * Formats a typed phone number on blur. Mobile and IP numbers (0X0) are 3-4-4; other
 * 10-digit numbers 2-4-4 for Tokyo and Osaka (03, 06), 3-3-4 otherwise.
 */
export function formatPhone(value: string): string {
  const digits = normalizePhoneInput(value);
  if (digits.length === 11) return `${digits.slice(0, 3)}-${digits.slice(3, 7)}-${digits.slice(7)}`;
  if (digits.length === 10) {
    if (/^0[36]/.test(digits)) return `${digits.slice(0, 2)}-${digits.slice(2, 6)}-${digits.slice(6)}`;
    return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
  }
  return digits;
}

/** Auto-hyphenates a postal code as typed: 1040061 -> 104-0061. */
export function formatPostalCode(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 7);
  return digits.length > 3 ? `${digits.slice(0, 3)}-${digits.slice(3)}` : digits;
}

export function isPostalLookupEnabled(value: string | undefined | null): boolean {
  return typeof value === 'string' && value.length === MAX_LENGTH.postalCode && isValidPostalCode(value);
}

/** U+0000, or a UTF-16 surrogate without its partner: text no database column or JSON value can hold. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what is refused
const INVALID_CHARACTERS = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function hasInvalidCharacters(value: string): boolean {
  return INVALID_CHARACTERS.test(value);
}

/** The largest id a row can have (the columns are 32-bit integers). */
export const MAX_ID = 2_147_483_647;
