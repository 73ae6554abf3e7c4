import { DeleteOutlined } from '@ant-design/icons';
import { type BilledMonthConflict, formatInvoiceNumber } from '@junkan/shared/invoice-rules';
import { Alert, Button, Card, Col, DatePicker, Form, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  dateItemProps,
  dayPickerProps,
  monthItemProps,
  monthPickerProps,
} from '../../../components/form/date-field';
import { requiredRule } from '../../../components/form/required-rule';
import { YenInput } from '../../../components/form/yen-input';
import { formatPlainDate } from '../../../lib/format';
import { currentPunctuation } from '../../../lib/i18n';
import { InvoiceFilesField } from './invoice-files-field';

interface InvoiceUploadBlockProps {
  /** The block's name in the form list and its place (0-based). */
  name: number;
  index: number;
  onRemove?: () => void;
  /** The block's month is billed already: shown before sending, confirmed on registering. */
  conflict?: BilledMonthConflict;
}

/** The month warning of a block: which invoices bill it, and which earlier blocks of this registration. */
export function BilledMonthWarning({ conflict }: { conflict: BilledMonthConflict }) {
  const { t } = useTranslation();
  const list = currentPunctuation().list;
  const month = formatPlainDate(conflict.billedMonth);
  const invoices = conflict.billedBy
    .map((b) =>
      t('invoices.form.monthBilledBy', {
        number: formatInvoiceNumber(b.invoiceNumber),
        source: t(`invoices.source.${b.source}`),
      }),
    )
    .join(list);
  return (
    <>
      {invoices && t('invoices.form.monthBilled', { month, invoices })}
      {conflict.sameRegistration.length > 0 &&
        t('invoices.form.monthInRegistration', {
          blocks: conflict.sameRegistration.map((i) => i + 1).join(list),
        })}
    </>
  );
}

/**
 * One invoice of the register form: the month it bills (請求対象月), billing date, amount, due date and files,
 * with the warning when the project has billed the month already.
 */
export function InvoiceUploadBlock({ name, index, onRemove, conflict }: InvoiceUploadBlockProps) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      style={{ marginBottom: 16 }}
      title={t('invoices.form.block', { n: index + 1 })}
      data-testid={`invoice-block-${index}`}
      extra={
        onRemove && (
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('invoices.form.removeBlock')}
            onClick={onRemove}
          />
        )
      }
    >
      <Row gutter={16}>
        <Col xs={24} md={6}>
          <Form.Item
            name={[name, 'billedMonth']}
            label={t('invoices.field.billedMonth')}
            rules={[requiredRule(t)]}
            {...monthItemProps}
          >
            <DatePicker {...monthPickerProps} data-testid={`invoice-billed-month-${index}`} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item
            name={[name, 'billingDate']}
            label={t('invoices.field.billingDate')}
            rules={[requiredRule(t)]}
            {...dateItemProps}
          >
            <DatePicker {...dayPickerProps} data-testid={`invoice-billing-date-${index}`} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name={[name, 'amount']} label={t('invoices.field.amount')} rules={[requiredRule(t)]}>
            <YenInput data-testid={`invoice-amount-${index}`} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item
            name={[name, 'dueDate']}
            label={t('invoices.field.dueDate')}
            rules={[requiredRule(t)]}
            {...dateItemProps}
          >
            <DatePicker {...dayPickerProps} data-testid={`invoice-due-date-${index}`} />
          </Form.Item>
        </Col>
      </Row>
      {conflict && (
        <Alert
          type="warning"
          showIcon
          role="status"
          style={{ marginBottom: 16 }}
          message={<BilledMonthWarning conflict={conflict} />}
          data-testid={`invoice-month-billed-${index}`}
        />
      )}
      <Form.Item
        name={[name, 'files']}
        label={t('invoices.field.files')}
        extra={t('invoices.form.filesHint')}
      >
        <InvoiceFilesField />
      </Form.Item>
    </Card>
  );
}
