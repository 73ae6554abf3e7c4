import type { TransportApprovalCompany } from '@junkan/shared/api/transport-approval';
import { Alert, Button, Card, Descriptions, Flex, Grid, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../lib/format';
import { currentPunctuation } from '../../../lib/i18n';

export const APPROVAL_STATUS_COLORS = { PENDING: 'gold', APPROVED: 'green', REJECTED: 'red' } as const;

/** One transport company as the admin judges it: what it registered, and the permit data the product holds. */
export function TransportCompanyCard({
  company,
  busy,
  onApprove,
  onReject,
}: {
  company: TransportApprovalCompany;
  busy: boolean;
  onApprove?: () => void;
  onReject?: () => void;
}) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const k = (key: string) => t(`transportApproval.${key}`);
  const hasPermitData =
    company.areaLicenses.some((a) => a.licenseNumber) ||
    company.contractLicenses.length > 0 ||
    company.profile !== null;
  return (
    <Card
      size="small"
      data-testid={`transport-company-${company.companyId}`}
      styles={{ title: { whiteSpace: 'normal' } }}
      title={
        <Space wrap size={8}>
          <Typography.Text strong>{company.companyName}</Typography.Text>
          <Tag color={APPROVAL_STATUS_COLORS[company.approvalStatus]}>
            {k(`status.${company.approvalStatus}`)}
          </Tag>
        </Space>
      }
    >
      {(onApprove || onReject) && (
        // In the body, not the card's header: on a phone the header would push the company name out.
        <Flex wrap gap={8} justify="flex-end" style={{ marginBottom: 12 }}>
          {onReject && (
            <Button danger disabled={busy} onClick={onReject} data-testid="reject-company">
              {k('reject')}
            </Button>
          )}
          {onApprove && (
            <Button type="primary" disabled={busy} onClick={onApprove} data-testid="approve-company">
              {k('approve')}
            </Button>
          )}
        </Flex>
      )}
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        bordered
        layout={screens.md ? 'horizontal' : 'vertical'}
      >
        <Descriptions.Item label={k('field.registeredAt')}>
          {formatDateTime(company.createdAt)}
        </Descriptions.Item>
        {company.approvalDecidedAt && (
          <Descriptions.Item label={k('field.decidedAt')}>
            {formatDateTime(company.approvalDecidedAt)}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={k('field.address')}>
          {company.postalCode ? `${currentPunctuation().postal}${company.postalCode} ` : ''}
          {company.address || '—'}
        </Descriptions.Item>
        <Descriptions.Item label={k('field.tel')}>{company.tel || '—'}</Descriptions.Item>
        <Descriptions.Item label={k('field.email')}>{company.email || '—'}</Descriptions.Item>
        <Descriptions.Item label={k('field.contractPic')}>{company.contractPic || '—'}</Descriptions.Item>
        <Descriptions.Item label={k('field.users')} span={2}>
          {company.users.length === 0
            ? '—'
            : company.users.map((u) => (
                <div key={u.email}>
                  {u.userName || '—'} &lt;{u.email}&gt;
                  {u.registrantNumber ? ` ${k('field.registrantNumber')}: ${u.registrantNumber}` : ''}
                  {!u.enabled && <Tag style={{ marginInlineStart: 8 }}>{k('inactive')}</Tag>}
                </div>
              ))}
        </Descriptions.Item>
        <Descriptions.Item label={k('field.offices')} span={2}>
          {company.offices.length === 0
            ? '—'
            : company.offices.map((o) => (
                <div key={`${o.name}-${o.address}`}>
                  {o.name} / {o.address} / {o.tel}
                </div>
              ))}
        </Descriptions.Item>
      </Descriptions>

      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {k('permitTitle')}
      </Typography.Title>
      {!hasPermitData && <Alert type="info" showIcon title={k('noPermitData')} style={{ marginBottom: 8 }} />}
      {company.areaLicenses.length > 0 && (
        <List
          size="small"
          header={k('areaLicenses')}
          dataSource={company.areaLicenses}
          renderItem={(a) => (
            <List.Item>
              {t('common.withNote', { main: a.areaName, note: t(`projectType.${a.type}`) })}:{' '}
              {k('field.licenseNumber')} {a.licenseNumber || '—'}
              {' / '}
              {k('field.district')} {a.district || '—'}
            </List.Item>
          )}
        />
      )}
      {company.contractLicenses.length > 0 && (
        <List
          size="small"
          header={k('contractLicenses')}
          dataSource={company.contractLicenses}
          renderItem={(c) => (
            <List.Item>
              {k('field.licenseNumber')} {c.licenseNumber} / {k('field.district')} {c.district} /{' '}
              {k('field.expireDate')} {formatDate(c.expireDate)}
            </List.Item>
          )}
        />
      )}
      {company.profile && (
        <Descriptions size="small" column={1} style={{ marginTop: 8 }} title={k('profile')}>
          <Descriptions.Item label={k('field.contractManager')}>
            {company.profile.contractManager || '—'}
          </Descriptions.Item>
          <Descriptions.Item label={k('field.compatibleAreas')}>
            {company.profile.compatibleAreas.join(currentPunctuation().list) || '—'}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
