import { Flex, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { BAG_KEYS } from '../collection-request-values';

type Bags = Record<string, number | null | undefined>;

/** The bag counts of a waste line, one field per size (30/45/70/90 L), each with its litres and 袋. */
export function BagCountsInput({
  value,
  onChange,
  disabled,
  id,
  label,
}: {
  value?: Bags;
  onChange?: (value: Bags) => void;
  disabled?: boolean;
  id?: string;
  /** The line's name, for each field's accessible name. */
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <Flex wrap gap={8}>
      {BAG_KEYS.map((size, i) => (
        <InputNumber<number>
          key={size}
          id={i === 0 ? id : undefined}
          aria-label={`${label} ${t('collections.line.bagSize', { size })}`}
          min={0}
          max={999}
          precision={0}
          inputMode="numeric"
          disabled={disabled}
          prefix={t('collections.line.bagSize', { size })}
          suffix={t('collections.line.bagsUnit')}
          style={{ width: 128 }}
          value={value?.[size] ?? null}
          onChange={(n) => onChange?.({ ...value, [size]: n })}
        />
      ))}
    </Flex>
  );
}
