import type { AccountInfoResponse } from '@junkan/shared/api/users';
import type { WasteItem } from '@junkan/shared/api/waste';
import { BAG_SIZES } from '@junkan/shared/enums';
import { REGULAR_QUANTITY_UNIT } from '@junkan/shared/quote-pricing';
import {
  Alert,
  Card,
  Checkbox,
  Col,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Row,
  Select,
  Typography,
} from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxGroupField } from '../../../components/form/checkbox-group-field';
import { VolumeInput } from '../../../components/form/volume-input';
import { wasteDisplayName } from '../../../lib/reference-data/wastes';
import type { RegularFormValues } from './regular-form-values';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0];

/**
 * The regular garbage quote form: title, office, sites and memo, then one row per regular category with
 * its monthly amount, bag counts, collections a week and weekdays. Validation runs the shared schema on save.
 */
export function RegularQuoteForm({
  form,
  initialValues,
  wastes,
  account,
  bagErrors,
  onValuesChange,
  onFinish,
  actions,
  disabled,
}: {
  form: FormInstance<RegularFormValues>;
  initialValues: RegularFormValues;
  wastes: WasteItem[];
  account: AccountInfoResponse;
  bagErrors: Record<number, string>;
  onValuesChange: (values: RegularFormValues) => void;
  onFinish: () => void;
  actions: ReactNode;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const name = (id: number) => {
    const waste = wastes.find((w) => w.id === id);
    return waste ? wasteDisplayName(t, waste) : '';
  };
  return (
    <Form<RegularFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onValuesChange={(_, all) => onValuesChange(all)}
      onFinish={onFinish}
      disabled={disabled}
      data-testid="regular-quote-form"
    >
      <Card title={t('quoteRequest.basics')} size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="projectTitle" label={t('quoteRequest.projectTitle')} required>
              <Input maxLength={64} showCount />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="officeId" label={t('quoteRequest.office')}>
              <Select
                allowClear
                placeholder={t('quoteRequest.officeNone')}
                options={account.offices.map((o) => ({ value: o.officeId, label: o.officeName }))}
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            {account.wastes.length === 0 ? (
              <Alert
                type="warning"
                showIcon
                message={t('quoteRequest.noSites')}
                style={{ marginBottom: 16 }}
              />
            ) : (
              <Form.Item name="dischargeSiteIds" label={t('quoteRequest.dischargeSites')} required>
                <CheckboxGroupField
                  options={account.wastes.map((w) => ({
                    value: w.wasteId,
                    label: t('common.withNote', {
                      main: w.dischargeSitename,
                      note: `${w.wastePostalCode} ${w.wasteAddress}${w.wasteAddress2}${w.wasteAddress3}`,
                    }),
                  }))}
                />
              </Form.Item>
            )}
          </Col>
          <Col span={24}>
            <Form.Item name="memo" label={t('quoteRequest.memo')}>
              <Input.TextArea maxLength={512} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card title={t('quoteRequest.categories')} size="small" style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary">{t('quoteRequest.categoriesHelp')}</Typography.Paragraph>
        <Form.List name="rows">
          {(fields) =>
            fields.map((field) => (
              <Form.Item key={field.key} noStyle shouldUpdate>
                {() => {
                  const row = form.getFieldValue(['rows', field.name]) as RegularFormValues['rows'][number];
                  const off = !row?.use;
                  return (
                    <Card
                      type="inner"
                      size="small"
                      style={{ marginBottom: 12 }}
                      data-testid={`regular-row-${field.name}`}
                      title={
                        <Form.Item name={[field.name, 'use']} valuePropName="checked" noStyle>
                          <Checkbox>{name(row?.wasteId)}</Checkbox>
                        </Form.Item>
                      }
                    >
                      {/* The waste's fields as one group, inactive until the waste is ticked: its greyed
                          units and placeholders are then exempt from the contrast minimum. */}
                      <Row gutter={16} role="group" aria-label={name(row?.wasteId)} aria-disabled={off}>
                        <Col xs={24} md={6}>
                          <Form.Item
                            name={[field.name, 'monthlyCapacity']}
                            label={t('quoteRequest.monthlyCapacity')}
                          >
                            <VolumeInput disabled={off} suffix={REGULAR_QUANTITY_UNIT} />
                          </Form.Item>
                        </Col>
                        <Col xs={24} md={18}>
                          <Form.Item
                            label={t('quoteRequest.bags')}
                            validateStatus={bagErrors[field.name] ? 'error' : undefined}
                            help={bagErrors[field.name]}
                          >
                            <Row gutter={8}>
                              {BAG_SIZES.map((size) => (
                                <Col key={size} span={6}>
                                  <Form.Item name={[field.name, 'bags', String(size)]} noStyle>
                                    <InputNumber
                                      min={0}
                                      max={999}
                                      precision={0}
                                      disabled={off}
                                      addonAfter={t('quoteRequest.bagSize', { size })}
                                      aria-label={`${name(row?.wasteId)} ${t('quoteRequest.bagSize', { size })}`}
                                      style={{ width: '100%' }}
                                    />
                                  </Form.Item>
                                </Col>
                              ))}
                            </Row>
                          </Form.Item>
                        </Col>
                        <Col xs={24} md={6}>
                          <Form.Item
                            name={[field.name, 'collectionCount']}
                            label={t('quoteRequest.collectionCount')}
                          >
                            <Select
                              disabled={off}
                              allowClear
                              options={[1, 2, 3, 4, 5, 6, 7].map((n) => ({
                                value: n,
                                label: t('quoteRequest.perWeek', { count: n }),
                              }))}
                            />
                          </Form.Item>
                        </Col>
                        <Col xs={24} md={18}>
                          <Form.Item name={[field.name, 'weekdays']} label={t('quoteRequest.weekdays')}>
                            <CheckboxGroupField
                              disabled={off}
                              options={WEEKDAYS.map((d) => ({
                                value: d,
                                label: t(`quoteRequest.weekday.${d}`),
                              }))}
                            />
                          </Form.Item>
                        </Col>
                      </Row>
                    </Card>
                  );
                }}
              </Form.Item>
            ))
          }
        </Form.List>
      </Card>
      {actions}
    </Form>
  );
}
