import type { CollectionDetail } from '@junkan/shared/api/collections';
import { paths } from '@junkan/shared/paths';
import { Descriptions, Grid, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatPlainDate, punctuationOf } from '../../../lib/format';
import { lineQuantity, reasonLabelKey } from '../collection-labels';
import { WEEKDAYS_MONDAY_FIRST } from '../collection-request-values';
import { CollectionStatusTag } from './collection-status-tag';

/** What is to be collected, where and when. */
export function CollectionFacts({ detail }: { detail: CollectionDetail }) {
  const { t, i18n } = useTranslation();
  const p = punctuationOf(i18n.language);
  // On a phone each label sits above its value; beside it, both would wrap letter by letter.
  const narrow = !(Grid.useBreakpoint().md ?? true);
  const site = detail.dischargeSite;
  const info = detail.dischargeSiteDetail;
  const weekdays = WEEKDAYS_MONDAY_FIRST.filter((d) => detail.weekdays.includes(d))
    .map((d) => t(`collections.weekday.${d}`))
    .join(p.dot);
  const entry =
    detail.entryFrom || detail.entryUntil
      ? `${detail.entryFrom ?? ''}${p.range}${detail.entryUntil ?? ''}`
      : '—';
  return (
    <Descriptions
      layout={narrow ? 'vertical' : 'horizontal'}
      size="small"
      bordered
      column={{ xs: 1, md: 2 }}
      data-testid="collection-facts"
    >
      <Descriptions.Item label={t('collections.field.date')}>
        <Typography.Text strong data-testid="collection-date">
          {formatPlainDate(detail.date)}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('collections.field.status')}>
        <CollectionStatusTag
          status={detail.status}
          skipReason={detail.skipReason}
          data-testid="collection-status"
        />
      </Descriptions.Item>
      <Descriptions.Item label={t('collections.field.desiredDate')}>
        {formatPlainDate(detail.desiredDate)}
      </Descriptions.Item>
      <Descriptions.Item label={t('collections.field.project')}>
        <Link to={paths.projectDetail.to(detail.project.id)}>{detail.project.title}</Link>
      </Descriptions.Item>
      <Descriptions.Item label={t('collections.field.discharger')}>
        {detail.discharger.name}
      </Descriptions.Item>
      <Descriptions.Item label={t('collections.field.transporter')}>
        {detail.transportCompany.name}
      </Descriptions.Item>
      <Descriptions.Item label={t('collections.detail.site')} span={2}>
        <div>{site.name}</div>
        <Typography.Text type="secondary">
          {p.postal}
          {info.postalCode} {site.address}
          {info.tel ? ` / ${t('collections.field.tel')}: ${info.tel}` : ''}
          {info.pic ? ` / ${t('collections.field.pic')}: ${info.pic}` : ''}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('collections.detail.lines')} span={2}>
        {detail.lines.map((line) => (
          <div key={line.wasteLineId}>
            <Typography.Text strong>{line.wasteName}</Typography.Text> {lineQuantity(line, p) || '—'}
          </div>
        ))}
      </Descriptions.Item>
      {detail.frequency && (
        <Descriptions.Item label={t('collections.field.recurrence')} span={2}>
          {t('collections.detail.recurrence', {
            frequency: t(`collections.frequency.${detail.frequency}`),
            weekdays,
          })}
        </Descriptions.Item>
      )}
      {detail.dispatch && (
        <>
          <Descriptions.Item label={t('proofs.dispatch.driver')}>
            <span data-testid="collection-driver">
              {detail.dispatch.driverName ?? t('proofs.dispatch.none')}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('proofs.dispatch.vehicle')}>
            {detail.dispatch.vehicleName ?? t('proofs.dispatch.none')}
          </Descriptions.Item>
          <Descriptions.Item label={t('proofs.dispatch.order')} span={2}>
            {detail.dispatch.stopOrder !== null
              ? t('proofs.dispatch.orderValue', { n: detail.dispatch.stopOrder })
              : '—'}
          </Descriptions.Item>
        </>
      )}
      <Descriptions.Item label={t('collections.field.vehicleLimit')}>
        {t(`collections.vehicle.${detail.vehicleLimit}`)}
      </Descriptions.Item>
      <Descriptions.Item label={t('collections.field.entryHours')}>{entry}</Descriptions.Item>
      <Descriptions.Item label={t('collections.field.memo')} span={2}>
        <span style={{ whiteSpace: 'pre-wrap' }} data-user-content>
          {detail.memo || '—'}
        </span>
      </Descriptions.Item>
      {detail.status === 'SKIPPED' && detail.skipReason && (
        <Descriptions.Item label={t('collections.field.skipReason')} span={2}>
          {t('collections.detail.skipped', { reason: t(reasonLabelKey(detail.skipReason)) })}
        </Descriptions.Item>
      )}
      {detail.reason && (
        <Descriptions.Item label={t('collections.field.reason')} span={2}>
          <span style={{ whiteSpace: 'pre-wrap' }} data-testid="collection-reason">
            {detail.reason}
          </span>
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}
