import { contractActions } from '@junkan/shared/contract-rules';
import { paths } from '@junkan/shared/paths';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { LinkButton } from '../../../components/link-button';
import { projectPageState } from '../../../components/project/project-page-state';
import { useProjectDetail } from '../../../lib/project-data/project-detail';
import { useSession } from '../../../lib/use-session';
import { useContractDraft } from '../api/contract-draft';
import { ContractEditor } from '../components/contract-editor';
import { projectDetailPath } from '../contract-links';

/**
 * /contract-create/:id and /contract-management/contract-creation/:id: the transporter writes the
 * contract of a project whose quote was accepted, saves it as a draft and sends it for confirmation.
 */
export default function ContractCreatePage() {
  const { t } = useTranslation();
  const { roles } = useSession();
  const id = Number(useParams().id);
  const isTransport = roles.includes('TRANSPORT');
  const project = useProjectDetail(isTransport ? id : 0);
  const editable =
    project.data !== undefined &&
    contractActions(
      {
        projectStatus: project.data.projectStatus,
        contractStatus: project.data.contract?.status ?? null,
        contractType: project.data.contract?.contractType ?? null,
      },
      'TRANSPORT',
    ).includes('EDIT');
  const draft = useContractDraft(editable ? id : 0);

  if (!isTransport) return <Navigate to={paths.forbidden.to()} replace />;
  const state = projectPageState(id, [project], {
    backTo: paths.contractManagement.to(),
    back: t('contracts.backToList'),
    failed: t('contracts.loadFailed'),
  });
  if (state || !project.data) return state;
  if (!editable)
    return (
      <Result
        status="info"
        title={t('contracts.notEditable')}
        extra={<LinkButton to={projectDetailPath(id)}>{t('contracts.backToDetail')}</LinkButton>}
      />
    );
  const draftState = projectPageState(id, [project, draft], {
    backTo: paths.contractManagement.to(),
    back: t('contracts.backToList'),
    failed: t('contracts.loadFailed'),
  });
  if (draftState || !draft.data) return draftState;
  return <ContractEditor key={id} project={project.data} draft={draft.data} />;
}
