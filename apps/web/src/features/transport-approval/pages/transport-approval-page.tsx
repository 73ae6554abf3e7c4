import {
  TRANSPORT_APPROVAL_MAX_LENGTH,
  type TransportApprovalCompany,
  transportRejectRequestSchema,
} from '@junkan/shared/api/transport-approval';
import { TRANSPORT_APPROVAL_STATUSES, type TransportApprovalStatus } from '@junkan/shared/enums';
import { App, Card, Empty, Flex, Form, Input, Modal, Segmented, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/master-list';
import { showApiError, validateOrFocus, zodRule } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useDecideTransportCompany } from '../api/decide-transport-company';
import { useTransportCompanies } from '../api/transport-companies';
import { TransportCompanyCard } from '../components/transport-company-card';

/**
 * Transport companies that registered themselves wait here until an administrator, having checked what they
 * registered and their permit data, approves them (they then see requests) or rejects them with a reason.
 */
export default function TransportApprovalPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const [status, setStatus] = useState<TransportApprovalStatus>('PENDING');
  const list = useTransportCompanies(status);
  const decide = useDecideTransportCompany();
  const [rejecting, setRejecting] = useState<TransportApprovalCompany | null>(null);
  const [form] = Form.useForm<{ reason: string }>();

  const approve = (company: TransportApprovalCompany) =>
    modal.confirm({
      title: t('transportApproval.approveTitle'),
      content: t('transportApproval.approveConfirm', { name: company.companyName }),
      okText: t('transportApproval.approve'),
      cancelText: t('transportApproval.close'),
      onOk: async () => {
        try {
          await decide.mutateAsync({ companyId: company.companyId });
          void message.success(t('transportApproval.approved', { name: company.companyName }));
        } catch (error) {
          showApiError({ error, t, message });
        }
      },
    });

  const submitReject = async () => {
    if (!rejecting) return;
    const values = await validateOrFocus(form);
    if (!values) return;
    const { reason } = values;
    try {
      await decide.mutateAsync({ companyId: rejecting.companyId, reason });
      void message.success(t('transportApproval.rejected', { name: rejecting.companyName }));
      setRejecting(null);
    } catch (error) {
      showApiError({ error, t, message, form });
    }
  };

  if (list.isError && !list.data)
    return <LoadFailed title={t('transportApproval.loadFailed')} onRetry={() => void list.refetch()} />;

  return (
    <Card title={t('menu.transportApproval')} data-testid="transport-approval">
      <Segmented<TransportApprovalStatus>
        value={status}
        onChange={setStatus}
        options={TRANSPORT_APPROVAL_STATUSES.map((s) => ({
          value: s,
          label: t(`transportApproval.status.${s}`),
        }))}
        style={{ marginBottom: 16 }}
        data-testid="approval-status-filter"
      />
      <Spin spinning={list.isFetching}>
        {list.data && list.data.length === 0 ? (
          <Empty description={t(`transportApproval.empty.${status}`)} />
        ) : (
          <Flex vertical gap={16}>
            {(list.data ?? []).map((company) => (
              <TransportCompanyCard
                key={company.companyId}
                company={company}
                busy={decide.isPending}
                onApprove={company.approvalStatus === 'PENDING' ? () => approve(company) : undefined}
                onReject={
                  company.approvalStatus === 'PENDING'
                    ? () => {
                        form.resetFields();
                        setRejecting(company);
                      }
                    : undefined
                }
              />
            ))}
          </Flex>
        )}
      </Spin>
      <Modal
        open={rejecting !== null}
        title={t('transportApproval.rejectTitle')}
        okText={t('transportApproval.reject')}
        okButtonProps={{ danger: true, loading: decide.isPending }}
        cancelText={t('transportApproval.close')}
        onOk={() => void submitReject()}
        onCancel={() => setRejecting(null)}
        destroyOnHidden
      >
        <p>{t('transportApproval.rejectConfirm', { name: rejecting?.companyName ?? '' })}</p>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="reason"
            label={t('transportApproval.reason')}
            rules={[zodRule(transportRejectRequestSchema.shape.reason, t)]}
          >
            <Input.TextArea
              maxLength={TRANSPORT_APPROVAL_MAX_LENGTH.reason}
              showCount
              autoSize={{ minRows: 3, maxRows: 6 }}
              data-testid="reject-reason"
            />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
