import { Checkbox, type GetProps } from 'antd';

type CheckboxGroupProps = GetProps<typeof Checkbox.Group> & { 'aria-required'?: unknown };

/**
 * antd's Checkbox.Group as a form field. A required Form.Item gives its control `aria-required`, which a group of
 * checkboxes may not carry (JIS X 8341-3 4.1.2; axe aria-allowed-attr): it is dropped here, and the required mark
 * stays on the field's label.
 */
export function CheckboxGroupField({ 'aria-required': _notOnAGroup, ...props }: CheckboxGroupProps) {
  return <Checkbox.Group {...props} />;
}
