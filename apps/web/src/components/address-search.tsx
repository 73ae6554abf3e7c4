import { Button, Input } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A list page's text filter kept in the address: it starts again from `value` when the address changes
 * (back button, reload) and gives the trimmed text when searched.
 */
export function AddressSearch(props: {
  id: string;
  value: string;
  maxLength: number;
  width: number;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  onSearch: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Input.Search
      key={props.value}
      id={props.id}
      defaultValue={props.value}
      maxLength={props.maxLength}
      inputMode={props.inputMode}
      allowClear
      // A two-kanji label would get antd's inserted space and lose its accessible name.
      enterButton={
        <Button type="primary" autoInsertSpace={false}>
          {t('forms.search')}
        </Button>
      }
      onSearch={(value) => props.onSearch(value.trim())}
      style={{ width: props.width }}
    />
  );
}
