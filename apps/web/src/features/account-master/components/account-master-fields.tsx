import { adminUserCreateSchema } from '@junkan/shared/api/account-master';
import { MAX_LENGTH } from '@junkan/shared/field-rules';
import { Card, Col, Descriptions, Form, Input, Row, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format';

/**
 * The master's own fields, shown above the account information in the same form: the sign-in address
 * and the enabled flag, and (on update) when the account was created and last signed in.
 */
export function AccountMasterFields(props: {
  isNew: boolean;
  createdAt?: string;
  lastLoginAt?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('accountMaster.section.signIn')} style={{ marginBottom: 16 }}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="email"
            label={t('accountMaster.field.email')}
            rules={[zodRule(adminUserCreateSchema.shape.email, t)]}
            extra={props.isNew ? t('accountMaster.emailHint') : undefined}
            required
          >
            <Input maxLength={MAX_LENGTH.email} autoComplete="off" data-testid="account-master-email" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="enabled"
            label={t('accountMaster.field.enabled')}
            valuePropName="checked"
            extra={t('accountMaster.enabledHint')}
          >
            <Switch
              checkedChildren={t('accountMaster.enabled')}
              unCheckedChildren={t('accountMaster.disabled')}
              data-testid="account-master-enabled"
            />
          </Form.Item>
        </Col>
      </Row>
      {!props.isNew && (
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t('accountMaster.column.lastLoginAt')}>
            {props.lastLoginAt ? (
              formatDateTime(props.lastLoginAt)
            ) : (
              <Typography.Text type="secondary">{t('accountMaster.neverSignedIn')}</Typography.Text>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('accountMaster.createdAt')}>
            {formatDateTime(props.createdAt)}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
