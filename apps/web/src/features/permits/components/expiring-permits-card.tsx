import { paths } from '@junkan/shared/paths';
import { permitDistrictName } from '@junkan/shared/rules/permit-districts';
import { Alert, Card, Empty, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatEraDate } from '../../../lib/format';
import { coverageGapText } from '../../../lib/permit-coverage';
import { useCoverageGaps } from '../api/coverage-gaps';
import { usePermits } from '../api/permit-list';
import { PermitStatusTag } from './permit-status-tag';

/**
 * The transporter's home: live permits expiring within 90 days (and expired ones not yet renewed), and the
 * contracts in force its permits no longer cover until their end (issue 15).
 */
export function ExpiringPermitsCard() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ja';
  const list = usePermits({ expiring: 'true', page: 1, size: 10, sort: 'expiryDate', order: 'asc' });
  const items = list.data?.items ?? [];
  const gaps = useCoverageGaps().data ?? [];
  return (
    <Card
      title={t('permits.home.title')}
      size="small"
      loading={list.isLoading}
      extra={<Link to={paths.licenseManagement.to()}>{t('permits.home.more')}</Link>}
      data-testid="home-expiring-permits"
    >
      {gaps.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('permits.coverage.contractsTitle', { count: gaps.length })}
          data-testid="home-coverage-gaps"
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {gaps.map((g) => (
                <li key={g.projectId}>
                  <Link to={paths.projectDetail.to(g.projectId)}>{g.projectTitle}</Link>
                  {': '}
                  {g.coverage.missing.map((gap) => coverageGapText(t, gap, lang)).join(' ')}
                </li>
              ))}
            </ul>
          }
        />
      )}
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
                  {t('common.withNote', {
                    main: `${permitDistrictName(p.districtCode, lang)} ${p.licenseNumber}`,
                    note: t(`permits.kind.${p.kind}`),
                  })}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {t('permits.field.expiryDate')}: {formatEraDate(p.expiryDate, lang)}
                </Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
