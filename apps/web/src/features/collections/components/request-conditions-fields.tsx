import { COLLECTION_MAX } from '@junkan/shared/api/collections';
import { VEHICLE_LIMITS } from '@junkan/shared/collection-rules';
import { Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ENTRY_TIMES } from '../collection-request-values';

const TIME_OPTIONS = ENTRY_TIMES.map((time) => ({ value: time, label: time }));

/** Vehicle limit, entry hours (from / until, every 15 minutes, Japan time) and notes. */
export function RequestConditionsFields() {
  const { t } = useTranslation();
  const timeSelect = () => (
    <Select
      allowClear
      showSearch
      placeholder={t('collections.placeholder.time')}
      options={TIME_OPTIONS}
      style={{ width: '100%' }}
    />
  );
  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Form.Item name="vehicleLimit" label={t('collections.field.vehicleLimit')}>
          <Select options={VEHICLE_LIMITS.map((v) => ({ value: v, label: t(`collections.vehicle.${v}`) }))} />
        </Form.Item>
      </Col>
      <Col xs={12} md={8}>
        <Form.Item name="entryFrom" label={t('collections.field.entryFrom')}>
          {timeSelect()}
        </Form.Item>
      </Col>
      <Col xs={12} md={8}>
        <Form.Item name="entryUntil" label={t('collections.field.entryUntil')}>
          {timeSelect()}
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name="memo" label={t('collections.field.memo')}>
          <Input.TextArea maxLength={COLLECTION_MAX.memo} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
      </Col>
    </Row>
  );
}
