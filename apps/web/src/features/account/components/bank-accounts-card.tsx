import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { BankSearchResult } from '@junkan/shared/api/bank-accounts';
import { BANK_ACCOUNT_TYPES, BANK_ACCOUNTS_MAX } from '@junkan/shared/rules/bank-account';
import { App, Button, Card, Col, Form, type FormInstance, Input, Row, Select, Spin, Typography } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BANK_ACCOUNTS_ANCHOR } from '../../../components/account-form/account-info-form';
import { confirmSend } from '../../../components/form-modal';
import { LoadFailed } from '../../../components/load-failed';
import { showApiError, showFormIssues } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useBankAccounts, useSaveBankAccounts } from '../api/bank-accounts';
import { useBankSearch, useBranchSearch } from '../api/banks';
import {
  type BankAccountRow,
  type BankAccountsFormValues,
  bankAccountsFormValues,
  bankAccountsRequest,
  bankEntryLabel,
  holderNameAsSent,
  NEW_BANK_ACCOUNT,
} from './bank-accounts-values';

/**
 * The transporter's 振込先 on its account information screen: up to three accounts, the bank and branch picked
 * from the server's zengin list by name or code (searchable selects), type, number and the holder in half-width
 * kana. Saved on its own; bank-transfer invoices made afterwards print them.
 */
export function BankAccountsCard() {
  const { t } = useTranslation();
  const query = useBankAccounts(true);
  return (
    <Card
      id={BANK_ACCOUNTS_ANCHOR}
      title={t('accountUpdate.bankAccounts.title')}
      style={{ maxWidth: 1100, marginTop: 16 }}
      data-testid="bank-accounts"
    >
      <Typography.Paragraph type="secondary">{t('accountUpdate.bankAccounts.lead')}</Typography.Paragraph>
      {query.isError ? (
        <LoadFailed title={t('accountUpdate.bankAccounts.loadFailed')} onRetry={() => void query.refetch()} />
      ) : query.data ? (
        <BankAccountsForm initial={bankAccountsFormValues(query.data.accounts)} />
      ) : (
        <Spin />
      )}
    </Card>
  );
}

function BankAccountsForm({ initial }: { initial: BankAccountsFormValues }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const [form] = Form.useForm<BankAccountsFormValues>();
  const save = useSaveBankAccounts();

  const onFinish = (values: BankAccountsFormValues) => {
    const built = bankAccountsRequest(values);
    if (!built.ok) {
      showFormIssues(form, built.issues, t, message);
      return;
    }
    confirmSend(modal, {
      title: t('accountUpdate.bankAccounts.confirm'),
      content: t('accountUpdate.bankAccounts.confirmContent'),
      okText: t('accountUpdate.bankAccounts.save'),
      cancelText: t('forms.cancel'),
      okButtonProps: { autoInsertSpace: false },
      send: async () => {
        const saved = await save.mutateAsync(built.input);
        form.setFieldsValue(bankAccountsFormValues(saved.accounts));
        void message.success(t('accountUpdate.bankAccounts.saved'));
      },
      onRefused: (error) => showApiError({ error, t, message, form }),
    });
  };

  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={onFinish}>
      <Form.List name="accounts">
        {(rows, { add, remove }) => (
          <>
            {rows.length === 0 && (
              <Typography.Paragraph>{t('accountUpdate.bankAccounts.none')}</Typography.Paragraph>
            )}
            {rows.map((row, i) => (
              <fieldset
                key={row.key}
                style={{
                  border: '1px solid #f0f0f0',
                  borderRadius: 8,
                  padding: '8px 16px',
                  marginBottom: 16,
                }}
                data-testid={`bank-account-${i}`}
              >
                <legend style={{ fontSize: 14, width: 'auto', border: 0, margin: 0, padding: '0 4px' }}>
                  {t('accountUpdate.bankAccounts.account', { n: i + 1 })}
                </legend>
                <BankAccountRowFields form={form} name={row.name} />
                <Button
                  icon={<DeleteOutlined />}
                  onClick={() => remove(row.name)}
                  aria-label={`${t('accountUpdate.bankAccounts.remove')} ${i + 1}`}
                >
                  {t('accountUpdate.bankAccounts.remove')}
                </Button>
              </fieldset>
            ))}
            <Button
              icon={<PlusOutlined />}
              disabled={rows.length >= BANK_ACCOUNTS_MAX}
              onClick={() => add({ ...NEW_BANK_ACCOUNT })}
              style={{ marginRight: 8 }}
              data-testid="bank-account-add"
            >
              {t('accountUpdate.bankAccounts.add')}
            </Button>
          </>
        )}
      </Form.List>
      <Button
        type="primary"
        htmlType="submit"
        loading={save.isPending}
        autoInsertSpace={false}
        data-testid="bank-accounts-save"
      >
        {t('accountUpdate.bankAccounts.save')}
      </Button>
    </Form>
  );
}

