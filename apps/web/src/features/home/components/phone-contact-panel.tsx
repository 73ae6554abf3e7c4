import { PhoneOutlined } from '@ant-design/icons';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The platform's support line (placeholder number until the operator provides the real one). */
export const SUPPORT_PHONE = '03-0000-0000';

export function PhoneContactPanel() {
  const { t } = useTranslation();
  return (
    <Card title={t('home.phoneContact')} size="small" data-testid="home-phone" style={{ height: '100%' }}>
      <Typography.Paragraph type="secondary">{t('home.phoneLead')}</Typography.Paragraph>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        <PhoneOutlined /> <a href={`tel:${SUPPORT_PHONE.replace(/-/g, '')}`}>{SUPPORT_PHONE}</a>
      </Typography.Title>
      <Typography.Text>{t('home.receptionHours')}</Typography.Text>
    </Card>
  );
}
