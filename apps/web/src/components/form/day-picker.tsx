import { DatePicker, type DatePickerProps } from 'antd';
import type { FocusEvent, KeyboardEvent } from 'react';
import { dayPickerProps, refusedTypedDay } from './date-field';

/**
 * A day picker (`dayPickerProps`) whose calendar offers only the days `disabledDate` allows, while a day typed
 * outside them is kept: antd would drop it on Enter, Tab or leaving the field and show the old day again, without a
 * word. Here it goes to the form as typed, and the field's rule (which must refuse the same days) says why beside it.
 */
export function DayPicker({ disabledDate, onChange, onBlur, onKeyDown, ...props }: DatePickerProps) {
  const keepTyped = (event: { target: EventTarget | null }) => {
    const text = event.target instanceof HTMLInputElement ? event.target.value : '';
    const day = refusedTypedDay(text, disabledDate && ((d) => disabledDate(d, { type: 'date' })));
    if (day) onChange?.(day, text);
  };
  return (
    <DatePicker
      {...dayPickerProps}
      disabledDate={disabledDate}
      onChange={onChange}
      {...props}
      onBlur={(event: FocusEvent<HTMLElement>, info) => {
        keepTyped(event);
        onBlur?.(event, info);
      }}
      onKeyDown={(event: KeyboardEvent<HTMLElement>, preventDefault) => {
        dayPickerProps.onKeyDown(event);
        // Enter and Tab make antd confirm the typed day (and drop it when refused) before the field is left.
        if (event.key === 'Enter' || event.key === 'Tab') keepTyped(event);
        onKeyDown?.(event, preventDefault);
      }}
    />
  );
}
