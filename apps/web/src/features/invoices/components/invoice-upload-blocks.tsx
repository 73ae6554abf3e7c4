import { PlusOutlined } from '@ant-design/icons';
import { type BilledMonthConflict, INVOICE_MAX_PER_REGISTRATION } from '@junkan/shared/invoice-rules';
import { Button, Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { emptyInvoiceBlock } from '../invoice-form-values';
import { InvoiceUploadBlock } from './invoice-upload-block';

/**
 * The register form's uploaded invoices: up to INVOICE_MAX_PER_REGISTRATION blocks, each with the warning of a
 * month billed already, then the button that registers them.
 */
export function InvoiceUploadBlocks({
  monthWarnings,
  submitting,
}: {
  monthWarnings: readonly BilledMonthConflict[];
  submitting: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form.List name="invoices">
      {(fields, { add, remove }) => (
        <>
          {fields.map((field, index) => (
            <InvoiceUploadBlock
              key={field.key}
              name={field.name}
              index={index}
              onRemove={fields.length > 1 ? () => remove(field.name) : undefined}
              conflict={monthWarnings.find((c) => c.index === index)}
            />
          ))}
          <Flex justify="space-between" wrap gap={8}>
            <Button
              icon={<PlusOutlined />}
              disabled={fields.length >= INVOICE_MAX_PER_REGISTRATION}
              title={fields.length >= INVOICE_MAX_PER_REGISTRATION ? t('invoices.form.maxBlocks') : undefined}
              onClick={() => add(emptyInvoiceBlock())}
            >
              {t('invoices.form.addBlock')}
            </Button>
            <Button
              type="primary"
              htmlType="submit"
              loading={submitting}
              autoInsertSpace={false}
              data-testid="invoice-register-submit"
            >
              {t('invoices.form.submit')}
            </Button>
          </Flex>
        </>
      )}
    </Form.List>
  );
}
