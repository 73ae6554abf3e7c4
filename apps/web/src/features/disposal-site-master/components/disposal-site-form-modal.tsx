import {
  type DisposalSite,
  type DisposalSiteInput,
  disposalSiteInputSchema,
  DISPOSAL_SITE_MAX_LENGTH as L,
} from '@junkan/shared/api/disposal-sites';
import { Col, DatePicker, Form, Input, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { AssignedCode } from '../../../components/assigned-code';
import { dayPickerProps } from '../../../components/form/date-field';
import { FormModal } from '../../../components/form-modal';
import { setZodIssues, zodRule } from '../../../lib/form-errors';
import { useDisposalMethods } from '../../../lib/reference-data/disposal-methods';
import { useCreateDisposalSite } from '../api/create-disposal-site';
import { useLastDisposalSiteCode } from '../api/last-code';
import { useUpdateDisposalSite } from '../api/update-disposal-site';

type FormValues = Omit<DisposalSiteInput, 'expireDate'> & { expireDate?: Dayjs | null };

const s = disposalSiteInputSchema.shape;
const col = { xs: 24, md: 12 };

const toFormValues = (site: DisposalSite | null): FormValues =>
  site
    ? {
        name: site.name,
        city: site.city,
        address1: site.address1,
        address2: site.address2,
        address3: site.address3,
        licenseNumber: site.licenseNumber,
        expireDate: site.expireDate ? dayjs(site.expireDate) : null,
        disposalMethodId: site.disposalMethodId,
        capacity: site.capacity,
        subscriberNumber: site.subscriberNumber ?? '',
        manifestPermitNumber: site.manifestPermitNumber ?? '',
      }
    : {
        name: '',
        city: '',
        address1: '',
        address2: '',
        address3: '',
        licenseNumber: '',
        expireDate: null,
        disposalMethodId: null,
        capacity: '',
        subscriberNumber: '',
        manifestPermitNumber: '',
      };

export interface DisposalSiteFormModalProps {
  open: boolean;
  /** The site being edited; null registers a new one. */
  editing: DisposalSite | null;
  onClose: () => void;
}

/**
 * Register or edit a disposal site. The code is the server's: a new site shows the code it will get.
 * Enter submits; closing with unsaved input asks first.
 */
export function DisposalSiteFormModal({ open, editing, onClose }: DisposalSiteFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const create = useCreateDisposalSite();
  const update = useUpdateDisposalSite();
  const methods = useDisposalMethods();
  const lastCode = useLastDisposalSiteCode(open && !editing);
  const saving = create.isPending || update.isPending;
  const isNew = editing === null;

  const save = (values: FormValues) => {
    const body = { ...values, expireDate: values.expireDate ? values.expireDate.format('YYYY-MM-DD') : null };
    const parsed = disposalSiteInputSchema.safeParse(body);
    if (!parsed.success) {
      setZodIssues(form, parsed.error.issues, t);
      return null;
    }
    return editing ? update.mutateAsync({ id: editing.id, body }) : create.mutateAsync(body);
  };

  const text = (name: keyof typeof L & keyof FormValues, required = false) => (
    <Form.Item
      name={name}
      label={t(`disposalSiteMaster.field.${name}`)}
      rules={[zodRule(s[name], t)]}
      required={required}
    >
      <Input maxLength={L[name]} autoComplete="off" />
    </Form.Item>
  );

  return (
    <FormModal<FormValues>
      open={open}
      form={form}
      saving={saving}
      onClose={onClose}
      initialValues={toFormValues(editing)}
      save={save}
      submitTestId="disposal-site-submit"
      width={760}
      title={t(isNew ? 'disposalSiteMaster.registerTitle' : 'disposalSiteMaster.editTitle')}
      okText={t(isNew ? 'disposalSiteMaster.register' : 'disposalSiteMaster.update')}
    >
      <AssignedCode
        label={t('disposalSiteMaster.field.code')}
        code={editing?.code}
        lastCode={lastCode.data?.lastCode}
        note={t('disposalSiteMaster.autoNumbered')}
        testId="disposal-site-code"
      />
      <Row gutter={16}>
        <Col xs={24}>
          <Form.Item
            name="name"
            label={t('disposalSiteMaster.field.name')}
            rules={[zodRule(s.name, t)]}
            required
          >
            <Input
              maxLength={L.name}
              showCount
              autoFocus
              autoComplete="off"
              data-testid="disposal-site-name"
            />
          </Form.Item>
        </Col>
        <Col {...col}>{text('city')}</Col>
        <Col {...col}>{text('address1')}</Col>
        <Col {...col}>{text('address2')}</Col>
        <Col {...col}>{text('address3')}</Col>
        <Col {...col}>
          <Form.Item name="disposalMethodId" label={t('disposalSiteMaster.field.method')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={methods.isLoading}
              placeholder={t('disposalSiteMaster.methodPlaceholder')}
              options={(methods.data ?? []).map((m) => ({ value: m.id, label: m.method }))}
              notFoundContent={t('disposalSiteMaster.noMethods')}
            />
          </Form.Item>
        </Col>
        <Col {...col}>{text('capacity')}</Col>
        <Col {...col}>{text('licenseNumber')}</Col>
        <Col {...col}>
          <Form.Item name="expireDate" label={t('disposalSiteMaster.field.expireDate')}>
            <DatePicker {...dayPickerProps} />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item
            name="subscriberNumber"
            label={t('disposalSiteMaster.field.subscriberNumber')}
            extra={t('disposalSiteMaster.subscriberNumberHint')}
            rules={[zodRule(s.subscriberNumber, t)]}
          >
            <Input maxLength={L.subscriberNumber} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col {...col}>{text('manifestPermitNumber')}</Col>
      </Row>
    </FormModal>
  );
}
