import { DatePicker, type DatePickerProps } from 'antd';
import type { FocusEvent, KeyboardEvent } from 'react';
import { dayPickerProps, monthPickerProps, type PickerUnit, refusedTypedDay } from './date-field';

const OWN_PROPS: Record<PickerUnit, typeof dayPickerProps | typeof monthPickerProps> = {
  date: dayPickerProps,
  month: monthPickerProps,
};

/**
 * A picker (`dayPickerProps` or `monthPickerProps`) whose calendar offers only what `disabledDate` allows, while a
 * day or month typed outside it is kept: antd would drop it on Enter, Tab or leaving the field and show the old
 * value again, without a word. Here it goes to the form as typed, and the field's rule (which must refuse the same
 * days or months) says why beside it.
 */
function LimitedPicker({
  unit,
  disabledDate,
  onChange,
  onBlur,
  onKeyDown,
  ...props
}: DatePickerProps & { unit: PickerUnit }) {
  const own = OWN_PROPS[unit];
  const keepTyped = (event: { target: EventTarget | null }) => {
    const text = event.target instanceof HTMLInputElement ? event.target.value : '';
    const refused = refusedTypedDay(text, disabledDate && ((d) => disabledDate(d, { type: unit })), unit);
    if (refused) onChange?.(refused, text);
  };
  return (
    <DatePicker
      {...own}
      disabledDate={disabledDate}
      onChange={onChange}
      {...props}
      onBlur={(event: FocusEvent<HTMLElement>, info) => {
        keepTyped(event);
        onBlur?.(event, info);
      }}
      onKeyDown={(event: KeyboardEvent<HTMLElement>, preventDefault) => {
        own.onKeyDown(event);
        // Enter and Tab make antd confirm the typed value (and drop it when refused) before the field is left.
        if (event.key === 'Enter' || event.key === 'Tab') keepTyped(event);
        onKeyDown?.(event, preventDefault);
      }}
    />
  );
}

/** A day picker limited by `disabledDate` (`outsideDates`, `futureDays`) that keeps a refused typed day. */
export function DayPicker(props: Omit<DatePickerProps, 'picker'>) {
  return <LimitedPicker {...props} unit="date" />;
}

/** A month picker limited by `disabledDate` that keeps a refused typed month (YYYY/MM), as `DayPicker` a day. */
export function MonthPicker(props: Omit<DatePickerProps, 'picker'>) {
  return <LimitedPicker {...props} unit="month" />;
}
