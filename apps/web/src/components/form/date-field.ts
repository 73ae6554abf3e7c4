import dayjs, { type Dayjs } from 'dayjs';
import { businessNow } from '../../lib/business-clock';
import { toJapanTime } from '../../lib/format';

/**
 * A DatePicker's Form.Item props: the picker works on Dayjs, the form keeps the text (`pattern`).
 * `empty` is what a cleared picker leaves in the form.
 */
export function pickerItemProps(pattern: 'YYYY-MM-DD' | 'YYYY-MM', empty: '' | null = null) {
  return {
    getValueProps: (value: unknown) => ({
      value: typeof value === 'string' && value ? dayjs(pattern === 'YYYY-MM' ? `${value}-01` : value) : null,
    }),
    normalize: (value: Dayjs | null) => (value ? value.format(pattern) : empty),
  };
}

/** Day fields (YYYY-MM-DD, cleared to null). */
export const dateItemProps = pickerItemProps('YYYY-MM-DD');

/** Month fields (YYYY-MM, cleared to null). */
export const monthItemProps = pickerItemProps('YYYY-MM');

/** Today in Japan (the business's time zone) on the server's business clock, YYYY-MM-DD. */
export const japanToday = (now: number = businessNow()) => toJapanTime(now)?.format('YYYY-MM-DD') ?? '';

/** Days outside [min, max] (YYYY-MM-DD, either may be absent) for a picker's `disabledDate`. */
export const outsideDates =
  (min: string | null | undefined, max: string | null | undefined) =>
  (d: Dayjs): boolean => {
    const day = d.format('YYYY-MM-DD');
    return (!!min && day < min) || (!!max && day > max);
  };

/** Days after today in Japan, for pickers that refuse the future. */
export const futureDays = (now: number = businessNow()) => outsideDates(null, japanToday(now));

/** Enter in a date field confirms the typed date without submitting the form. */
export const keepEnterInPicker = (e: { key: string; preventDefault: () => void }) => {
  if (e.key === 'Enter') e.preventDefault();
};

/** What a limited picker chooses: a day (YYYY/MM/DD) or a month (YYYY/MM). */
export type PickerUnit = 'date' | 'month';

const TYPED_PATTERN: Record<PickerUnit, { pattern: RegExp; format: string }> = {
  date: { pattern: /^(\d{4})\/(\d{2})\/(\d{2})$/, format: 'YYYY/MM/DD' },
  month: { pattern: /^(\d{4})\/(\d{2})$/, format: 'YYYY/MM' },
};

/** A day (YYYY/MM/DD, a real day) or a month (YYYY/MM, its first day) as typed in a picker, or null. */
export function typedDay(text: string, unit: PickerUnit = 'date'): Dayjs | null {
  const { pattern, format } = TYPED_PATTERN[unit];
  const match = pattern.exec(text.trim());
  if (!match) return null;
  const day = dayjs(`${match[1]}-${match[2]}-${match[3] ?? '01'}`);
  // dayjs rolls 2026-02-30 over into March (and month 13 into the next year): a real one reads back as typed.
  return day.isValid() && day.format(format) === text.trim() ? day : null;
}

/**
 * The day (or month) typed into a picker that its `disabledDate` refuses, or null. antd drops such a day without a
 * word when Enter is pressed or the field is left, and the field shows its old day again: `DayPicker` and
 * `MonthPicker` hand it to the form instead, where the field's rule says why.
 */
export function refusedTypedDay(
  text: string,
  disabledDate: ((day: Dayjs) => boolean) | undefined,
  unit: PickerUnit = 'date',
): Dayjs | null {
  const day = typedDay(text, unit);
  return day && disabledDate?.(day) ? day : null;
}

/** A day picker's own props: the product's display format, full width, Enter kept in the picker. */
export const dayPickerProps = {
  format: 'YYYY/MM/DD',
  style: { width: '100%' },
  onKeyDown: keepEnterInPicker,
} as const;

/** A month picker's own props: months shown as YYYY/MM, full width, Enter kept in the picker. */
export const monthPickerProps = {
  picker: 'month',
  format: 'YYYY/MM',
  style: { width: '100%' },
  onKeyDown: keepEnterInPicker,
} as const;
