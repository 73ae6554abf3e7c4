import type { PermitExpiryCounts } from '@junkan/shared/api/permits';
import { permitDistrictName } from '@junkan/shared/rules/permit-districts';
import type { PermitStatus } from '@junkan/shared/rules/permit-rules';
import { Empty, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatEraDate } from '../../../lib/format';
import { useOperatorPermits } from '../api/operator-permits';

const COLOR: Record<PermitStatus, string> = {
  VALID: 'green',
  DAYS_90: 'gold',
  DAYS_30: 'orange',
  EXPIRED: 'red',
  RETIRED: 'default',
};

/** The list's flags: how many of the operator's permits expire within 90 days, within 30 days, or have expired. */
export function PermitExpiryFlags({ counts }: { counts: PermitExpiryCounts }) {
  const { t } = useTranslation();
  if (!counts.days90 && !counts.days30 && !counts.expired) return <>{t('permits.operator.none')}</>;
  return (
    <Space size={4} wrap>
      {counts.expired > 0 && (
        <Tag color="red">{t('permits.operator.expired', { count: counts.expired })}</Tag>
      )}
      {counts.days30 > 0 && (
        <Tag color="orange">{t('permits.operator.days30', { count: counts.days30 })}</Tag>
      )}
      {counts.days90 > 0 && <Tag color="gold">{t('permits.operator.days90', { count: counts.days90 })}</Tag>}
    </Space>
  );
}

/** The operator's live permits, soonest expiry first (read only: the transporter keeps them). */
export function OperatorPermitList({ companyId }: { companyId: number | null }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ja';
  const permits = useOperatorPermits(companyId);
  return (
    <div data-testid="operator-permits">
      <Typography.Title level={5}>{t('permits.operator.listTitle')}</Typography.Title>
      {permits.data && permits.data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('permits.operator.listEmpty')} />
      ) : (
        <List
          size="small"
          loading={permits.isLoading}
          dataSource={permits.data ?? []}
          renderItem={(p) => (
            <List.Item>
              <Space wrap size={8}>
                <Tag color={COLOR[p.status]}>{t(`permits.status.${p.status}`)}</Tag>
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
    </div>
  );
}
