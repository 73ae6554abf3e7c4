import dayjs, { type Dayjs } from 'dayjs';

/** A DatePicker's Form.Item props: the picker works on Dayjs, the form keeps YYYY-MM-DD. */
export const dateItemProps = {
  getValueProps: (value: unknown) => ({
    value: typeof value === 'string' && value ? dayjs(value) : null,
  }),
  normalize: (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : null),
};

/** Days outside [min, max] (YYYY-MM-DD, either may be absent) for a picker's `disabledDate`. */
export const outsideDates =
  (min: string | null | undefined, max: string | null | undefined) =>
  (d: Dayjs): boolean => {
    const day = d.format('YYYY-MM-DD');
    return (!!min && day < min) || (!!max && day > max);
  };
