import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { DRIVER_MARK_MAX } from '@junkan/shared/driver-rules';
import { Button, InputNumber, Space } from 'antd';
import css from './mark-form.module.css';

/**
 * A count of bags with − and + buttons a thumb can hit (48 px), and the number itself to type. A form field: antd
 * passes `id`, `value` and `onChange`.
 */
export function BagStepper({
  id,
  value = 0,
  onChange,
  label,
  decreaseLabel,
  increaseLabel,
}: {
  id?: string;
  value?: number;
  onChange?: (value: number) => void;
  label: string;
  decreaseLabel: string;
  increaseLabel: string;
}) {
  const max = DRIVER_MARK_MAX.bags;
  return (
    <Space.Compact className={css.stepper}>
      <Button
        icon={<MinusOutlined />}
        aria-label={decreaseLabel}
        disabled={value <= 0}
        onClick={() => onChange?.(Math.max(0, value - 1))}
      />
      <InputNumber<number>
        id={id}
        aria-label={label}
        min={0}
        max={max}
        precision={0}
        controls={false}
        inputMode="numeric"
        value={value}
        onChange={(n) => onChange?.(n ?? 0)}
      />
      <Button
        icon={<PlusOutlined />}
        aria-label={increaseLabel}
        disabled={value >= max}
        onClick={() => onChange?.(Math.min(max, value + 1))}
      />
    </Space.Compact>
  );
}
