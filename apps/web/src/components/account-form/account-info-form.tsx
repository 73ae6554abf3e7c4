import {
  type AccountInfo,
  type AccountInfoInput,
  accountInfoSchema,
  dischargeSiteInfoSchema,
  officeInfoSchema,
} from '@junkan/shared/api/users';
import { EDI_KEY_LENGTH, MAX_LENGTH, REGISTRANT_NUMBER_LENGTH } from '@junkan/shared/field-rules';
import { Button, Col, Flex, Form, type FormInstance, Input, Row } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { setZodIssues, zodRule } from '../../lib/form-errors';
import { type AddressParts, col, FieldGrid, type FieldSpec, Section } from './account-fields';
import { EntryList, type EntryListSpec } from './entry-list';

export interface AccountInfoFormProps<T = AccountInfo> {
  form: FormInstance<AccountInfoInput>;
  initialValues?: Partial<AccountInfoInput>;
  /** Registrant number and EDI key cannot change once stored, unless an admin acts (section 5). */
  lockRegisteredKeys?: boolean;
  showOffices?: boolean;
  showDischargeSites?: boolean;
  submitLabel: string;
  submitting?: boolean;
  onSubmit: (values: T) => void;
  extraActions?: ReactNode;
  /** Schema run on submit (default accountInfoSchema); an update accepts existing entries by id alone. */
  schema?: z.ZodType<T>;
  /** Existing (read-only) offices and discharge sites get a remove button that asks first. */
  allowRemoveExisting?: boolean;
  /** Called when the user changes a value (typing, adding or removing an entry). */
  onValuesChange?: () => void;
  /** Extra fields rendered first inside the same form (the account master's email and enabled flag). */
  beforeSections?: ReactNode;
  /** A transport company's qualified-invoice registration number (the issuer of its invoices). */
  showInvoiceRegistrationNumber?: boolean;
}

/** The anchor of the registration number's section: the invoice screens link to it. */
export const INVOICE_REGISTRATION_NUMBER_ANCHOR = 'invoice-registration-number';
/** The anchor of the transporter's bank accounts (振込先) on its account screen: the invoice screens link to it. */
export const BANK_ACCOUNTS_ANCHOR = 'bank-accounts';

const shape = accountInfoSchema.shape;
const WHOLE_ADDRESS: AddressParts = ['address1', 'address2', 'address3'];

const ACCOUNT_FIELDS: FieldSpec<keyof typeof shape>[] = [
  { kind: 'text', name: 'accountName', label: 'field.accountName', max: MAX_LENGTH.accountName },
];

const COMPANY_FIELDS: FieldSpec<keyof typeof shape>[] = [
  { kind: 'text', name: 'companyName', label: 'field.companyName', max: MAX_LENGTH.companyName },
  { kind: 'text', name: 'contractPic', label: 'field.contractPic', max: MAX_LENGTH.contractPic },
  {
    kind: 'postal',
    name: 'companyPostalCode',
    label: 'field.postalCode',
    fills: { companyAddress: WHOLE_ADDRESS },
  },
  { kind: 'text', name: 'companyAddress', label: 'field.address', max: MAX_LENGTH.address },
  { kind: 'phone', name: 'companyTelephone', label: 'field.telephone' },
  {
    kind: 'text',
    name: 'companyEmail',
    label: 'field.email',
    max: MAX_LENGTH.email,
    autoComplete: 'email',
  },
];

const OFFICES: EntryListSpec<keyof typeof officeInfoSchema.shape> = {
  list: 'offices',
  idField: 'officeId',
  shape: officeInfoSchema.shape,
  fields: [
    {
      kind: 'text',
      name: 'officeName',
      label: 'field.officeName',
      max: MAX_LENGTH.officeName,
      fromCompany: 'companyName',
    },
    {
      kind: 'postal',
      name: 'officePostalCode',
      label: 'field.postalCode',
      fills: { officeAddress: WHOLE_ADDRESS },
      fromCompany: 'companyPostalCode',
    },
    {
      kind: 'text',
      name: 'officeAddress',
      label: 'field.address',
      max: MAX_LENGTH.address,
      fromCompany: 'companyAddress',
    },
    { kind: 'phone', name: 'officeTelephone', label: 'field.telephone', fromCompany: 'companyTelephone' },
    {
      kind: 'text',
      name: 'officeEmail',
      label: 'field.email',
      max: MAX_LENGTH.email,
      fromCompany: 'companyEmail',
    },
  ],
  labels: {
    section: 'account.section.offices',
    add: 'account.addOffice',
    empty: 'account.noOffices',
    entry: 'account.officeN',
  },
  testIds: { add: 'add-office', block: 'office-block' },
};

