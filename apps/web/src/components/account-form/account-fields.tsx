import { SearchOutlined } from '@ant-design/icons';
import type { AccountInfoInput } from '@junkan/shared/api/users';
import {
  formatPhone,
  formatPostalCode,
  isPostalLookupEnabled,
  MAX_LENGTH,
  normalizePhoneInput,
} from '@junkan/shared/field-rules';
import { Button, Card, Col, Form, Input, Row, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../lib/api-client';
import { showApiError, zodRule } from '../../lib/form-errors';
import { useToast } from '../../lib/toast';
import { lookupZipcode, type ZipcodeAddress } from '../../lib/zipcode';

export type NamePath = (string | number)[];

/** The lookup's parts, joined in this order, that one address field receives. */
export type AddressParts = (keyof ZipcodeAddress)[];

/**
 * One field of the account form. Its rule is the shared schema's field of the same name; `label` is an
 * i18n key. `fromCompany` is where "copy from company" takes the value (entries only).
 */
export type FieldSpec<N extends string> = {
  name: N;
  label: string;
  fromCompany?: keyof AccountInfoInput;
} & (
  | { kind: 'text'; max: number; autoComplete?: string }
  | { kind: 'postal'; fills: Partial<Record<N, AddressParts>> }
  | { kind: 'phone' }
);

export const col = { xs: 24, md: 12 };

/** One titled section of the account form. */
export function Section(props: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card size="small" title={props.title} style={{ marginBottom: 16 }} extra={props.extra}>
      {props.children}
    </Card>
  );
}

/**
 * A row of fields. Inside a Form.List, `prefix` is the name relative to the list and `base` the absolute
 * path (what lookups and blur handlers read and write); outside a list both are empty.
 */
export function FieldGrid<N extends string>(props: {
  fields: readonly FieldSpec<N>[];
  shape: Record<N, z.ZodType>;
  prefix?: NamePath;
  base?: NamePath;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const { prefix = [], base = [], disabled = false } = props;

  const item = (field: FieldSpec<N>) => {
    const name = [...prefix, field.name];
    const fullName = [...base, field.name];
    const schema = props.shape[field.name];
    const label = t(field.label);
    switch (field.kind) {
      case 'text':
        return (
          <Form.Item name={name} label={label} rules={[zodRule(schema, t)]} required>
            <Input maxLength={field.max} disabled={disabled} autoComplete={field.autoComplete} />
          </Form.Item>
        );
      case 'postal':
        return (
          <PostalCodeItem
            name={name}
            fullName={fullName}
            label={label}
            schema={schema}
            disabled={disabled}
            onFound={(a) => {
              for (const [target, parts] of Object.entries(field.fills) as [N, AddressParts][]) {
                form.setFieldValue([...base, target], parts.map((p) => a[p]).join(''));
              }
            }}
          />
        );
      case 'phone':
        return (
          <PhoneItem name={name} fullName={fullName} label={label} schema={schema} disabled={disabled} />
        );
    }
  };

  return (
    <Row gutter={16}>
      {props.fields.map((field) => (
        <Col key={field.name} {...col}>
          {item(field)}
        </Col>
      ))}
    </Row>
  );
}

/** Postal code, auto-hyphenated, with a lookup button enabled only for a full 123-4567. */
function PostalCodeItem(props: {
  name: NamePath;
  fullName: NamePath;
  label: string;
  schema: z.ZodType;
  disabled: boolean;
  onFound: (address: ZipcodeAddress) => void;
}) {
  const { t } = useTranslation();
  const message = useToast();
  const form = Form.useFormInstance();
  const { fullName } = props;
  const value = Form.useWatch(fullName, form) as string | undefined;
  const [loading, setLoading] = useState(false);

  const lookup = async () => {
    if (!value) return;
    setLoading(true);
    try {
      props.onFound(await lookupZipcode(value));
      form.setFields([{ name: fullName, errors: [] }]);
    } catch (error) {
      // The lookup answers 404 pos_code_not_found; an unknown route's not_found is treated the same.
      if (isApiError(error) && (error.status === 404 || error.code === 'pos_code_not_found')) {
        form.setFields([{ name: fullName, errors: [t('pos_code_not_found')] }]);
      } else {
        showApiError({ error, t, message });
      }
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form.Item label={props.label} required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item
          name={props.name}
          noStyle
          normalize={(v: string) => formatPostalCode(v ?? '')}
          rules={[zodRule(props.schema, t)]}
        >
          <Input
            maxLength={MAX_LENGTH.postalCode}
            placeholder="123-4567"
            inputMode="numeric"
            disabled={props.disabled}
          />
        </Form.Item>
        <Button
          icon={<SearchOutlined />}
          disabled={props.disabled || !isPostalLookupEnabled(value)}
          loading={loading}
          onClick={() => void lookup()}
          data-testid="postal-lookup"
        >
          {t('account.lookupAddress')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}

/** Phone: digits only while typing (at most 11), hyphenated on blur, then validated. */
function PhoneItem(props: {
  name: NamePath;
  fullName: NamePath;
  label: string;
  schema: z.ZodType;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const { fullName } = props;
  return (
    <Form.Item
      name={props.name}
      label={props.label}
      required
      validateTrigger={false}
      normalize={(v: string) => normalizePhoneInput(v ?? '')}
      rules={[zodRule(props.schema, t)]}
    >
      <Input
        inputMode="tel"
        maxLength={MAX_LENGTH.telephone}
        placeholder="03-1234-5678"
        disabled={props.disabled}
        onBlur={() => {
          form.setFieldValue(fullName, formatPhone(form.getFieldValue(fullName) ?? ''));
          void form.validateFields([fullName]).catch(() => {});
        }}
      />
    </Form.Item>
  );
}
