import { CopyOutlined, DeleteOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import {
  type AccountInfo,
  type AccountInfoInput,
  accountInfoSchema,
  dischargeSiteInfoSchema,
  EDI_KEY_LENGTH,
  formatPhone,
  formatPostalCode,
  isPostalLookupEnabled,
  MAX_LENGTH,
  NEW_ENTRY_ID,
  normalizePhoneInput,
  officeInfoSchema,
  REGISTRANT_NUMBER_LENGTH,
} from '@junkan/shared';
import { Button, Card, Col, Flex, Form, type FormInstance, Input, Popconfirm, Row, Space, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../../lib/api-client';
import { setZodIssues, showApiError, zodRule } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { lookupZipcode, type ZipcodeAddress } from '../api/zipcode';

type NamePath = (string | number)[];

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
}

const EMPTY_OFFICE = {
  officeId: NEW_ENTRY_ID,
  officeName: '',
  officePostalCode: '',
  officeAddress: '',
  officeTelephone: '',
  officeEmail: '',
};

const EMPTY_SITE = {
  wasteId: NEW_ENTRY_ID,
  dischargeSitename: '',
  wastePostalCode: '',
  wasteAddress: '',
  wasteAddress2: '',
  wasteAddress3: '',
  wasteTelephone: '',
  wasteEmail: '',
  wasteStaff: '',
};

const col = { xs: 24, md: 12 };

/**
 * Account information (registration after activation, /account, /account/trans). Field rules come from
 * the shared zod schemas; the whole schema runs again on submit and its issues go next to their fields.
 */
export function AccountInfoForm<T = AccountInfo>(props: AccountInfoFormProps<T>) {
  const { t } = useTranslation();
  const { form, lockRegisteredKeys = false, showOffices = true, showDischargeSites = true } = props;
  const submitSchema = (props.schema ?? accountInfoSchema) as z.ZodType<T>;
  const initial = props.initialValues ?? {};

  const textItem = (name: NamePath, label: string, schema: z.ZodType, max: number, disabled = false) => (
    <Form.Item name={name} label={label} rules={[zodRule(schema, t)]} required>
      <Input maxLength={max} disabled={disabled} />
    </Form.Item>
  );

  const copyCompany = (pairs: [NamePath, string][]) => {
    for (const [target, source] of pairs) form.setFieldValue(target, form.getFieldValue(source) ?? '');
  };

  const onFinish = () => {
    const parsed = submitSchema.safeParse(form.getFieldsValue(true));
    if (!parsed.success) {
      setZodIssues(form, parsed.error.issues, t);
      return;
    }
    props.onSubmit(parsed.data);
  };

  const s = accountInfoSchema.shape;
  const o = officeInfoSchema.shape;
  const w = dischargeSiteInfoSchema.shape;
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
      <Card size="small" title={t('account.section.account')} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col {...col}>
            {textItem(['accountName'], t('field.accountName'), s.accountName, MAX_LENGTH.accountName)}
          </Col>
        </Row>
      </Card>

      <Card size="small" title={t('account.section.company')} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col {...col}>
            {textItem(['companyName'], t('field.companyName'), s.companyName, MAX_LENGTH.companyName)}
          </Col>
          <Col {...col}>
            {textItem(['contractPic'], t('field.contractPic'), s.contractPic, MAX_LENGTH.contractPic)}
          </Col>
          <Col {...col}>
            <PostalCodeItem
              name={['companyPostalCode']}
              label={t('field.postalCode')}
              onFound={(a) =>
                form.setFieldValue(['companyAddress'], `${a.address1}${a.address2}${a.address3}`)
              }
            />
          </Col>
          <Col {...col}>
            {textItem(['companyAddress'], t('field.address'), s.companyAddress, MAX_LENGTH.address)}
          </Col>
          <Col {...col}>
            <PhoneItem name={['companyTelephone']} label={t('field.telephone')} />
          </Col>
          <Col {...col}>
            <Form.Item
              name={['companyEmail']}
              label={t('field.email')}
              rules={[zodRule(s.companyEmail, t)]}
              required
            >
              <Input maxLength={MAX_LENGTH.email} autoComplete="email" />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      {showOffices && (
        <Form.List name="offices">
          {(fields, { add, remove }) => (
            <Card
              size="small"
              title={t('account.section.offices')}
              style={{ marginBottom: 16 }}
              extra={
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => add({ ...EMPTY_OFFICE })}
                  data-testid="add-office"
                >
                  {t('account.addOffice')}
                </Button>
              }
            >
              {fields.length === 0 && <EmptyBlocks text={t('account.noOffices')} />}
              {fields.map((field, index) => {
                const base = ['offices', field.name];
                const locked = form.getFieldValue([...base, 'officeId']) !== NEW_ENTRY_ID;
                return (
                  <Card
                    key={field.key}
                    type="inner"
                    size="small"
                    title={<EntryTitle text={t('account.officeN', { n: index + 1 })} locked={locked} />}
                    data-testid="office-block"
                    style={{ marginBottom: 12 }}
                    extra={
                      locked ? (
                        props.allowRemoveExisting && (
                          <RemoveExistingButton
                            name={form.getFieldValue([...base, 'officeName'])}
                            onConfirm={() => remove(field.name)}
                          />
                        )
                      ) : (
                        <Space>
                          <Button
                            size="small"
                            icon={<CopyOutlined />}
                            onClick={() =>
                              copyCompany([
                                [[...base, 'officeName'], 'companyName'],
                                [[...base, 'officePostalCode'], 'companyPostalCode'],
                                [[...base, 'officeAddress'], 'companyAddress'],
                                [[...base, 'officeTelephone'], 'companyTelephone'],
                                [[...base, 'officeEmail'], 'companyEmail'],
                              ])
                            }
                          >
                            {t('account.copyFromCompany')}
                          </Button>
                          <Button
                            size="small"
                            danger
                            icon={<DeleteOutlined />}
                            onClick={() => remove(field.name)}
                          >
                            {t('common.remove')}
                          </Button>
                        </Space>
                      )
                    }
                  >
                    <Row gutter={16}>
                      <Col {...col}>
                        {textItem(
                          [field.name, 'officeName'],
                          t('field.officeName'),
                          o.officeName,
                          MAX_LENGTH.officeName,
                          locked,
                        )}
                      </Col>
                      <Col {...col}>
                        <PostalCodeItem
                          name={[field.name, 'officePostalCode']}
                          fullName={[...base, 'officePostalCode']}
                          label={t('field.postalCode')}
                          disabled={locked}
                          onFound={(a) =>
                            form.setFieldValue(
                              [...base, 'officeAddress'],
                              `${a.address1}${a.address2}${a.address3}`,
                            )
                          }
                        />
                      </Col>
                      <Col {...col}>
                        {textItem(
                          [field.name, 'officeAddress'],
                          t('field.address'),
                          o.officeAddress,
                          MAX_LENGTH.address,
                          locked,
                        )}
                      </Col>
                      <Col {...col}>
                        <PhoneItem
                          name={[field.name, 'officeTelephone']}
                          fullName={[...base, 'officeTelephone']}
                          label={t('field.telephone')}
                          disabled={locked}
                        />
                      </Col>
                      <Col {...col}>
                        {textItem(
                          [field.name, 'officeEmail'],
                          t('field.email'),
                          o.officeEmail,
                          MAX_LENGTH.email,
                          locked,
                        )}
                      </Col>
                    </Row>
                  </Card>
                );
              })}
            </Card>
          )}
        </Form.List>
      )}

      {showDischargeSites && (
        <Form.List name="wastes">
          {(fields, { add, remove }) => (
            <Card
              size="small"
              title={t('account.section.dischargeSites')}
              style={{ marginBottom: 16 }}
              extra={
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => add({ ...EMPTY_SITE })}
                  data-testid="add-discharge-site"
                >
                  {t('account.addDischargeSite')}
                </Button>
              }
            >
              {fields.length === 0 && <EmptyBlocks text={t('account.noDischargeSites')} />}
              {fields.map((field, index) => {
                const base = ['wastes', field.name];
                const locked = form.getFieldValue([...base, 'wasteId']) !== NEW_ENTRY_ID;
                return (
                  <Card
                    key={field.key}
                    type="inner"
                    size="small"
                    title={
                      <EntryTitle text={t('account.dischargeSiteN', { n: index + 1 })} locked={locked} />
                    }
                    data-testid="discharge-site-block"
                    style={{ marginBottom: 12 }}
                    extra={
                      locked ? (
                        props.allowRemoveExisting && (
                          <RemoveExistingButton
                            name={form.getFieldValue([...base, 'dischargeSitename'])}
                            onConfirm={() => remove(field.name)}
                          />
                        )
                      ) : (
                        <Space>
                          <Button
                            size="small"
                            icon={<CopyOutlined />}
                            onClick={() =>
                              copyCompany([
                                [[...base, 'dischargeSitename'], 'companyName'],
                                [[...base, 'wastePostalCode'], 'companyPostalCode'],
                                [[...base, 'wasteAddress'], 'companyAddress'],
                                [[...base, 'wasteTelephone'], 'companyTelephone'],
                                [[...base, 'wasteEmail'], 'companyEmail'],
                                [[...base, 'wasteStaff'], 'contractPic'],
                              ])
                            }
                          >
                            {t('account.copyFromCompany')}
                          </Button>
                          <Button
                            size="small"
                            danger
                            icon={<DeleteOutlined />}
                            onClick={() => remove(field.name)}
                          >
                            {t('common.remove')}
                          </Button>
                        </Space>
                      )
                    }
                  >
                    <Row gutter={16}>
                      <Col {...col}>
                        {textItem(
                          [field.name, 'dischargeSitename'],
                          t('field.dischargeSitename'),
                          w.dischargeSitename,
                          MAX_LENGTH.dischargeSiteName,
                          locked,
                        )}
                      </Col>
                      <Col {...col}>
                        {textItem(
                          [field.name, 'wasteStaff'],
                          t('field.wasteStaff'),
                          w.wasteStaff,
                          MAX_LENGTH.contractPic,
                          locked,
                        )}
                      </Col>
                      <Col {...col}>
                        <PostalCodeItem
                          name={[field.name, 'wastePostalCode']}
                          fullName={[...base, 'wastePostalCode']}
                          label={t('field.postalCode')}
                          disabled={locked}
                          onFound={(a) => {
                            form.setFieldValue([...base, 'wasteAddress'], `${a.address1}${a.address2}`);
                            form.setFieldValue([...base, 'wasteAddress2'], a.address3);
                          }}
                        />
                      </Col>
                      <Col {...col}>
                        {textItem(
                          [field.name, 'wasteAddress'],
                          t('field.wasteAddress'),
                          w.wasteAddress,
                          MAX_LENGTH.address,
                          locked,
                        )}
                      </Col>
                      <Col {...col}>
                        {textItem(
                          [field.name, 'wasteAddress2'],
                          t('field.wasteAddress2'),
                          w.wasteAddress2,
                          MAX_LENGTH.address,
                          locked,
                        )}
                      </Col>
                      <Col {...col}>
                        {textItem(
                          [field.name, 'wasteAddress3'],
                          t('field.wasteAddress3'),
                          w.wasteAddress3,
                          MAX_LENGTH.wasteAddress3,
                          locked,
                        )}
                      </Col>
                      <Col {...col}>
                        <PhoneItem
                          name={[field.name, 'wasteTelephone']}
                          fullName={[...base, 'wasteTelephone']}
                          label={t('field.telephone')}
                          disabled={locked}
                        />
                      </Col>
                      <Col {...col}>
                        {textItem(
                          [field.name, 'wasteEmail'],
                          t('field.email'),
                          w.wasteEmail,
                          MAX_LENGTH.email,
                          locked,
                        )}
                      </Col>
                    </Row>
                  </Card>
                );
              })}
            </Card>
          )}
        </Form.List>
      )}

      <Card size="small" title={t('account.section.edi')} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col {...col}>
            <Form.Item
              name={['registrantNumber']}
              label={t('field.registrantNumber')}
              extra={t('account.registrantNumberHint')}
              rules={[zodRule(s.registrantNumber, t)]}
            >
              <Input maxLength={REGISTRANT_NUMBER_LENGTH} disabled={isKeyLocked('registrantNumber')} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item
              name={['ediConfirmationKey']}
              label={t('field.ediConfirmationKey')}
              extra={t('account.ediKeyHint')}
              rules={[zodRule(s.ediConfirmationKey, t)]}
            >
              <Input
                maxLength={EDI_KEY_LENGTH}
                inputMode="numeric"
                disabled={isKeyLocked('ediConfirmationKey')}
              />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Flex justify="flex-end" gap={8}>
        {props.extraActions}
        <Button type="primary" htmlType="submit" loading={props.submitting} data-testid="account-info-submit">
          {props.submitLabel}
        </Button>
      </Flex>
    </Form>
  );
}

