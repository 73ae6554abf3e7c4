import {
  type DisposalSite,
  type DisposalSiteInput,
  disposalSiteInputSchema,
  DISPOSAL_SITE_MAX_LENGTH as L,
  nextSequentialCode,
} from '@junkan/shared';
import { App, type ButtonProps, Col, DatePicker, Form, Input, Modal, Row, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setZodIssues, showApiError, zodRule } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useCreateDisposalSite } from '../api/create-disposal-site';
import { useDisposalMethods } from '../api/disposal-methods';
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
  const { modal } = App.useApp();
  const message = useToast();
  const [form] = Form.useForm<FormValues>();
  const create = useCreateDisposalSite();
  const update = useUpdateDisposalSite();
  const methods = useDisposalMethods();
  const lastCode = useLastDisposalSiteCode(open && !editing);
  const saving = create.isPending || update.isPending;
  const isNew = editing === null;

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const code = editing ? editing.code : lastCode.data ? nextSequentialCode(lastCode.data.lastCode) : '';

  const submit = async (values: FormValues) => {
    const body = { ...values, expireDate: values.expireDate ? values.expireDate.format('YYYY-MM-DD') : null };
    const parsed = disposalSiteInputSchema.safeParse(body);
    if (!parsed.success) {
      setZodIssues(form, parsed.error.issues, t);
      return;
    }
    try {
      if (editing) await update.mutateAsync({ id: editing.id, body });
      else await create.mutateAsync(body);
      void message.success(t('master_saved'));
      onClose();
    } catch (error) {
      showApiError({ error, t, message, form });
    }
  };

  const requestClose = () => {
    if (saving) return;
    if (!form.isFieldsTouched()) return onClose();
    modal.confirm({
      title: t('disposalSiteMaster.discardTitle'),
      content: t('disposalSiteMaster.discardContent'),
      okText: t('disposalSiteMaster.discard'),
      cancelText: t('disposalSiteMaster.continueEditing'),
      okButtonProps: { danger: true },
      onOk: onClose,
    });
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
    <Modal
      open={open}
      width={760}
      title={t(isNew ? 'disposalSiteMaster.registerTitle' : 'disposalSiteMaster.editTitle')}
      okText={t(isNew ? 'disposalSiteMaster.register' : 'disposalSiteMaster.update')}
      cancelText={t('disposalSiteMaster.cancel')}
      onCancel={requestClose}
      confirmLoading={saving}
      okButtonProps={{ htmlType: 'submit', 'data-testid': 'disposal-site-submit' } as ButtonProps}
      cancelButtonProps={{ disabled: saving }}
      maskClosable={false}
      destroyOnHidden
      modalRender={(node) => (
        <Form<FormValues>
          form={form}
          layout="vertical"
          initialValues={toFormValues(editing)}
          onFinish={submit}
          disabled={saving}
        >
          {node}
        </Form>
      )}
    >
      <Form.Item label={t('disposalSiteMaster.field.code')}>
        <Typography.Text strong data-testid="disposal-site-code">
          {code}
        </Typography.Text>
        {isNew && (
          <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
            {t('disposalSiteMaster.autoNumbered')}
          </Typography.Text>
        )}
      </Form.Item>
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
            <DatePicker style={{ width: '100%' }} format="YYYY/MM/DD" />
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
    </Modal>
  );
}
