import type { ManifestRegistrationOptions } from '@junkan/shared/api/manifests';
import { volumeSchema } from '@junkan/shared/api/projects';
import { Alert, Form, type FormInstance, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { dateItemProps } from '../../../components/form/date-field';
import { DayPicker } from '../../../components/form/day-picker';
import { requiredRule } from '../../../components/form/required-rule';
import { VolumeInput } from '../../../components/form/volume-input';
import { zodRule } from '../../../lib/form-errors';
import { messageText } from '../../../lib/i18n';
import {
  isDeliveryDateInFuture,
  type ManifestRegistrationFormValues,
  projectDefaults,
  type wasteChoices,
} from '../registration-values';

/**
 * The registration form's fields: the project (which fills in its defaults), the waste among the contract's
 * lines and the master's, the delivery date (not after today), the quantity and unit, and the route.
 */
export function RegistrationFields({
  form,
  options,
  projectId,
  choices,
  today,
}: {
  form: FormInstance<ManifestRegistrationFormValues>;
  options: ManifestRegistrationOptions;
  projectId: number | null | undefined;
  choices: ReturnType<typeof wasteChoices>;
  today: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="projectId" label={t('manifests.register.project')} rules={[requiredRule(t)]}>
        <Select<number>
          placeholder={t('manifests.register.projectPlaceholder')}
          showSearch={{ optionFilterProp: 'label' }}
          notFoundContent={t('manifests.register.noProjects')}
          onChange={(id) => form.setFieldsValue(projectDefaults(options.projects.find((p) => p.id === id)))}
          options={options.projects.map((p) => ({
            value: p.id,
            label: p.transporterName
              ? t('common.withNote', { main: p.title, note: p.transporterName })
              : p.title,
          }))}
        />
      </Form.Item>
      <Form.Item
        name="waste"
        label={t('manifests.register.wasteLine')}
        extra={t('manifests.register.wasteHint')}
        rules={[requiredRule(t)]}
      >
        <Select<string>
          placeholder={t('manifests.register.wasteLinePlaceholder')}
          disabled={!projectId}
          showSearch={{ optionFilterProp: 'label' }}
          options={[
            { label: t('manifests.register.contractWastes'), options: choices.contract },
            ...(choices.other.length > 0
              ? [{ label: t('manifests.register.otherWastes'), options: choices.other }]
              : []),
          ]}
        />
      </Form.Item>
      <Form.Item
        name="deliveryDate"
        label={t('manifests.column.deliveryDate')}
        extra={t('manifests.register.deliveryDateHint')}
        {...dateItemProps}
        rules={[
          requiredRule(t),
          {
            validator: async (_rule, value: string | null) => {
              if (value && isDeliveryDateInFuture(value, today))
                throw new Error(messageText(t, 'delivery_date_in_future'));
            },
          },
        ]}
      >
        <DayPicker
          style={{ width: 180 }}
          disabledDate={(d) => isDeliveryDateInFuture(d.format('YYYY-MM-DD'), today)}
        />
      </Form.Item>
      <Form.Item label={t('manifests.register.quantity')} required style={{ marginBottom: 0 }}>
        <Form.Item
          name="quantity"
          rules={[zodRule(volumeSchema, t)]}
          style={{ display: 'inline-block', width: 200, marginRight: 8 }}
        >
          <VolumeInput aria-label={t('manifests.register.quantity')} />
        </Form.Item>
        <Form.Item name="unitId" rules={[requiredRule(t)]} style={{ display: 'inline-block', width: 160 }}>
          <Select<number>
            aria-label={t('manifests.register.unit')}
            placeholder={t('manifests.register.unit')}
            options={options.units.map((u) => ({ value: u.id, label: u.unit }))}
          />
        </Form.Item>
      </Form.Item>
      <Form.Item
        name="dischargeSiteId"
        label={t('manifests.register.dischargeSite')}
        rules={[requiredRule(t)]}
      >
        <Select<number>
          placeholder={t('manifests.register.dischargeSitePlaceholder')}
          notFoundContent={t('manifests.register.noDischargeSites')}
          options={options.dischargeSites.map((s) => ({
            value: s.id,
            label: s.address ? t('common.withNote', { main: s.name, note: s.address }) : s.name,
          }))}
        />
      </Form.Item>
      <Form.Item
        name="transportCompanyId"
        label={t('manifests.column.transporter')}
        extra={t('manifests.register.routeHint')}
        rules={[requiredRule(t)]}
      >
        <Select<number>
          disabled={!projectId}
          options={options.transporters.map((c) => ({ value: c.id, label: c.name }))}
        />
      </Form.Item>
      <Form.Item name="disposalSiteId" label={t('manifests.column.disposalSite')}>
        <Select<number>
          allowClear
          disabled={!projectId}
          placeholder={t('manifests.register.noDisposalSite')}
          showSearch={{ optionFilterProp: 'label' }}
          options={options.disposalSites.map((d) => ({
            value: d.id,
            label: d.licenseExpired ? t('manifests.register.licenseExpired', { name: d.name }) : d.name,
            disabled: d.licenseExpired,
          }))}
        />
      </Form.Item>
      <Alert type="info" showIcon title={t('manifests.register.reflectionNote')} />
    </>
  );
}
