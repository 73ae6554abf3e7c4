import type { Contract } from '@junkan/shared/api/contracts';
import type { ProjectDetail } from '@junkan/shared/api/projects';
import { contractActions, statusOnApproval } from '@junkan/shared/contract-rules';
import { paths } from '@junkan/shared/paths';
import { Alert, App, Button, Card, Flex, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { japanToday } from '../../../components/form/date-field';
import { LinkButton } from '../../../components/link-button';
import { ProjectPageHeader } from '../../../components/project/project-page-header';
import { projectPageState } from '../../../components/project/project-page-state';
import { showApiError } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/format';
import { useProjectDetail } from '../../../lib/project-data/project-detail';
import { useToast } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { useApproveContract } from '../api/answer-contract';
import { ContractDetails } from '../components/contract-details';
import { ContractFileLinks } from '../components/contract-file-links';
import { ReturnContractModal } from '../components/return-contract-modal';
import { contractFiles, projectDetailPath } from '../contract-links';

/** /contract-confirm/:id: the discharger reads the contract sent for confirmation and returns or approves it. */
export default function ContractConfirmPage() {
  const { t } = useTranslation();
  const { roles } = useSession();
  const id = Number(useParams().id);
  const isDischarger = roles.includes('WASTE');
  const project = useProjectDetail(isDischarger ? id : 0);

  if (!isDischarger) return <Navigate to={paths.forbidden.to()} replace />;
  const state = projectPageState(id, [project], {
    backTo: paths.contractManagement.to(),
    back: t('contracts.backToList'),
    failed: t('contracts.loadFailed'),
  });
  if (state || !project.data) return state;
  if (!project.data.contract)
    return (
      <Result
        status="info"
        title={t('contracts.noContract')}
        extra={<LinkButton to={projectDetailPath(id)}>{t('contracts.backToDetail')}</LinkButton>}
      />
    );
  return <ContractConfirmView project={project.data} contract={project.data.contract} />;
}

function ContractConfirmView({ project, contract }: { project: ProjectDetail; contract: Contract }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const navigate = useNavigate();
  const approve = useApproveContract(project.id);
  const [returning, setReturning] = useState(false);
  const canAnswer = contractActions(
    {
      projectStatus: project.projectStatus,
      contractStatus: contract.status,
      contractType: contract.contractType,
    },
    'WASTE',
  ).includes('APPROVE');
  const files = contractFiles(contract.file);

  const onApprove = () => {
    const today = japanToday();
    const startsNow = statusOnApproval(contract.startDate, today) === 'IN_PROGRESS';
    modal.confirm({
      title: t('contracts.approve'),
      content: startsNow
        ? t('contracts.approveConfirmNow')
        : t('contracts.approveConfirm', { date: formatDate(contract.startDate) }),
      okText: t('contracts.approve'),
      // A two-kanji label would get antd's inserted space and lose its accessible name.
      okButtonProps: { autoInsertSpace: false },
      cancelText: t('forms.cancel'),
      onOk: async () => {
        try {
          await approve.mutateAsync();
          void message.success(t('contracts.approved'));
          navigate(projectDetailPath(project.id));
        } catch (error) {
          showApiError({ error, t, message });
        }
      },
    });
  };

  return (
    <>
      <ProjectPageHeader
        title={t('contracts.confirmTitle')}
        backTo={projectDetailPath(project.id)}
        backLabel={t('contracts.backToDetail')}
        projectTitle={project.projectTitle}
        subtitle={`${t(`projectType.${project.type}`)} / ${project.transportCompany?.name ?? ''}`}
      />
      {!canAnswer && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('contracts.notAwaiting')} />
      )}
      <Card title={t('contracts.section.content')} size="small" style={{ marginBottom: 16 }}>
        <ContractDetails contract={contract} projectType={project.type} quote={project.quote} />
      </Card>
      <Card title={t('contracts.field.files')} size="small" style={{ marginBottom: 16 }}>
        <ContractFileLinks projectId={project.id} files={files} permitCopy={contract.permit?.file} vertical />
      </Card>
      {canAnswer && (
        <Flex justify="end" gap={8}>
          <Button danger disabled={approve.isPending} onClick={() => setReturning(true)}>
            {t('contracts.return')}
          </Button>
          <Button type="primary" loading={approve.isPending} onClick={onApprove} autoInsertSpace={false}>
            {t('contracts.approve')}
          </Button>
        </Flex>
      )}
      <ReturnContractModal
        projectId={project.id}
        open={returning}
        onClose={() => setReturning(false)}
        onReturned={() => {
          setReturning(false);
          void message.success(t('contracts.returned'));
          navigate(projectDetailPath(project.id));
        }}
      />
    </>
  );
}
