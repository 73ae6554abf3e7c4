import {
  TRANSPORT_OPERATOR_MAX_LENGTH,
  type TransportOperator,
  type TransportOperatorInput,
  transportOperatorInputSchema,
} from '@junkan/shared/api/transport-operators';
import { PREFECTURES } from '@junkan/shared/prefectures';
import { isDisposalSiteLicenseExpired } from '@junkan/shared/rules/disposal-site-license';
import { Form, Input, Select, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { japanToday } from '../../../components/form/date-field';
import { FormModal } from '../../../components/form-modal';
import { setZodIssues, zodRule } from '../../../lib/form-errors';
import { useDisposalSiteOptions } from '../api/disposal-site-options';
import { useSaveTransportOperator } from '../api/save-transport-operator';
import { useTransportOperator } from '../api/transport-operator';
import { OperatorPermitList } from './operator-permits';

type FormValues = {
  contractManager: string;
  compatibleAreas: string[];
  destinationDisposalSiteId: number | null;
};

const s = transportOperatorInputSchema.shape;

export interface TransportOperatorFormModalProps {
  /** The operator being edited; null while the modal is closed. */
  operator: TransportOperator | null;
  onClose: () => void;
}

/** Edit a transport and disposal operator's contract manager, compatible areas and destination. */
export function TransportOperatorFormModal({ operator, onClose }: TransportOperatorFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const open = operator !== null;
  const detail = useTransportOperator(operator?.companyId ?? null);
  const saveOperator = useSaveTransportOperator();
  const [siteSearch, setSiteSearch] = useState('');
  const sites = useDisposalSiteOptions(siteSearch, open);
  const current = detail.data ?? operator;

  useEffect(() => {
    if (!current) return;
    form.setFieldsValue({
      contractManager: current.contractManager,
      compatibleAreas: current.compatibleAreas,
      destinationDisposalSiteId: current.destination?.id ?? null,
    });
  }, [current, form]);

  const today = japanToday();
  // A site whose license has expired cannot be chosen (the server refuses it too); the saved one stays shown.
  const siteOptions = (sites.data?.items ?? []).map((site) => {
    const expired =
      site.id !== current?.destination?.id && isDisposalSiteLicenseExpired(site.expireDate, today);
    return {
      value: site.id,
      label: expired
        ? t('common.withNote', { main: `${site.code} ${site.name}`, note: t('disposalSiteMaster.expired') })
        : `${site.code} ${site.name}`,
      disabled: expired,
    };
  });
  // The saved destination stays selectable even when the search does not bring it.
  if (current?.destination && !siteOptions.some((o) => o.value === current.destination?.id)) {
    siteOptions.unshift({
      value: current.destination.id,
      label: `${current.destination.code} ${current.destination.name}`,
      disabled: false,
    });
  }

  const save = (values: FormValues) => {
    if (!operator) return null;
    const body: TransportOperatorInput = {
      contractManager: values.contractManager ?? '',
      compatibleAreas: (values.compatibleAreas ?? []) as TransportOperatorInput['compatibleAreas'],
      destinationDisposalSiteId: values.destinationDisposalSiteId ?? null,
    };
    const parsed = transportOperatorInputSchema.safeParse(body);
    if (!parsed.success) {
      setZodIssues(form, parsed.error.issues, t);
      return null;
    }
    return saveOperator.mutateAsync({ companyId: operator.companyId, body });
  };

  return (
    <FormModal<FormValues>
      open={open}
      form={form}
      saving={saveOperator.isPending}
      onClose={onClose}
      save={save}
      submitTestId="transport-operator-submit"
      width={640}
      title={t('transportOperatorMaster.editTitle')}
      okText={t('transportOperatorMaster.save')}
      afterClose={() => setSiteSearch('')}
    >
      {detail.isLoading ? (
        <Skeleton active />
      ) : (
        <>
          <Form.Item label={t('transportOperatorMaster.column.companyName')}>
            <Typography.Text strong>
              {operator?.companyId} {operator?.companyName}
            </Typography.Text>
          </Form.Item>
          <Form.Item
            name="contractManager"
            label={t('transportOperatorMaster.column.contractManager')}
            rules={[zodRule(s.contractManager, t)]}
          >
            <Input
              maxLength={TRANSPORT_OPERATOR_MAX_LENGTH.contractManager}
              showCount
              autoFocus
              autoComplete="off"
            />
          </Form.Item>
          <Form.Item name="compatibleAreas" label={t('transportOperatorMaster.column.compatibleAreas')}>
            <Select
              mode="multiple"
              allowClear
              placeholder={t('transportOperatorMaster.areasPlaceholder')}
              options={PREFECTURES.map((p) => ({ value: p, label: p }))}
              maxTagCount="responsive"
              data-testid="transport-operator-areas"
            />
          </Form.Item>
          <Form.Item name="destinationDisposalSiteId" label={t('transportOperatorMaster.column.destination')}>
            <Select
              allowClear
              showSearch={{ filterOption: false, onSearch: setSiteSearch }}
              loading={sites.isFetching}
              placeholder={t('transportOperatorMaster.destinationPlaceholder')}
              options={siteOptions}
              notFoundContent={t('transportOperatorMaster.noDestination')}
            />
          </Form.Item>
          <OperatorPermitList companyId={operator?.companyId ?? null} />
        </>
      )}
    </FormModal>
  );
}