function EntryTitle({ text, locked }: { text: string; locked: boolean }) {
  const { t } = useTranslation();
  return (
    <Space size={8}>
      {text}
      {locked && <Tag>{t('accountUpdate.registered')}</Tag>}
    </Space>
  );
}

/** Removes an existing entry from the form after a confirmation; the server deletes it on save. */
function RemoveExistingButton({ name, onConfirm }: { name: string; onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={t('confirm_delete', { name })}
      description={t('accountUpdate.removeNote')}
      okText={t('common.remove')}
      okButtonProps={{ danger: true }}
      onConfirm={onConfirm}
    >
      <Button size="small" danger icon={<DeleteOutlined />} data-testid="remove-existing-entry">
        {t('common.remove')}
      </Button>
    </Popconfirm>
  );
}

function EmptyBlocks({ text }: { text: string }) {
  return <div style={{ color: 'rgba(0,0,0,0.45)', padding: '8px 0' }}>{text}</div>;
}

/** Postal code, auto-hyphenated, with a lookup button enabled only for a full 123-4567. */
function PostalCodeItem(props: {
  name: NamePath;
  /** Absolute path when `name` is relative to a Form.List. */
  fullName?: NamePath;
  label: string;
  disabled?: boolean;
  onFound: (address: ZipcodeAddress) => void;
}) {
  const { t } = useTranslation();
  const message = useToast();
  const form = Form.useFormInstance();
  const fullName = props.fullName ?? props.name;
  const value = Form.useWatch(fullName, form) as string | undefined;
  const [loading, setLoading] = useState(false);

  const lookup = async () => {
    if (!value) return;
    setLoading(true);
    try {
      props.onFound(await lookupZipcode(value));
      form.setFields([{ name: fullName, errors: [] }]);
    } catch (error) {
      // The lookup answers 404 pos_code_not_found; an unknown route's not_found is treated the same.
      if (isApiError(error) && (error.status === 404 || error.code === 'pos_code_not_found')) {
        form.setFields([{ name: fullName, errors: [t('pos_code_not_found')] }]);
      } else {
        showApiError({ error, t, message });
      }
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form.Item label={props.label} required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item
          name={props.name}
          noStyle
          normalize={(v: string) => formatPostalCode(v ?? '')}
          rules={[zodRule(accountInfoSchema.shape.companyPostalCode, t)]}
        >
          <Input
            maxLength={MAX_LENGTH.postalCode}
            placeholder="123-4567"
            inputMode="numeric"
            disabled={props.disabled}
          />
        </Form.Item>
        <Button
          icon={<SearchOutlined />}
          disabled={props.disabled || !isPostalLookupEnabled(value)}
          loading={loading}
          onClick={() => void lookup()}
          data-testid="postal-lookup"
        >
          {t('account.lookupAddress')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}

/** Phone: digits only while typing (at most 11), hyphenated on blur, then validated. */
function PhoneItem(props: { name: NamePath; fullName?: NamePath; label: string; disabled?: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const fullName = props.fullName ?? props.name;
  return (
    <Form.Item
      name={props.name}
      label={props.label}
      required
      validateTrigger={false}
      normalize={(v: string) => normalizePhoneInput(v ?? '')}
      rules={[zodRule(accountInfoSchema.shape.companyTelephone, t)]}
    >
      <Input
        inputMode="tel"
        maxLength={MAX_LENGTH.telephone}
        placeholder="03-1234-5678"
        disabled={props.disabled}
        onBlur={() => {
          form.setFieldValue(fullName, formatPhone(form.getFieldValue(fullName) ?? ''));
          void form.validateFields([fullName]).catch(() => {});
        }}
      />
    </Form.Item>
  );
}