const DISCHARGE_SITES: EntryListSpec<keyof typeof dischargeSiteInfoSchema.shape> = {
  list: 'wastes',
  idField: 'wasteId',
  shape: dischargeSiteInfoSchema.shape,
  fields: [
    {
      kind: 'text',
      name: 'dischargeSitename',
      label: 'field.dischargeSitename',
      max: MAX_LENGTH.dischargeSiteName,
      fromCompany: 'companyName',
    },
    {
      kind: 'text',
      name: 'wasteStaff',
      label: 'field.wasteStaff',
      max: MAX_LENGTH.contractPic,
      fromCompany: 'contractPic',
    },
    {
      kind: 'postal',
      name: 'wastePostalCode',
      label: 'field.postalCode',
      // A site keeps the block and building (address3) on a line of its own.
      fills: { wasteAddress: ['address1', 'address2'], wasteAddress2: ['address3'] },
      fromCompany: 'companyPostalCode',
    },
    {
      kind: 'text',
      name: 'wasteAddress',
      label: 'field.wasteAddress',
      max: MAX_LENGTH.address,
      fromCompany: 'companyAddress',
    },
    { kind: 'text', name: 'wasteAddress2', label: 'field.wasteAddress2', max: MAX_LENGTH.address },
    { kind: 'text', name: 'wasteAddress3', label: 'field.wasteAddress3', max: MAX_LENGTH.wasteAddress3 },
    { kind: 'phone', name: 'wasteTelephone', label: 'field.telephone', fromCompany: 'companyTelephone' },
    {
      kind: 'text',
      name: 'wasteEmail',
      label: 'field.email',
      max: MAX_LENGTH.email,
      fromCompany: 'companyEmail',
    },
  ],
  labels: {
    section: 'account.section.dischargeSites',
    add: 'account.addDischargeSite',
    empty: 'account.noDischargeSites',
    entry: 'account.dischargeSiteN',
  },
  testIds: { add: 'add-discharge-site', block: 'discharge-site-block' },
};

/**
 * Account information (registration after activation, /account, /account/trans). Field rules come from
 * the shared zod schemas; the whole schema runs again on submit and its issues go next to their fields.
 */
export function AccountInfoForm<T = AccountInfo>(props: AccountInfoFormProps<T>) {
  const { t } = useTranslation();
  const { form, lockRegisteredKeys = false, showOffices = true, showDischargeSites = true } = props;
  const submitSchema = (props.schema ?? accountInfoSchema) as z.ZodType<T>;
  const initial = props.initialValues ?? {};

  const onFinish = () => {
    const parsed = submitSchema.safeParse(form.getFieldsValue(true));
    if (!parsed.success) {
      setZodIssues(form, parsed.error.issues, t);
      return;
    }
    props.onSubmit(parsed.data);
  };

  const isKeyLocked = (key: 'registrantNumber' | 'ediConfirmationKey') =>
    lockRegisteredKeys && Boolean(initial[key]);

  return (
    <Form<AccountInfoInput>
      form={form}
      layout="vertical"
      initialValues={{ offices: [], wastes: [], ...initial }}
      onFinish={onFinish}
      onValuesChange={() => props.onValuesChange?.()}
      scrollToFirstError
    >
      {props.beforeSections}
      <Section title={t('account.section.account')}>
        <FieldGrid fields={ACCOUNT_FIELDS} shape={shape} />
      </Section>
      <Section title={t('account.section.company')}>
        <FieldGrid fields={COMPANY_FIELDS} shape={shape} />
      </Section>
      {showOffices && <EntryList spec={OFFICES} allowRemoveExisting={props.allowRemoveExisting} />}
      {showDischargeSites && (
        <EntryList spec={DISCHARGE_SITES} allowRemoveExisting={props.allowRemoveExisting} />
      )}

      <Section title={t('account.section.edi')}>
        <Row gutter={16}>
          <Col {...col}>
            <Form.Item
              name={['registrantNumber']}
              label={t('field.registrantNumber')}
              extra={t('account.registrantNumberHint')}
              rules={[zodRule(shape.registrantNumber, t)]}
            >
              <Input maxLength={REGISTRANT_NUMBER_LENGTH} disabled={isKeyLocked('registrantNumber')} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item
              name={['ediConfirmationKey']}
              label={t('field.ediConfirmationKey')}
              extra={t('account.ediKeyHint')}
              rules={[zodRule(shape.ediConfirmationKey, t)]}
            >
              <Input
                maxLength={EDI_KEY_LENGTH}
                inputMode="numeric"
                disabled={isKeyLocked('ediConfirmationKey')}
              />
            </Form.Item>
          </Col>
        </Row>
      </Section>

      {props.showInvoiceRegistrationNumber && (
        <div id={INVOICE_REGISTRATION_NUMBER_ANCHOR}>
          <Section title={t('account.section.invoice')}>
            <Row gutter={16}>
              <Col {...col}>
                <Form.Item
                  name={['invoiceRegistrationNumber']}
                  label={t('field.invoiceRegistrationNumber')}
                  extra={t('account.invoiceRegistrationNumberHint')}
                  rules={[zodRule(shape.invoiceRegistrationNumber, t)]}
                >
                  <Input
                    maxLength={20}
                    placeholder="T1234567890123"
                    data-testid="invoice-registration-number"
                  />
                </Form.Item>
              </Col>
            </Row>
          </Section>
        </div>
      )}

      <Flex justify="flex-end" gap={8}>
        {props.extraActions}
        <Button type="primary" htmlType="submit" loading={props.submitting} data-testid="account-info-submit">
          {props.submitLabel}
        </Button>
      </Flex>
    </Form>
  );
}
