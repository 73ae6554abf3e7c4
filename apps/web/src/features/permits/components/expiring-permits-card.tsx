import { permitDistrictName } from '@junkan/shared';
import { Card, Empty, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatPlainDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { usePermits } from '../api/permit-list';
import { PermitStatusTag } from './permit-status-tag';

/** The transporter's home: live permits expiring within 90 days (and expired ones not yet renewed). */
export function ExpiringPermitsCard() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ja';
  const list = usePermits({ expiring: 'true', page: 1, size: 10, sort: 'expiryDate', order: 'asc' });
  const items = list.data?.items ?? [];
  return (
    <Card
      title={t('permits.home.title')}
      size="small"
      loading={list.isLoading}
      extra={<Link to={paths.licenseManagement.to()}>{t('permits.home.more')}</Link>}
      data-testid="home-expiring-permits"
    >
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('permits.home.empty')} />
      ) : (
        <List
          size="small"
          dataSource={items}
          renderItem={(p) => (
            <List.Item>
              <Space wrap size={8}>
                <PermitStatusTag status={p.status} />
                <Typography.Text>
                  {permitDistrictName(p.districtCode, lang)} {p.licenseNumber}（{t(`permits.kind.${p.kind}`)}
                  ）
                </Typography.Text>
                <Typography.Text type="secondary">
                  {t('permits.field.expiryDate')}: {formatPlainDate(p.expiryDate)}
                </Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
