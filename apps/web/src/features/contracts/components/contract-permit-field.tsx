import type { Permit } from '@junkan/shared/api/permits';
import { paths } from '@junkan/shared/paths';
import { permitDistrictName } from '@junkan/shared/rules/permit-districts';
import { Alert, Card, Col, Descriptions, Flex, Form, Row, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatEraDate, formatPlainDate } from '../../../lib/format';
import { currentPunctuation, messageText } from '../../../lib/i18n';
import { usePermit } from '../../../lib/permit-data/permit';
import { useUsablePermits } from '../../../lib/permit-data/usable-permits';
import { type ContractFormValues, contractPermitCode } from '../contract-form-values';

const kindNames = (p: Permit) => p.wasteKinds.map((k) => k.name).join(currentPunctuation().list);

/**
 * The contract's license: one of the transporter's collection-and-transport permits valid on the start date
 * (asked again when the date changes). Its district, number, expiry and covered kinds show read-only; without a
 * usable permit, the way to /license-management.
 */
export function ContractPermitField() {
  const { t, i18n } = useTranslation();
  const form = Form.useFormInstance<ContractFormValues>();
  const startDate = Form.useWatch('startDate', form);
  const permitId = Form.useWatch('permitId', form);
  const usable = useUsablePermits(startDate, 'COLLECTION_TRANSPORT');
  const listed = usable.data ?? [];
  const inList = listed.find((p) => p.id === permitId);
  // A chosen permit the start date no longer fits (or a saved one since retired) is read on its own, to say why.
  const alone = usePermit(permitId && usable.isSuccess && !inList ? permitId : null);
  const chosen = inList ?? (alone.data?.id === permitId ? alone.data : undefined);
  const lang = i18n.language === 'en' ? 'en' : 'ja';
  const issue = contractPermitCode(chosen, startDate);

  // The check runs again once the chosen permit is known, so a permit that no longer fits shows why at once.
  useEffect(() => {
    if (issue) void form.validateFields(['permitId']).catch(() => {});
  }, [issue, form]);

  const label = (p: Permit) =>
    t('contracts.permit.option', {
      district: permitDistrictName(p.districtCode, lang),
      licenseNumber: p.licenseNumber,
      expiryDate: formatPlainDate(p.expiryDate),
    });
  const options = [...listed, ...(chosen && !inList ? [chosen] : [])].map((p) => ({
    value: p.id,
    label: label(p),
    kinds: kindNames(p),
    disabled: !listed.includes(p),
  }));
  const none = usable.isSuccess && listed.length === 0;

  return (
    <Card title={t('contracts.section.license')} size="small" style={{ marginBottom: 16 }}>
      {none && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('contracts.permit.none', { date: formatPlainDate(String(startDate ?? '')) })}
          description={<Link to={paths.licenseManagement.to()}>{t('contracts.permit.manage')}</Link>}
          data-testid="contract-permit-empty"
        />
      )}
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Form.Item
            name="permitId"
            label={t('contracts.field.permit')}
            extra={t('contracts.permit.hint')}
            dependencies={['startDate']}
            required
            rules={[
              {
                validator: async (_, value: unknown) => {
                  if (typeof value !== 'number') throw new Error(messageText(t, 'MSG_00_21'));
                  if (issue) throw new Error(messageText(t, issue));
                },
              },
            ]}
          >
            <Select
              placeholder={t('contracts.permit.placeholder')}
              loading={usable.isFetching}
              notFoundContent={usable.isFetching ? null : t('contracts.permit.noOptions')}
              showSearch={{ optionFilterProp: 'label' }}
              options={options}
              optionRender={(o) => (
                <Flex vertical>
                  <span>{o.label}</span>
                  <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'normal' }}>
                    {o.data.kinds}
                  </Typography.Text>
                </Flex>
              )}
              data-testid="contract-permit"
            />
          </Form.Item>
        </Col>
      </Row>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} bordered data-testid="contract-license">
        <Descriptions.Item label={t('contracts.field.licenseDistrict')}>
          {chosen ? permitDistrictName(chosen.districtCode, lang) : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('contracts.field.licenseNumber')}>
          {chosen?.licenseNumber ?? '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('contracts.field.licenseExpireDate')}>
          {chosen ? formatEraDate(chosen.expiryDate, lang) : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('contracts.field.permitWasteKinds')}>
          {chosen ? kindNames(chosen) : '—'}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