function BankAccountRowFields({ form, name }: { form: FormInstance<BankAccountsFormValues>; name: number }) {
  const { t } = useTranslation();
  const path = <F extends keyof BankAccountRow>(field: F) =>
    ['accounts', name, field] as ['accounts', number, F];
  const bankCode: string = Form.useWatch(path('bankCode'), form) ?? '';
  const bankLabel: string | undefined = Form.useWatch(path('bankLabel'), form);
  const branchLabel: string | undefined = Form.useWatch(path('branchLabel'), form);
  return (
    <Row gutter={16}>
      <Form.Item name={[name, 'bankLabel']} hidden>
        <Input />
      </Form.Item>
      <Form.Item name={[name, 'branchLabel']} hidden>
        <Input />
      </Form.Item>
      <Col xs={24} md={12}>
        <Form.Item name={[name, 'bankCode']} label={t('accountUpdate.bankAccounts.bank')} required>
          <EntrySelect
            kind="bank"
            label={bankLabel}
            placeholder={t('accountUpdate.bankAccounts.bankPlaceholder')}
            onPicked={(label) =>
              form.setFields([
                { name: path('bankLabel'), value: label },
                { name: path('branchCode'), value: null },
                { name: path('branchLabel'), value: '' },
              ])
            }
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name={[name, 'branchCode']} label={t('accountUpdate.bankAccounts.branch')} required>
          <EntrySelect
            // A new bank starts the branch's search afresh.
            key={bankCode}
            kind="branch"
            bankCode={bankCode}
            label={branchLabel}
            placeholder={t('accountUpdate.bankAccounts.branchPlaceholder')}
            onPicked={(label) => form.setFieldValue(path('branchLabel'), label)}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={8} md={6}>
        <Form.Item name={[name, 'accountType']} label={t('accountUpdate.bankAccounts.accountType')} required>
          <Select
            options={BANK_ACCOUNT_TYPES.map((type) => ({
              value: type,
              label: t(`accountUpdate.bankAccounts.type.${type}`),
            }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={16} md={6}>
        <Form.Item
          name={[name, 'accountNumber']}
          label={t('accountUpdate.bankAccounts.accountNumber')}
          required
        >
          <Input inputMode="numeric" autoComplete="off" maxLength={8} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name={[name, 'holderName']}
          label={t('accountUpdate.bankAccounts.holderName')}
          extra={t('accountUpdate.bankAccounts.holderHint')}
          required
        >
          <Input
            autoComplete="off"
            onBlur={(e) => form.setFieldValue(path('holderName'), holderNameAsSent(e.target.value))}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}

/**
 * A bank (or a branch of `bankCode`) picked from the server's list: typing a name or code narrows the list on
 * the server (the first 50, the count of all shown below), the chosen entry keeps its label.
 */
function EntrySelect(props: {
  kind: 'bank' | 'branch';
  bankCode?: string;
  id?: string;
  value?: string | null;
  onChange?: (value: string) => void;
  label?: string;
  placeholder: string;
  onPicked: (label: string) => void;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState(false);
  const deferred = useDeferredValue(keyword);
  const banks = useBankSearch(deferred, props.kind === 'bank' && open);
  const branches = useBranchSearch(open && props.kind === 'branch' ? (props.bankCode ?? '') : '', deferred);
  const result: BankSearchResult | undefined = props.kind === 'bank' ? banks.data : branches.data;
  const loading = props.kind === 'bank' ? banks.isFetching : branches.isFetching;
  const options = (result?.items ?? []).map((e) => ({ value: e.code, label: bankEntryLabel(e) }));
  if (props.value && props.label && !options.some((o) => o.value === props.value))
    options.unshift({ value: props.value, label: props.label });
  return (
    <Select
      id={props.id}
      showSearch
      value={props.value || undefined}
      placeholder={props.placeholder}
      disabled={props.kind === 'branch' && !props.bankCode}
      filterOption={false}
      onSearch={setKeyword}
      onOpenChange={setOpen}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      options={options}
      onChange={(code, option) => {
        props.onChange?.(code);
        props.onPicked((Array.isArray(option) ? option[0] : option)?.label ?? '');
      }}
      popupRender={(menu) => (
        <>
          {menu}
          {result && result.total > result.items.length && (
            <Typography.Text type="secondary" style={{ display: 'block', padding: '4px 12px' }}>
              {t('accountUpdate.bankAccounts.more', { count: result.total })}
            </Typography.Text>
          )}
        </>
      )}
    />
  );
}
