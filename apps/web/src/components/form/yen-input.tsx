import { InputNumber, type InputNumberProps } from 'antd';
import { formatYenInput, parseYenInput } from './yen';

/** A whole-yen amount (0 upward, ￥ prefix, thousands separators); cleared stays empty. */
export function YenInput({ style, ...props }: Omit<InputNumberProps<number>, 'formatter' | 'parser'>) {
  return (
    <InputNumber<number>
      min={0}
      precision={0}
      prefix="￥"
      style={{ width: '100%', ...style }}
      formatter={formatYenInput}
      // InputNumber parses the text again; '' leaves the field empty instead of 0.
      parser={(text) => parseYenInput(text) as unknown as number}
      {...props}
    />
  );
}
