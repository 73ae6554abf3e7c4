import type { CollectionRequestInput, CollectionRequestOption } from '@junkan/shared/api/collections';
import { Descriptions, Grid, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatPlainDate, punctuationOf } from '../../../lib/format';
import { lineQuantity } from '../collection-labels';
import { WEEKDAYS_MONDAY_FIRST } from '../collection-request-values';

/** The whole request as it will be sent, in the words of the form. */
export function RequestSummary({
  body,
  option,
}: {
  body: CollectionRequestInput;
  option: CollectionRequestOption | undefined;
}) {
  const { t, i18n } = useTranslation();
  const p = punctuationOf(i18n.language);
  // On a phone each label sits above its value; beside it, both would wrap letter by letter.
  const narrow = !(Grid.useBreakpoint().md ?? true);
  const site = option?.dischargeSites.find((s) => s.id === body.dischargeSiteId);
  const weekdays = WEEKDAYS_MONDAY_FIRST.filter((d) => body.weekdays?.includes(d))
    .map((d) => t(`collections.weekday.${d}`))
    .join(p.dot);
  const entry =
    body.entryFrom || body.entryUntil ? `${body.entryFrom ?? ''}${p.range}${body.entryUntil ?? ''}` : '—';
  return (
    <Descriptions
      layout={narrow ? 'vertical' : 'horizontal'}
      size="small"
      column={{ xs: 1, md: 2 }}
      bordered
      data-testid="collection-request-summary"
    >
      <Descriptions.Item label={t('collections.field.project')}>
        {option?.projectTitle ?? '—'}
      </Descriptions.Item>
      <Descriptions.Item label={t('collections.field.transporter')}>
        {option?.transportCompany.name ?? '—'}
      </Descriptions.Item>
      <Descriptions.Item label={t('collections.field.dischargeSite')} span={2}>
        {site ? t('common.withNote', { main: site.name, note: site.address }) : '—'}
      </Descriptions.Item>
      <Descriptions.Item label={t('collections.field.kind')} span={2}>
        {body.kind === 'RECURRING'
          ? `${t(`collections.frequency.${body.frequency ?? 'WEEKLY'}`)} / ${weekdays} / ${body.collectionCount ?? ''}${t(
              `collections.countSuffix.${body.frequency === 'MONTHLY' ? 'MONTHLY' : 'WEEKLY'}`,
            )}`
          : `${t('collections.kind.DATES')}: ${(body.dates ?? []).map(formatPlainDate).join(p.list)}`}
      </Descriptions.Item>
      <Descriptions.Item label={t('collections.section.lines')} span={2}>
        {body.lines.map((line) => {
          const info = option?.wasteLines.find((l) => l.id === line.wasteLineId);
          const volume = line.volume === undefined ? null : Number(String(line.volume).replaceAll(',', ''));
          return (
            <div key={line.wasteLineId}>
              <Typography.Text strong>{info?.wasteName ?? `#${line.wasteLineId}`}</Typography.Text>{' '}
              {lineQuantity(
                {
                  bags: Object.fromEntries(
                    Object.entries(line.bags ?? {}).map(([k, v]) => [k, v ?? 0]),
                  ) as Record<string, number>,
                  volume,
                  unit: info?.unit ?? null,
                },
                p,
              )}
            </div>
          );
        })}
      </Descriptions.Item>
      <Descriptions.Item label={t('collections.field.vehicleLimit')}>
        {t(`collections.vehicle.${body.vehicleLimit ?? 'NONE'}`)}
      </Descriptions.Item>
      <Descriptions.Item label={t('collections.field.entryHours')}>{entry}</Descriptions.Item>
      <Descriptions.Item label={t('collections.field.memo')} span={2}>
        <span style={{ whiteSpace: 'pre-wrap' }}>{body.memo || '—'}</span>
      </Descriptions.Item>
    </Descriptions>
  );
}
