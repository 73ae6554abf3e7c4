import { DownloadOutlined } from '@ant-design/icons';
import type { ProjectDetail } from '@junkan/shared/api/projects';
import { isQuoteAnswerable } from '@junkan/shared/project-status';
import { priceUnitOf } from '@junkan/shared/quote-pricing';
import { Alert, App, Button, Card, Descriptions, Empty, Flex, Input, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { UnitPriceWithParts } from '../../../components/form/unit-price-parts';
import { WRAPPING_LINK_STYLE } from '../../../components/wrapping-link';
import { downloadAttachment } from '../../../lib/download-attachment';
import { showApiError } from '../../../lib/form-errors';
import { formatDate, formatPlainDate, formatQuantity, formatYen } from '../../../lib/format';
import { messageText } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useAcceptQuote, useRequestRequote } from '../api/answer-quote';

/** The received quote on the project detail: lines, totals, document; the discharger approves or asks again. */
export function QuoteCard({ project, isDischarger }: { project: ProjectDetail; isDischarger: boolean }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const accept = useAcceptQuote(project.id);
  const requote = useRequestRequote(project.id);
  const quote = project.quote;
  const busy = accept.isPending || requote.isPending;
  const canAnswer = isDischarger && isQuoteAnswerable(project.projectStatus);
  // A quote past its valid-until date can only be asked again (the server refuses it: quote_expired).
  const expired =
    canAnswer && quote?.isExpired
      ? messageText(t, 'quote_expired', { validUntil: formatPlainDate(quote.validUntil) })
      : null;
  const unitOf = (l: NonNullable<typeof quote>['lines'][number]) =>
    priceUnitOf({ ...l, unit: l.unitMeasure?.unit ?? null });

  const onAccept = () =>
    modal.confirm({
      title: t('quotes.accept'),
      content: t('quotes.acceptConfirm'),
      onOk: async () => {
        try {
          await accept.mutateAsync();
          void message.success(t('quotes.accepted'));
        } catch (error) {
          showApiError({ error, t, message });
        }
      },
    });

  const onRequote = () => {
    let reason = '';
    modal.confirm({
      title: t('quotes.requote'),
      okText: t('quotes.requote'),
      content: (
        <>
          <Typography.Paragraph>{t('quotes.requoteConfirm')}</Typography.Paragraph>
          <Input.TextArea
            aria-label={t('quotes.requoteReason')}
            placeholder={t('quotes.requoteReason')}
            maxLength={512}
            showCount
            autoSize={{ minRows: 2, maxRows: 5 }}
            data-testid="requote-reason"
            onChange={(e) => {
              reason = e.target.value;
            }}
          />
        </>
      ),
      onOk: async () => {
        if (!reason.trim()) {
          void message.error(messageText(t, 'MSG_00_21'));
          throw new Error('reason required');
        }
        try {
          await requote.mutateAsync(reason.trim());
          void message.success(t('quotes.requoted'));
        } catch (error) {
          showApiError({ error, t, message });
        }
      },
    });
  };

  return (
    <Card
      title={t('quotes.cardTitle')}
      size="small"
      style={{ marginBottom: 16 }}
      data-testid="quote-card"
      extra={
        canAnswer && quote ? (
          <Flex gap={8}>
            <Button disabled={busy} loading={requote.isPending} onClick={onRequote}>
              {t('quotes.requote')}
            </Button>
            <Tooltip title={expired}>
              <Button
                type="primary"
                disabled={busy || !!expired}
                loading={accept.isPending}
                onClick={onAccept}
              >
                {t('quotes.accept')}
              </Button>
            </Tooltip>
          </Flex>
        ) : null
      }
    >
      {!quote ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('quotes.noQuote')} />
      ) : (
        <>
          {expired && (
            <Alert
              type="warning"
              showIcon
              title={expired}
              style={{ marginBottom: 12 }}
              data-testid="quote-expired"
            />
          )}
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('quotes.transportCompany')}>
              {quote.transportCompany.name}
            </Descriptions.Item>
            <Descriptions.Item label={t('quotes.quotedAt')}>
              {formatDate(quote.createdDate)}
            </Descriptions.Item>
            <Descriptions.Item label={t('quotes.validUntil')}>
              {quote.validUntil ? formatDate(quote.validUntil) : '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('quotes.document')}>
              {quote.document ? (
                <Button
                  type="link"
                  size="small"
                  icon={<DownloadOutlined />}
                  style={WRAPPING_LINK_STYLE}
                  onClick={() =>
                    downloadAttachment(project.id, quote.document!).catch(
                      () => void message.error(t('unknown_error')),
                    )
                  }
                >
                  {quote.document.fileName}
                </Button>
              ) : (
                '-'
              )}
            </Descriptions.Item>
            {quote.contractForm && (
              <Descriptions.Item label={t('quotes.contractForm')}>
                {t(`contracts.form.${quote.contractForm}`)}
              </Descriptions.Item>
            )}
            {quote.note && <Descriptions.Item label={t('quotes.note')}>{quote.note}</Descriptions.Item>}
          </Descriptions>
          <DataTable
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={quote.lines}
            scroll={{ x: 560 }}
            columns={[
              { key: 'waste', title: t('quotes.column.waste'), dataIndex: 'wasteName' },
              {
                key: 'unitPrice',
                title: t('quotes.column.unitPrice'),
                align: 'right',
                render: (_, l) => <UnitPriceWithParts {...l} priceUnit={unitOf(l)} />,
              },
              {
                key: 'quantity',
                title: t('quotes.column.quantity'),
                align: 'right',
                render: (_, l) => formatQuantity(l.quantity, unitOf(l), t),
              },
              {
                key: 'amount',
                title: t('quotes.column.amount'),
                align: 'right',
                render: (_, l) => formatYen(l.amount),
              },
            ]}
          />
          <Totals total={quote.totalAmount} withTax={quote.totalWithTax} />
        </>
      )}
    </Card>
  );
}

/** Total (tax excluded), tax and total with tax, right-aligned. */
export function Totals({ total, withTax }: { total: number; withTax: number }) {
  const { t } = useTranslation();
  return (
    <Flex vertical align="end" style={{ marginTop: 12 }} data-testid="quote-totals">
      <Typography.Text>
        {t('quotes.total')}: {formatYen(total)}
      </Typography.Text>
      <Typography.Text>
        {t('quotes.tax')}: {formatYen(withTax - total)}
      </Typography.Text>
      <Typography.Text strong>
        {t('quotes.totalWithTax')}: {formatYen(withTax)}
      </Typography.Text>
    </Flex>
  );
}
