import type { ProjectDetail } from '@junkan/shared/api/projects';
import { type ContractRole, contractActions, type RenewalDecision } from '@junkan/shared/contract-rules';
import { Alert, App, Button, Card, Descriptions, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { KeptUntilValue } from '../../../components/kept-until';
import { showApiError } from '../../../lib/form-errors';
import { formatDate, formatYen } from '../../../lib/format';
import { useToast } from '../../../lib/toast';
import { useDecideRenewal } from '../api/decide-renewal';
import { contractFiles } from '../contract-links';
import { formatPeriod, useRenewalText } from './contract-details';
import { ContractFileLinks } from './contract-file-links';
import { ContractStatusTag } from './contract-status-tag';

/**
 * The project's contract on its detail page: key fields, status, the return reason and the documents;
 * either side decides an auto-renewing contract's renewal here once it is approved.
 */
export function ContractCard({ project, role }: { project: ProjectDetail; role: ContractRole }) {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const renewalText = useRenewalText();
  const decide = useDecideRenewal(project.id, role);
  const contract = project.contract;
  if (!contract) return null;
  const canDecide = contractActions(
    {
      projectStatus: project.projectStatus,
      contractStatus: contract.status,
      contractType: contract.contractType,
    },
    role,
  ).includes('DECIDE_RENEWAL');

  const onDecide = (renewal: RenewalDecision) =>
    modal.confirm({
      title: t(`contracts.renewalAction.${renewal}`),
      content: t(`contracts.renewalConfirm.${renewal}`, { date: formatDate(contract.endDate) }),
      okText: t(`contracts.renewalAction.${renewal}`),
      okButtonProps: { danger: renewal === 'END' },
      // Ending a contract cannot be undone: focus on the way out, as every such question (confirmDestructive).
      autoFocusButton: renewal === 'END' ? 'cancel' : 'ok',
      cancelText: t('forms.cancel'),
      onOk: async () => {
        try {
          const answer = await decide.mutateAsync(renewal);
          const removed = answer.removedCollections ?? 0;
          const saved = t(`contracts.renewalSaved.${renewal}`);
          void message.success(
            removed > 0 ? `${saved} ${t('contracts.removedCollections', { count: removed })}` : saved,
          );
        } catch (error) {
          showApiError({ error, t, message });
        }
      },
    });

  return (
    <Card
      title={t('contracts.cardTitle')}
      size="small"
      style={{ marginBottom: 16 }}
      data-testid="contract-card"
      extra={
        canDecide ? (
          <Flex gap={8} wrap>
            <Button
              disabled={decide.isPending || contract.renewal === 'CONTINUE'}
              onClick={() => onDecide('CONTINUE')}
            >
              {t('contracts.renewalAction.CONTINUE')}
            </Button>
            <Button
              danger
              disabled={decide.isPending || contract.renewal === 'END'}
              onClick={() => onDecide('END')}
            >
              {t('contracts.renewalAction.END')}
            </Button>
          </Flex>
        ) : null
      }
    >
      {contract.status === 'RETURNED' && contract.returnReason && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('contracts.returnedAlert')}
          description={<span style={{ whiteSpace: 'pre-wrap' }}>{contract.returnReason}</span>}
          data-testid="contract-return-reason"
        />
      )}
      <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
        <Descriptions.Item label={t('contracts.field.status')}>
          <ContractStatusTag status={contract.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('contracts.field.contractName')}>
          {contract.contractName}
        </Descriptions.Item>
        <Descriptions.Item label={t('contracts.field.period')}>
          {formatPeriod(contract.startDate, contract.endDate, i18n.language)}
        </Descriptions.Item>
        <Descriptions.Item label={t('contracts.field.contractType')}>
          {t(`contracts.type.${contract.contractType}`)}
        </Descriptions.Item>
        {contract.contractType === 'AUTO_UPDATE' && (
          <Descriptions.Item label={t('contracts.field.renewal')}>
            <span data-testid="contract-renewal">{renewalText(contract)}</span>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('contracts.field.paymentMethod')}>
          {t(`contracts.payment.${contract.paymentMethod}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('contracts.field.preparationFee')}>
          {formatYen(contract.preparationFee)}
        </Descriptions.Item>
        <Descriptions.Item label={t('contracts.field.files')}>
          <ContractFileLinks
            projectId={project.id}
            files={contractFiles(contract.file)}
            permitCopy={contract.permit?.file}
          />
        </Descriptions.Item>
        <Descriptions.Item label={t('common.keptUntilLabel')}>
          <KeptUntilValue t={t} keptUntil={contract.keptUntil} />
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
