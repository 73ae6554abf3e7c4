import { INVOICE_STATUSES, type InvoiceStatus, parseInvoiceNumber } from '@junkan/shared/invoice-rules';
import { Button, Checkbox, DatePicker, Form, Input, InputNumber, Select } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayPickerProps } from '../../../components/form/date-field';
import { useInvoiceFilterOptions } from '../api/invoice-filter-options';
import { DEFAULT_INVOICE_FILTERS, type InvoiceFilters, includesKeptVersions } from '../invoice-filters';

const ALL = 'ALL';

interface InvoiceListFiltersProps {
  isTransport: boolean;
  filters: InvoiceFilters;
  /** Writes filters into the address (the list page's `useListPage`). */
  update: (change: Partial<InvoiceFilters>) => void;
}

/**
 * The invoice list's search: 請求書番号, status, billing dates, amounts, counterparty (a discharger's; a
 * transporter's follows the header's selector), project, overdue only, and whether kept (corrected) versions are
 * searched too. Any change starts again at the first page.
 */
export function InvoiceListFilters({ isTransport, filters, update }: InvoiceListFiltersProps) {
  const { t } = useTranslation();
  const options = useInvoiceFilterOptions(isTransport);
  const filter = (change: Partial<InvoiceFilters>) => update({ ...change, page: 1 });
  const [invalidNumber, setInvalidNumber] = useState(false);
  return (
    <Form layout="inline" style={{ rowGap: 8, marginBottom: 16 }} component="div">
      <Form.Item
        label={t('invoices.filter.number')}
        htmlFor="invoices-number"
        validateStatus={invalidNumber ? 'error' : undefined}
        help={invalidNumber ? t('invalid_format') : undefined}
      >
        <Input.Search
          id="invoices-number"
          key={filters.invoiceNumber ?? ''}
          defaultValue={filters.invoiceNumber ?? ''}
          allowClear
          inputMode="numeric"
          style={{ width: 160 }}
          aria-invalid={invalidNumber}
          onSearch={(typed) => {
            const valid = typed.trim() === '' || parseInvoiceNumber(typed) !== null;
            setInvalidNumber(!valid);
            if (valid) filter({ invoiceNumber: typed.trim() || null });
          }}
          data-testid="invoices-number"
        />
      </Form.Item>
      <Form.Item label={t('invoices.filter.status')} htmlFor="invoices-status">
        <Select<string>
          id="invoices-status"
          value={filters.status ?? ALL}
          onChange={(v) => filter({ status: v === ALL ? null : (v as InvoiceStatus) })}
          style={{ width: 140 }}
          options={[
            { value: ALL, label: t('invoices.statusAll') },
            ...INVOICE_STATUSES.map((s) => ({ value: s, label: t(`invoices.status.${s}`) })),
          ]}
        />
      </Form.Item>
      <Form.Item label={t('invoices.filter.billingDate')} htmlFor="invoices-billing">
        <DatePicker.RangePicker
          id={{ start: 'invoices-billing' }}
          {...dayPickerProps}
          style={{ maxWidth: 260 }}
          allowEmpty={[true, true]}
          value={[
            filters.billingFrom ? dayjs(filters.billingFrom) : null,
            filters.billingTo ? dayjs(filters.billingTo) : null,
          ]}
          onChange={(range) =>
            filter({
              billingFrom: range?.[0]?.format('YYYY-MM-DD') ?? null,
              billingTo: range?.[1]?.format('YYYY-MM-DD') ?? null,
            })
          }
        />
      </Form.Item>
      <Form.Item label={t('invoices.filter.amountMin')} htmlFor="invoices-amount-min">
        <InputNumber<number>
          id="invoices-amount-min"
          min={0}
          precision={0}
          suffix={t('common.yenSuffix')}
          style={{ width: 150 }}
          value={filters.amountMin}
          onChange={(v) => filter({ amountMin: v ?? null })}
        />
      </Form.Item>
      <Form.Item label={t('invoices.filter.amountMax')} htmlFor="invoices-amount-max">
        <InputNumber<number>
          id="invoices-amount-max"
          min={0}
          precision={0}
          suffix={t('common.yenSuffix')}
          style={{ width: 150 }}
          value={filters.amountMax}
          onChange={(v) => filter({ amountMax: v ?? null })}
        />
      </Form.Item>
      {!isTransport && (
        <Form.Item label={t('invoices.filter.counterparty')} htmlFor="invoices-counterparty">
          <Select<number | string>
            id="invoices-counterparty"
            value={filters.companyId ?? ALL}
            onChange={(v) => filter({ companyId: v === ALL ? null : Number(v) })}
            style={{ width: 200 }}
            options={[
              { value: ALL, label: t('invoices.filter.counterpartyAll') },
              ...(options.data?.counterparties ?? []).map((c) => ({ value: c.id, label: c.name })),
            ]}
          />
        </Form.Item>
      )}
      <Form.Item label={t('invoices.filter.project')} htmlFor="invoices-project">
        <Select<number | string>
          id="invoices-project"
          value={filters.projectId ?? ALL}
          onChange={(v) => filter({ projectId: v === ALL ? null : Number(v) })}
          style={{ width: 220 }}
          showSearch
          optionFilterProp="label"
          options={[
            { value: ALL, label: t('invoices.filter.projectAll') },
            ...(options.data?.projects ?? []).map((p) => ({ value: p.id, label: p.title })),
          ]}
        />
      </Form.Item>
      <Form.Item>
        <Checkbox
          checked={filters.overdue}
          onChange={(e) => filter({ overdue: e.target.checked })}
          data-testid="invoices-overdue-only"
        >
          {t('invoices.filter.overdueOnly')}
        </Checkbox>
      </Form.Item>
      <Form.Item>
        <Checkbox
          checked={includesKeptVersions(filters)}
          onChange={(e) => filter({ versions: e.target.checked ? 'all' : 'current' })}
          data-testid="invoices-include-versions"
        >
          {t('invoices.filter.includeVersions')}
        </Checkbox>
      </Form.Item>
      <Form.Item>
        <Button onClick={() => update(DEFAULT_INVOICE_FILTERS)}>{t('invoices.filter.clear')}</Button>
      </Form.Item>
    </Form>
  );
}
