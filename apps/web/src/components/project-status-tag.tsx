import type { ProjectStatus } from '@junkan/shared/enums';
import { projectStatusLabelKey } from '@junkan/shared/project-status';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** One colour per project status, the same in every project table and the project summary. */
export const PROJECT_STATUS_COLORS: Record<ProjectStatus, string> = {
  CREATING_QUOTE: 'default',
  REQUEST_QUOTE: 'gold',
  COMPLETE_QUOTE: 'lime',
  CREATING_CONTRACT: 'orange',
  REQUEST_CONTRACT: 'gold',
  COMPLETE_CONTRACT: 'cyan',
  IN_PROGRESS: 'blue',
  COMPLETE: 'green',
  CANCEL: 'default',
};

/** A project's status, worded for the discharger or the transporter, and for home (projectStatusLabelKey). */
export function ProjectStatusTag({
  status,
  isDischarger,
  onHome = false,
  'data-testid': testId,
}: {
  status: ProjectStatus;
  isDischarger: boolean;
  onHome?: boolean;
  'data-testid'?: string;
}) {
  const { t } = useTranslation();
  return (
    <Tag color={PROJECT_STATUS_COLORS[status]} data-testid={testId}>
      {t(projectStatusLabelKey(status, { isDischarger, onHome }))}
    </Tag>
  );
}
