import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  dateItemProps,
  dayPickerProps,
  futureDays,
  japanToday,
  keepEnterInPicker,
  monthItemProps,
  monthPickerProps,
  outsideDates,
  pickerItemProps,
  refusedTypedDay,
  typedDay,
} from './date-field';

describe('date field props', () => {
  it('gives the picker a Dayjs and keeps the text in the form', () => {
    expect(dateItemProps.getValueProps('2026-04-05').value?.format('YYYY/MM/DD')).toBe('2026/04/05');
    expect(dateItemProps.getValueProps('').value).toBeNull();
    expect(dateItemProps.getValueProps(undefined).value).toBeNull();
    expect(dateItemProps.normalize(dayjs('2026-04-05'))).toBe('2026-04-05');
    expect(dateItemProps.normalize(null)).toBeNull();
  });

  it('keeps months as YYYY-MM and can clear to an empty text', () => {
    const month = pickerItemProps('YYYY-MM');
    expect(month.getValueProps('2026-04').value?.format('YYYY-MM-DD')).toBe('2026-04-01');
    expect(month.normalize(dayjs('2026-04-20'))).toBe('2026-04');
    expect(pickerItemProps('YYYY-MM-DD', '').normalize(null)).toBe('');
  });
});

describe('Japan days', () => {
  it('takes today in Japan, not in UTC', () => {
    // 2026-03-31 16:00 UTC is already 1 April in Japan.
    expect(japanToday(Date.UTC(2026, 2, 31, 16))).toBe('2026-04-01');
    expect(japanToday(Date.UTC(2026, 2, 31, 14))).toBe('2026-03-31');
  });

  it('disables the days after today in Japan', () => {
    const disabled = futureDays(Date.UTC(2026, 2, 31, 16));
    expect(disabled(dayjs('2026-04-01'))).toBe(false);
    expect(disabled(dayjs('2026-04-02'))).toBe(true);
    expect(disabled(dayjs('2025-12-31'))).toBe(false);
  });

  it('disables days outside a range, either end optional', () => {
    const inRange = outsideDates('2026-04-10', '2026-04-20');
    expect(inRange(dayjs('2026-04-09'))).toBe(true);
    expect(inRange(dayjs('2026-04-10'))).toBe(false);
    expect(inRange(dayjs('2026-04-21'))).toBe(true);
    expect(outsideDates(null, null)(dayjs('1999-01-01'))).toBe(false);
  });

  it('stops Enter from submitting the form', () => {
    let prevented = 0;
    keepEnterInPicker({ key: 'Enter', preventDefault: () => prevented++ });
    keepEnterInPicker({ key: 'a', preventDefault: () => prevented++ });
    expect(prevented).toBe(1);
  });
});

describe('dayPickerProps', () => {
  it('shows days as YYYY/MM/DD and keeps Enter in the picker', () => {
    expect(dayPickerProps.format).toBe('YYYY/MM/DD');
    expect(dayPickerProps.onKeyDown).toBe(keepEnterInPicker);
  });
});

describe('month fields', () => {
  it('keep YYYY-MM in the form and show YYYY/MM in a month picker', () => {
    expect(monthItemProps.getValueProps('2026-10').value?.format('YYYY/MM')).toBe('2026/10');
    expect(monthItemProps.normalize(dayjs('2026-10-31'))).toBe('2026-10');
    expect(monthItemProps.normalize(null)).toBeNull();
    expect(monthPickerProps).toMatchObject({ picker: 'month', format: 'YYYY/MM' });
    expect(monthPickerProps.onKeyDown).toBe(keepEnterInPicker);
  });
});

describe('a day typed into a picker', () => {
  it('is read as the picker shows days, a real day only', () => {
    expect(typedDay('2026/04/05')?.format('YYYY-MM-DD')).toBe('2026-04-05');
    expect(typedDay(' 1960/04/01 ')?.format('YYYY-MM-DD')).toBe('1960-04-01');
    for (const text of ['', '2026/4/5', '2026-04-05', '2026/02/30', '2026/13/01', '2026/04/0'])
      expect(typedDay(text)).toBeNull();
  });

  it('is answered when the picker refuses it, so that the form keeps it and says why', () => {
    const range = outsideDates('1970-01-01', '2036-11-30');
    expect(refusedTypedDay('1960/04/01', range)?.format('YYYY-MM-DD')).toBe('1960-04-01');
    expect(refusedTypedDay('2045/04/01', range)?.format('YYYY-MM-DD')).toBe('2045-04-01');
    expect(refusedTypedDay('2026/04/01', range)).toBeNull();
    expect(refusedTypedDay('2045/04/0', range)).toBeNull();
    expect(refusedTypedDay('2045/04/01', undefined)).toBeNull();
  });
});

describe('a month typed into a month picker', () => {
  it('is read as the picker shows months (YYYY/MM), a real month only, as its first day', () => {
    expect(typedDay('2026/04', 'month')?.format('YYYY-MM-DD')).toBe('2026-04-01');
    expect(typedDay(' 2027/12 ', 'month')?.format('YYYY-MM-DD')).toBe('2027-12-01');
    for (const text of ['', '2026/4', '2026-04', '2026/13', '2026/00', '2026/04/01'])
      expect(typedDay(text, 'month')).toBeNull();
    // A day picker does not read a month.
    expect(typedDay('2026/04')).toBeNull();
  });

  it('is answered when the picker refuses it', () => {
    // A month is offered by its first day: the months after November 2026.
    const afterNovember = outsideDates(null, '2026-11-30');
    expect(refusedTypedDay('2026/12', afterNovember, 'month')?.format('YYYY-MM')).toBe('2026-12');
    expect(refusedTypedDay('2026/11', afterNovember, 'month')).toBeNull();
    expect(refusedTypedDay('2026/12/01', afterNovember, 'month')).toBeNull();
  });
});
