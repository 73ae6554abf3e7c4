import { formatDateWithEra } from '@junkan/shared/japanese-era';
import type { PriceUnit } from '@junkan/shared/quote-pricing';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { businessNow } from './business-clock';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Ruling 10: every business date and clock is Japan time. */
export const APP_TIME_ZONE = 'Asia/Tokyo';

type DateInput = string | number | Date | null | undefined;

export function toJapanTime(value: DateInput) {
  if (value === null || value === undefined || value === '') return null;
  const d = dayjs(value);
  return d.isValid() ? d.tz(APP_TIME_ZONE) : null;
}

export function formatDate(value: DateInput, pattern = 'YYYY/MM/DD'): string {
  return toJapanTime(value)?.format(pattern) ?? '';
}

export function formatDateTime(value: DateInput, pattern = 'YYYY/MM/DD HH:mm'): string {
  return formatDate(value, pattern);
}

/**
 * A Japan date (YYYY-MM-DD) or month (YYYY-MM) as shown, 2026/04/30 or 2026/04; read as text so the machine's
 * time zone cannot shift it.
 */
export function formatPlainDate(value: string | null): string {
  if (!value) return '';
  return /^\d{4}-\d{2}(-\d{2})?$/.test(value) ? value.replaceAll('-', '/') : formatDate(value);
}

export interface YearMonth {
  year: number;
  month: number;
}

/** This month in Japan time (ruling 10) on the server's business clock, whatever the machine's zone. */
export function currentJapanYearMonth(now: number = businessNow()): YearMonth {
  const d = toJapanTime(now);
  return d ? { year: d.year(), month: d.month() + 1 } : { year: 2000, month: 1 };
}

const yen = new Intl.NumberFormat('ja-JP', { style: 'currency', currency: 'JPY', maximumFractionDigits: 0 });

/** Whole yen (ruling 10): 12345 -> ￥12,345. */
export function formatYen(amount: number | null | undefined): string {
  return amount === null || amount === undefined || Number.isNaN(amount)
    ? ''
    : yen.format(Math.round(amount));
}

export function formatNumber(value: number | null | undefined, fractionDigits = 0): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return new Intl.NumberFormat('ja-JP', {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
}

/**
 * An expiry or contract date with its era (the shared rule documents print too): 2026/11/23（令和8年） in
 * Japanese, 2026/11/23 in English. A Japan date string is read as written; a timestamp as its Japan day.
 */
export function formatEraDate(value: DateInput, language: string): string {
  const day =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : formatDate(value, 'YYYY-MM-DD');
  return day ? formatDateWithEra(day, { language: language.startsWith('en') ? 'en' : 'ja' }) : '';
}

/** A file's size in bytes as shown: 820 B, 1.5 KB, 12.3 MB, 1.2 GB. */
export function formatByteSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || Number.isNaN(bytes)) return '';
  const units = ['KB', 'MB', 'GB'] as const;
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A unit of measure as shown: the master's m3 as m³, others as written (kg, t, L, 個). */
export function formatMeasureUnit(unit: string | null | undefined): string {
  if (!unit) return '';
  return unit === 'm3' ? 'm³' : unit;
}

/** A price's unit in the chosen language: kg, t, m³, 袋(45L) / bag (45 L), 回 / collection. */
export function formatPriceUnit(unit: PriceUnit, t: Translate): string {
  if (unit.basis === 'BAG') return t('units.bag', { size: unit.bagSize });
  if (unit.basis === 'COLLECTION') return t('units.collection');
  return formatMeasureUnit(unit.unit);
}

/** The suffix of a unit-price input or column: 円/kg, 円/袋(45L), 円/回; just 円 without a unit. */
export function unitPriceSuffix(unit: PriceUnit, t: Translate): string {
  const text = formatPriceUnit(unit, t);
  return text ? t('units.perUnit', { unit: text }) : t('units.yen');
}

/** A unit price with its unit: ￥1,200/kg, ￥800/袋(45L); the bare amount when the unit is unknown. */
export function formatUnitPrice(price: number | null | undefined, unit: PriceUnit, t: Translate): string {
  const amount = formatYen(price);
  const text = formatPriceUnit(unit, t);
  return amount && text ? t('units.unitPrice', { price: amount, unit: text }) : amount;
}

const quantityFormat = new Intl.NumberFormat('ja-JP', { maximumFractionDigits: 2 });

/** A quantity with its unit, up to 2 decimals: 1.5 t, 120 kg, 26 袋(45L). */
export function formatQuantity(value: number | null | undefined, unit: PriceUnit, t: Translate): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  const quantity = quantityFormat.format(value);
  const text = formatPriceUnit(unit, t);
  return text ? t('units.quantity', { quantity, unit: text }) : quantity;
}

/** Punctuation that follows the language on screen: Japanese marks in Japanese, their English forms in English. */
export interface Punctuation {
  /** Between items of a list: 45L×3、70L×2 / 45L×3, 70L×2. */
  list: string;
  /** Between weekdays and other short words: 月・木 / Mon, Thu. */
  dot: string;
  /** Between the ends of a period: 2026/04/01〜2027/03/31 / 2026/04/01–2027/03/31. */
  range: string;
  /** Around a note: 太郎（排出事業者） / Taro (Discharger). */
  open: string;
  close: string;
  /** Before a postal code: 〒104-0061; nothing in English. */
  postal: string;
  /** After a label: 対象期間：… / Period: … */
  colon: string;
}

export const PUNCTUATION: Record<'ja' | 'en', Punctuation> = {
  ja: { list: '、', dot: '・', range: '〜', open: '（', close: '）', postal: '〒', colon: '：' },
  en: { list: ', ', dot: ', ', range: '–', open: ' (', close: ')', postal: '', colon: ': ' },
};

export const punctuationOf = (language: string): Punctuation => PUNCTUATION[language === 'en' ? 'en' : 'ja'];
